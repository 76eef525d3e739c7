/**
 * The answers, one reader per call, each what the page needs of it. A reader never throws; it returns
 * null only where the page cannot go on without the data (a country list that is no list, rules without
 * their HTML, a line without events).
 */
import {
  answerFields,
  decimal,
  field,
  flag,
  isRecord,
  nonEmptyText,
  phoneCodeText,
  positiveSeconds,
  resultOrBody,
  text,
  wholeNumber,
} from './readers';

export interface Country {
  countryId: number;
  /** Upper-case ISO code, compared as spec 3 says. */
  code: string;
  /** The main site's name for it; the page has its own names from the build. */
  name: string | null;
  /** "+7"; null when the main site leaves it out (the page knows its own country's). */
  phoneCode: string | null;
}

/** GET /ajax/data/country: `result`, a list of {country_id, code}; name and phone_code when present. */
export function readCountries(body: unknown): Country[] | null {
  const list = resultOrBody(body);
  if (!Array.isArray(list)) return null;
  const countries: Country[] = [];
  for (const entry of list) {
    if (!isRecord(entry)) continue;
    const countryId = field(entry, 'country_id', wholeNumber);
    const code = field(entry, 'code', nonEmptyText);
    if (countryId === undefined || code === undefined) continue;
    countries.push({
      countryId,
      code: code.toUpperCase(),
      name: field(entry, 'name', nonEmptyText) ?? null,
      phoneCode: field(entry, 'phone_code', phoneCodeText) ?? null,
    });
  }
  return countries;
}

export interface Currency {
  /** The main site's internal id, sent back by registration as `currency`. */
  id: number;
  /** ISO 4217 code when the main site gives one; the page preselects its country's currency by it. */
  code: string | null;
  /** The main site's `full_name`, copied as spec 3 says. */
  label: string;
}

/**
 * finance_data (spec 7): currencies in `order`, or every entry in key order without one; ids the order
 * names but `currency` lacks are dropped; `appendCurrencyId` is added to the order (one brand variant).
 * An entry without its full_name, or an order that is not a list of ids, cannot be trusted: false, the
 * currency loader's answer on a parse failure (spec 8).
 */
export function readCurrencies(financeData: unknown, appendCurrencyId?: number | null): Currency[] | false {
  if (!isRecord(financeData) || !isRecord(financeData.currency)) return false;
  const entries = financeData.currency;
  const rawOrder = financeData.order ?? Object.keys(entries);
  if (!Array.isArray(rawOrder)) return false;
  const order: number[] = [];
  for (const value of rawOrder) {
    const id = field({ value }, 'value', wholeNumber);
    if (id === undefined) return false;
    order.push(id);
  }
  if (appendCurrencyId !== undefined && appendCurrencyId !== null && !order.includes(appendCurrencyId)) order.push(appendCurrencyId);
  const currencies: Currency[] = [];
  const seen = new Set<number>();
  for (const id of order) {
    // A repeated id would give the currency picker two options with one value.
    if (seen.has(id)) continue;
    seen.add(id);
    const entry = entries[String(id)];
    if (entry === undefined) continue;
    if (!isRecord(entry)) return false;
    const label = field(entry, 'full_name', nonEmptyText);
    if (label === undefined) return false;
    currencies.push({ id: field(entry, 'id', wholeNumber) ?? id, code: field(entry, 'code', nonEmptyText) ?? null, label });
  }
  return currencies;
}

export interface AccountData {
  ip: string;
  /** The main site's zone id; null when it sent none. */
  timezoneId: number | null;
  appId: string;
  appVer: string;
  sessionId: string;
  eventSource: string;
  login: string | null;
  /** Only a literal `true` grants access (spec 6). */
  access: boolean;
  /** `false` when finance_data could not be read (spec 8); the other fields are still usable. */
  currencies: Currency[] | false;
}

/** GET /ajax/account/data: every field optional; an answer without any is an anonymous visitor. */
export function readAccount(body: unknown, appendCurrencyId?: number | null): AccountData {
  const result = answerFields(body);
  return {
    ip: field(result, 'ip', text) ?? '',
    timezoneId: field(result, 'timezone_id', wholeNumber) ?? null,
    appId: field(result, 'appId', text) ?? '',
    appVer: field(result, 'appVer', text) ?? '',
    sessionId: field(result, 'sessionId', text) ?? '',
    eventSource: field(result, 'eventSource', text) ?? '',
    login: field(result, 'login', nonEmptyText) ?? null,
    access: field(result, 'access', flag) === true,
    currencies: readCurrencies(result.finance_data, appendCurrencyId),
  };
}

export interface LocaleCurrency {
  /** ISO 4217 numeric code. */
  number: number;
  symbol: string;
  name: string;
}

export interface LocaleCountry {
  countryId: number;
  name: string;
  phoneCode: string;
}

export interface LocaleData {
  /** Keyed by ISO 4217 letter code. */
  currencies: Record<string, LocaleCurrency>;
  /** Keyed by upper-case ISO 3166 alpha-2 code. */
  countries: Record<string, LocaleCountry>;
}

/**
 * GET /ajax/locale/data: result.currency_data and result.country_data. Entries without the field they
 * are looked up by (a numeric ISO number, a country id) are dropped: crypto currencies have no number.
 */
export function readLocale(body: unknown): LocaleData {
  const result = answerFields(body);
  const currencies: Record<string, LocaleCurrency> = {};
  const currencyData = isRecord(result.currency_data) ? result.currency_data : {};
  for (const [code, entry] of Object.entries(currencyData)) {
    if (!isRecord(entry)) continue;
    const number = field(entry, 'number', wholeNumber);
    if (number === undefined) continue;
    currencies[code] = { number, symbol: field(entry, 'symbol', nonEmptyText) ?? code, name: field(entry, 'name', nonEmptyText) ?? code };
  }
  const countries: Record<string, LocaleCountry> = {};
  const countryData = isRecord(result.country_data) ? result.country_data : {};
  for (const [code, entry] of Object.entries(countryData)) {
    if (!isRecord(entry)) continue;
    const countryId = field(entry, 'country_id', wholeNumber);
    if (countryId === undefined) continue;
    countries[code.toUpperCase()] = {
      countryId,
      name: field(entry, 'name', nonEmptyText) ?? code,
      phoneCode: field(entry, 'phone_code', text) ?? '',
    };
  }
  return { currencies, countries };
}

export interface PromoCheck {
  /** False only when the answer says `valid: false`: the code was refused though the status was 2xx. */
  valid: boolean;
  promoId: number | null;
}

/** POST /ajax/account/promo/check: a 2xx is a valid code; promo_id when present. */
export function readPromoCheck(body: unknown): PromoCheck {
  const result = answerFields(body);
  return { valid: field(result, 'valid', flag) !== false, promoId: field(result, 'promo_id', wholeNumber) ?? null };
}

export interface PhoneCheck {
  /** False only when the answer says `available: false`: the phone is taken. */
  available: boolean;
}

/** POST /ajax/registration/check_phone: a 2xx is a free phone. */
export function readPhoneCheck(body: unknown): PhoneCheck {
  return { available: field(answerFields(body), 'available', flag) !== false };
}

export interface Registration {
  userId: number | null;
  login: string | null;
  /** Spec 4's sequence sends an SMS after a phone registration: true unless the answer says `need_sms: false`. */
  needSms: boolean;
  /** True only when the answer says `confirm_email: true`: the page claims no e-mail it was not told of. */
  confirmEmail: boolean;
}

/** POST register_v2, register_email and register_new: a 2xx is an account made. */
export function readRegistration(body: unknown): Registration {
  const result = answerFields(body);
  return {
    userId: field(result, 'user_id', wholeNumber) ?? null,
    login: field(result, 'login', nonEmptyText) ?? null,
    needSms: field(result, 'need_sms', flag) !== false,
    confirmEmail: field(result, 'confirm_email', flag) === true,
  };
}

/** Seconds before another SMS code may be asked for when the main site does not say. */
export const DEFAULT_SMS_RETRY_S = 60;

export interface SmsSent {
  retryAfter: number;
}

/** POST /ajax/account/sms/send: a 2xx, even an empty one, is a code sent; retry_after when present. */
export function readSmsSent(body: unknown, retryAfterHeader?: unknown): SmsSent {
  const retryAfter =
    field(answerFields(body), 'retry_after', positiveSeconds) ??
    field({ header: retryAfterHeader }, 'header', positiveSeconds) ??
    DEFAULT_SMS_RETRY_S;
  return { retryAfter };
}

export interface SmsCheck {
  /** False only when the answer says `confirmed: false`: the code was wrong. */
  confirmed: boolean;
}

/** POST /ajax/account/sms/check: a 2xx is a code accepted. */
export function readSmsCheck(body: unknown): SmsCheck {
  return { confirmed: field(answerFields(body), 'confirmed', flag) !== false };
}

/** GET /session.php: "response returned whole" (spec 7), without the envelope; a non-object is empty. */
export function readSession(body: unknown): Record<string, unknown> {
  return isRecord(body) ? body : {};
}

export interface PromotionRules {
  /** Markup from the main site, meant for the rules dialog (sanitised there). */
  html: string;
  lang: string;
}

/** POST /ajax/html/get: the rules block under the id asked for; without it there is nothing to show. */
export function readRules(body: unknown, block: string, requestedLang: string): PromotionRules | null {
  const result = answerFields(body);
  const html = field(result, block, nonEmptyText);
  if (html === undefined) return null;
  return { html, lang: field(result, 'lang', nonEmptyText) ?? requestedLang };
}

/** POST init_demo / init_game: the game's address when the main site gives one; null otherwise. */
export function readGameStart(body: unknown): { url: string | null } {
  return { url: field(answerFields(body), 'url', nonEmptyText) ?? null };
}

export const DEFAULT_EVENT_COUNT = 6;

export interface Outcome {
  kind: 'home' | 'draw' | 'away';
  odds: number;
  /** The main site's outcome hash, used when the bet is placed there. */
  hash: string;
}

export interface PopularEvent {
  id: number;
  sport: { id: number; name: string };
  league: { id: number; name: string };
  home: { id: number; name: string; urlName: string };
  away: { id: number; name: string; urlName: string };
  /** Kick-off, epoch ms; null when the answer has no `dt` (spec 3 does not name it). */
  startsAt: number | null;
  /** Home win, draw (absent where the sport has none) and away win, in that order. */
  outcomes: Outcome[];
}

/** A dictionary of names; entries that are not text are left out. */
function dictionary(value: unknown): Record<string, string> {
  const names: Record<string, string> = {};
  if (!isRecord(value)) return names;
  for (const [key, name] of Object.entries(value)) if (typeof name === 'string' && name !== '') names[key] = name;
  return names;
}

const KINDS: Outcome['kind'][] = ['home', 'draw', 'away'];

/**
 * GET /ajax/line/printer/ranked/{id} (spec 3 event, spec 7): the events a card can show (both teams
 * named, home and away odds) up to `limit`, in the main site's order. Display names come from `cmd` (the
 * page language), URL names from the English dictionary. Null when the answer has no `line` at all.
 */
export function readRankedEvents(body: unknown, limit: number = DEFAULT_EVENT_COUNT): PopularEvent[] | null {
  const result = answerFields(body);
  if (!Array.isArray(result.line)) return null;
  const eng = isRecord(result.eng) ? result.eng : {};
  const engTeams = dictionary(eng.cmd);
  const sports = dictionary(eng.sport);
  const leagues = dictionary(eng.league);
  const localTeams = dictionary(result.cmd);
  const team = (teamId: number | undefined) => {
    const urlName = teamId === undefined ? undefined : engTeams[String(teamId)];
    return teamId !== undefined && urlName ? { id: teamId, name: localTeams[String(teamId)] || urlName, urlName } : null;
  };
  const events: PopularEvent[] = [];
  for (const raw of result.line) {
    if (events.length >= limit) break;
    if (!isRecord(raw)) continue;
    const id = field(raw, 'id', wholeNumber);
    const entries = raw.f_l;
    if (id === undefined || !Array.isArray(entries) || entries.length !== 3) continue;
    const home = team(field(raw, 'c1_id', wholeNumber));
    const away = team(field(raw, 'c2_id', wholeNumber));
    const outcomes = entries
      .map((entry, index) => {
        const outcome = isRecord(entry) ? entry : {};
        return { kind: KINDS[index], odds: field(outcome, 'odds', decimal) ?? 0, hash: String(outcome.h ?? '') };
      })
      .filter((outcome) => Number.isFinite(outcome.odds) && outcome.odds > 1);
    if (!home || !away || !outcomes.some((o) => o.kind === 'home') || !outcomes.some((o) => o.kind === 'away')) continue;
    const sportId = field(raw, 'sid', wholeNumber) ?? 0;
    const leagueId = field(raw, 'lid', wholeNumber) ?? 0;
    events.push({
      id,
      sport: { id: sportId, name: sports[String(sportId)] ?? '' },
      league: { id: leagueId, name: leagues[String(leagueId)] ?? '' },
      home,
      away,
      startsAt: ((dt) => (dt === undefined || dt <= 0 ? null : dt * 1000))(field(raw, 'dt', wholeNumber)),
      outcomes,
    });
  }
  return events;
}
