/**
 * The least a main site sends under the main-site contract (src/main-site/contract/ and
 * contract/README.md, "The calls"): the stand-in's default answers, so the browser suite proves the
 * landings work on the minimum. Each function takes the rich answer (STAND_IN_ANSWERS=rich) and keeps
 * only what the contract guarantees; a failure answer is never minimised (its code and field are the
 * contract's too).
 */
import type { AnswerStyle } from './context';

/** Registration, promo check, SMS check, tracking, imprint, casino start: a bare success. */
export const BARE_SUCCESS = { result: true } as const;

/** sms/send: an empty 200 (the body says nothing; the page waits its default time before a resend). */
export const EMPTY_BODY = '';

export function styled<Rich, Minimal>(style: AnswerStyle, rich: Rich, minimal: (rich: Rich) => Minimal): Rich | Minimal {
  return style === 'rich' ? rich : minimal(rich);
}

type Entries = Record<string, object>;

/** The named fields of an answer entry that it has. */
const only = (entry: object, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => key in entry).map((key) => [key, (entry as Record<string, unknown>)[key]]));

/** /ajax/data/country: entries with country_id and code only (spec 3 names these two). */
export function minimalCountries(rich: { result: { country_id: number; code: string }[] }) {
  return { result: rich.result.map((entry) => only(entry, ['country_id', 'code'])) };
}

/** account/data: the fields spec 7 names, currencies with their full_name only (no code, no symbol). */
export function minimalAccount(rich: { result: { finance_data: { currency: Entries; order: number[] } } }) {
  const { finance_data: finance, ...named } = rich.result;
  const currency = Object.fromEntries(Object.entries(finance.currency).map(([id, entry]) => [id, only(entry, ['full_name'])]));
  const fields = only(named, ['ip', 'timezone_id', 'appId', 'appVer', 'sessionId', 'eventSource', 'login', 'access']);
  return { result: { ...fields, finance_data: { currency, order: finance.order } } };
}

/** locale/data: currency_data with the ISO number, country_data with the country id (spec 3, 7). */
export function minimalLocale(rich: { result: { currency_data?: Entries; country_data?: Entries } }) {
  const result: Record<string, Entries> = {};
  if (rich.result.currency_data) {
    result.currency_data = Object.fromEntries(
      Object.entries(rich.result.currency_data).map(([code, entry]) => [code, only(entry, ['number'])]),
    );
  }
  if (rich.result.country_data) {
    result.country_data = Object.fromEntries(
      Object.entries(rich.result.country_data).map(([code, entry]) => [code, only(entry, ['country_id'])]),
    );
  }
  return { result };
}

/** html/get: the rules block only, no language echoed back. */
export function minimalRules(rich: { result: { freebet_rules: string } }) {
  return { result: { freebet_rules: rich.result.freebet_rules } };
}

/** line/printer/ranked: the spec 3 event fields (no kick-off time) and the dictionaries. */
export function minimalLine(rich: { result: { line: object[]; eng: unknown; cmd: unknown } }) {
  return {
    result: {
      line: rich.result.line.map((event) => only(event, ['id', 'c1_id', 'c2_id', 'sid', 'lid', 'f_l'])),
      eng: rich.result.eng,
      cmd: rich.result.cmd,
    },
  };
}

/** session.php: "returned whole" (spec 7), and nothing in it is guaranteed. */
export const EMPTY_SESSION = {};
