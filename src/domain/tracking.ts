/**
 * Tracking events as the main site's Kafka log expects them (spec 3 "Tracking event", spec 9 codes).
 * Pure: the browser values (user agent, host, clock, random bytes) and the account snapshot are passed in.
 */
import { landingCategory, trackingType, type TrackingType } from './category';
import type { FieldName, RegistrationMethod } from './registration';
import type { ConsentMode } from './markets';

/** The view and the two tracked clicks (spec 9). */
export const VIEW_LANDING = 'view_landing';
export const CLICK_RULES_LANDING = 'click_rules_landing';
export const CLICK_LOGO_LANDING = 'click_logo_landing';

export const LANDING_EVENT_CODES = [VIEW_LANDING, CLICK_RULES_LANDING, CLICK_LOGO_LANDING] as const;

/** Registration funnel codes (spec 4): the landing's own form sends them as the visitor goes through it. */
export const FUNNEL_EVENT_CODES = [
  'reg_start',
  'entered_char_in_reg',
  'reg_button_enter',
  'sms_code_entered',
  'sms_code_repeat',
  'back_step',
  'registration_done',
  'entered_phone',
  'entered_email',
  'chose_country',
  'chose_currency',
  'entered_password',
] as const;

/** The field measures of a page view's speed (Core Web Vitals), one event per view, sent as the page is hidden. */
export const WEB_VITALS = 'web_vitals';

/**
 * The visitor's answer to the consent choice. In an opt-in market it is the one event sent before consent,
 * so it carries no identifier at all: no page view id, visitor, partner, imprint or session.
 */
export const CONSENT_CHOICE = 'consent_choice';

export const TRACKING_EVENT_CODES = [...LANDING_EVENT_CODES, ...FUNNEL_EVENT_CODES, WEB_VITALS, CONSENT_CHOICE] as const;

export type LandingEventCode = (typeof LANDING_EVENT_CODES)[number];
export type FunnelEventCode = (typeof FUNNEL_EVENT_CODES)[number];
export type TrackingEventCode = (typeof TRACKING_EVENT_CODES)[number];
/** What a visitor can click that is tracked (everything but the view). */
export type ClickEventCode = typeof CLICK_RULES_LANDING | typeof CLICK_LOGO_LANDING;

/**
 * Every event a landing sends is of this type: the consumer tells landing traffic from the main
 * site's own pages by it, while eventCode says what happened.
 */
export const TRACKING_EVENT_TYPE = 'landing';

/**
 * Kafka topic for all landing events. The action is the event code itself, so the log can be routed
 * and counted per code without opening additional_data.
 */
export const KAFKA_TOPIC = 'landing_events';
export const kafkaAction = (event: Pick<TrackingEvent, 'eventCode'>): string => event.eventCode;

/**
 * What every landing event's detail carries, so a report can tell the landings apart and join one view's
 * events: the view and clicks, the funnel, the speed measures.
 */
export interface LandingKeys {
  /** Random per page view: the first-screen script makes it, the tracker reuses it (one per later view). */
  pageViewId: string;
  brand: string;
  /** The page's country code as in its path ("ru", "br"). */
  country: string;
  slug: string;
  /** The slug's tracking type, the same value as view_landing's `type`. */
  category: TrackingType;
  /** The A/B experiment the landing runs and the variant this page is; absent where it runs none. */
  experiment?: string;
  variant?: string;
}

/** Which variant of which experiment a page is: both null on a landing that runs none. */
export interface PageVariant {
  experiment: string | null;
  variant: string | null;
}

export type LandingOf = Omit<LandingKeys, 'category' | 'experiment' | 'variant'> & Partial<PageVariant>;

export function landingKeys({ pageViewId, brand, country, slug, experiment, variant }: LandingOf): LandingKeys {
  const keys: LandingKeys = { pageViewId, brand, country, slug, category: trackingType(landingCategory(slug)) };
  return experiment && variant ? { ...keys, experiment, variant } : keys;
}

/** 32 lower-case letters and digits: a byte's low five bits pick one without bias. */
const PAGE_VIEW_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const PAGE_VIEW_ID_LENGTH = 20;
export const PAGE_VIEW_ID_PATTERN = /^[a-z0-9]{16,32}$/;

/** A page view id from random bytes (one letter or digit per byte, PAGE_VIEW_ID_LENGTH of them used). */
export function pageViewIdFrom(random: ArrayLike<number>): string {
  let id = '';
  for (let index = 0; index < PAGE_VIEW_ID_LENGTH; index += 1) id += PAGE_VIEW_ID_ALPHABET[(random[index] ?? 0) & 31];
  return id;
}

/** Spec 3 "Landing view event detail", with the landing keys. */
export interface LandingViewDetail extends LandingKeys {
  partnerUid: string | null;
  sourceScreen: 'landing';
  language: string;
  refer: string;
  type: TrackingType;
  name: string;
}

/** A funnel event's detail: the landing and how the visitor registers. Nothing the visitor typed. */
export interface FunnelDetail extends LandingKeys {
  method: RegistrationMethod;
}

/** web_vitals' detail: milliseconds (CLS unitless), null where the browser measured nothing. */
export interface WebVitalsDetail extends LandingKeys {
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  fcp: number | null;
  ttfb: number | null;
  /** navigator.connection.effectiveType ("4g", "3g"), null where the browser does not say. */
  effectiveType: string | null;
}

/** Accepting, refusing, or taking back an earlier acceptance (from the footer's link). */
export const CONSENT_CHOICES = ['accept', 'refuse', 'withdraw'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** consent_choice's detail: the landing by its market, brand and slug, and nothing of the visitor. */
export interface ConsentChoiceDetail {
  choice: ConsentChoice;
  /** The page's country code as in its path ("de", "br"). */
  market: string;
  brand: string;
  slug: string;
  consentMode: ConsentMode;
}

export type TrackingDetail =
  LandingViewDetail | FunnelDetail | WebVitalsDetail | ConsentChoiceDetail | Record<string, string | number | boolean | null>;

/** Spec 3 "Tracking event"; additional_data keeps the spec's own (snake_case) name. */
export interface TrackingEvent {
  eventType: string;
  eventCode: TrackingEventCode;
  detail: TrackingDetail;
  /** ISO 8601, the moment the visitor acted, not when the event left. */
  date: string;
  ipAddress: string;
  /** The main site's timezone_id; null when the account data did not come. */
  timezone: number | null;
  userAgent: string;
  login: string | null;
  additional_data: {
    appId: string;
    appVer: string;
    sessionId: string;
    host: string;
    eventSource: string;
    imprintHash: string | null;
  };
}

/**
 * The part of GET /ajax/account/data an event is built from (spec 3 "Account data result").
 * Loose on purpose: the snapshot may come from any parser, or not at all.
 */
export interface TrackingAccount {
  ip?: unknown;
  timezoneId?: unknown;
  appId?: unknown;
  appVer?: unknown;
  sessionId?: unknown;
  eventSource?: unknown;
  login?: unknown;
}

export interface TrackingEventInput {
  code: TrackingEventCode;
  detail: TrackingDetail;
  account?: TrackingAccount | null;
  imprintHash?: string | null;
  userAgent?: string;
  host?: string;
  now?: Date | number;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

function timezoneOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function isoDate(now: Date | number | undefined): string {
  const date = now === undefined ? new Date() : new Date(now);
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

/** An event is still worth sending without the account: whatever is unknown stays empty, never a throw. */
export function buildTrackingEvent(input: TrackingEventInput): TrackingEvent {
  const account = input.account && typeof input.account === 'object' ? input.account : {};
  const login = text(account.login);
  return {
    eventType: TRACKING_EVENT_TYPE,
    eventCode: input.code,
    detail: input.detail,
    date: isoDate(input.now),
    ipAddress: text(account.ip),
    timezone: timezoneOf(account.timezoneId),
    userAgent: input.userAgent ?? '',
    login: login === '' ? null : login,
    additional_data: {
      appId: text(account.appId),
      appVer: text(account.appVer),
      sessionId: text(account.sessionId),
      host: input.host ?? '',
      eventSource: text(account.eventSource),
      imprintHash: input.imprintHash ? input.imprintHash : null,
    },
  };
}

export interface LandingViewInput {
  partnerUid: string | null;
  /** The page's language code as in its path ("br", "en"): its country too. */
  language: string;
  referrer: string;
  slug: string;
  brand: string;
  pageViewId: string;
  experiment?: string | null;
  variant?: string | null;
}

export function landingViewDetail({
  partnerUid,
  language,
  referrer,
  slug,
  brand,
  pageViewId,
  experiment,
  variant,
}: LandingViewInput): LandingViewDetail {
  const keys = landingKeys({ pageViewId, brand, country: language, slug, experiment, variant });
  return {
    ...keys,
    partnerUid: partnerUid || null,
    sourceScreen: 'landing',
    language,
    refer: referrer,
    type: keys.category,
    name: slug,
  };
}

/** The landing keys alone: whatever else a view carries stays out of an event. */
const onlyLandingKeys = (landing: LandingKeys): LandingKeys => landingKeys(landing);

export function funnelDetail(landing: LandingKeys, method: RegistrationMethod): FunnelDetail {
  return { ...onlyLandingKeys(landing), method };
}

/**
 * Funnel codes a page view sends once: the turn to the form, the first character, each choice and each
 * field left filled in, the registration done. The others (a submit, a code sent, a new code asked for,
 * a step back) are sent each time.
 */
export const ONCE_PER_VIEW: readonly FunnelEventCode[] = [
  'reg_start',
  'entered_char_in_reg',
  'chose_country',
  'chose_currency',
  'entered_phone',
  'entered_email',
  'entered_password',
  'registration_done',
];

/**
 * What to send as `code` happens, given what this view has sent: nothing for a once-a-view code sent
 * already, and reg_start first if it has not gone yet, so that every view's funnel starts with it (a
 * browser's autofill can fill a field before anything was focused).
 */
export function funnelCodesToSend(code: FunnelEventCode, sent: ReadonlySet<FunnelEventCode>): FunnelEventCode[] {
  if (ONCE_PER_VIEW.includes(code) && sent.has(code)) return [];
  return code === 'reg_start' || sent.has('reg_start') ? [code] : ['reg_start', code];
}

/** The code of a change the visitor made to a field: a choice of country or currency, else typing; null for emptying it. */
export function fieldChangeCode(field: FieldName, value: string): FunnelEventCode | null {
  if (field === 'country') return 'chose_country';
  if (field === 'currency') return 'chose_currency';
  return value === '' ? null : 'entered_char_in_reg';
}

const LEFT_CODES: Partial<Record<FieldName, FunnelEventCode>> = {
  phone: 'entered_phone',
  email: 'entered_email',
  password: 'entered_password',
};

/** The code of a field the visitor leaves holding what they entered (phone, e-mail, password); null for the others. */
export function fieldLeftCode(field: FieldName, holdsEntry: boolean): FunnelEventCode | null {
  return holdsEntry ? (LEFT_CODES[field] ?? null) : null;
}

export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

const milliseconds = (value: number | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;

/** Layout shift scores are small fractions: four places keep every difference a report would tell. */
const score = (value: number | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value * 10_000) / 10_000 : null;

export function webVitalsDetail(
  landing: LandingKeys,
  metrics: Partial<Record<VitalName, number>>,
  effectiveType: unknown,
): WebVitalsDetail {
  return {
    ...onlyLandingKeys(landing),
    lcp: milliseconds(metrics.LCP),
    inp: milliseconds(metrics.INP),
    cls: score(metrics.CLS),
    fcp: milliseconds(metrics.FCP),
    ttfb: milliseconds(metrics.TTFB),
    effectiveType: typeof effectiveType === 'string' && /^[a-z0-9-]{1,16}$/.test(effectiveType) ? effectiveType : null,
  };
}

export interface ConsentChoiceInput extends ConsentChoiceDetail {
  /** The page's host (location.host), as every event names it. */
  host: string;
  /** When the visitor chose. */
  now?: Date | number;
}

/**
 * The consent_choice event: built without the account, the imprint or the user agent, so that nothing in
 * it can single a visitor out; the main site still sees the request's own address, as for any request.
 */
export function buildConsentChoiceEvent({ choice, market, brand, slug, consentMode, host, now }: ConsentChoiceInput): TrackingEvent {
  const detail: ConsentChoiceDetail = { choice, market, brand, slug, consentMode };
  return buildTrackingEvent({ code: CONSENT_CHOICE, detail, account: null, imprintHash: null, userAgent: '', host, now });
}
