/** Spec 7 GET /ajax/account/data: who the visitor is (tracking fields, login state) and the currencies offered. */
import { isLoggedInBy } from '../domain/login';
import { api, call, resultOf, type ApiResult } from './client';

export interface Currency {
  /** The main site's internal id, sent back by registration as `currency`. */
  id: number;
  code: string;
  /** The main site's `full_name`, copied as spec 3 says. */
  label: string;
  symbol: string;
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

export interface AccountDataOptions {
  /** Spec 7: one brand variant offers currency 27 (USDT), which the main site leaves out of its order. */
  appendCurrencyId?: number;
  signal?: AbortSignal;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function integerOf(value: unknown): number | null {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * Currencies in finance_data.order; without an order, every entry in key order. Ids the order names
 * but `currency` lacks are dropped (spec 7). An entry that is there but unreadable, or an order that
 * is not a list of ids, means the answer cannot be trusted: false, as the currency loader of spec 8.
 */
export function parseCurrencies(financeData: unknown, appendCurrencyId?: number): Currency[] | false {
  if (!isRecord(financeData) || !isRecord(financeData.currency)) return false;
  const entries = financeData.currency;
  let order: number[];
  if (financeData.order === undefined || financeData.order === null) {
    const ids = Object.keys(entries).map(integerOf);
    if (ids.some((id) => id === null)) return false;
    order = ids as number[];
  } else {
    if (!Array.isArray(financeData.order)) return false;
    const ids = financeData.order.map(integerOf);
    if (ids.some((id) => id === null)) return false;
    order = ids as number[];
  }
  if (appendCurrencyId !== undefined && !order.includes(appendCurrencyId)) order.push(appendCurrencyId);

  const currencies: Currency[] = [];
  const seen = new Set<number>();
  for (const id of order) {
    // A repeated id would give the currency picker two options with one value.
    if (seen.has(id)) continue;
    seen.add(id);
    const entry = entries[String(id)];
    if (entry === undefined) continue;
    if (!isRecord(entry) || typeof entry.code !== 'string' || typeof entry.full_name !== 'string') return false;
    currencies.push({
      id: integerOf(entry.id) ?? id,
      code: entry.code,
      label: entry.full_name,
      symbol: typeof entry.symbol === 'string' ? entry.symbol : entry.code,
    });
  }
  return currencies;
}

export function parseAccountData(data: unknown, appendCurrencyId?: number): AccountData | null {
  const result = resultOf(data);
  if (!isRecord(result)) return null;
  return {
    ip: text(result.ip),
    timezoneId: integerOf(result.timezone_id),
    appId: text(result.appId),
    appVer: text(result.appVer),
    sessionId: text(result.sessionId),
    eventSource: text(result.eventSource),
    login: typeof result.login === 'string' && result.login !== '' ? result.login : null,
    access: result.access === true,
    currencies: parseCurrencies(result.finance_data, appendCurrencyId),
  };
}

/**
 * The page goes on without account data (anonymous visitor, no currency list), so a failure is
 * logged only.
 */
export function fetchAccountData(options: AccountDataOptions = {}): Promise<ApiResult<AccountData>> {
  const { appendCurrencyId, signal } = options;
  return call(
    '/ajax/account/data',
    () => api.get('/ajax/account/data', { signal }),
    (data) => parseAccountData(data, appendCurrencyId),
    { logOnly: true },
  );
}

/** Spec 6: the stored flag, or an account answer that grants access; any failure counts as no access. */
export function isLoggedIn(storedFlag: boolean, account: ApiResult<AccountData>): boolean {
  return isLoggedInBy(storedFlag, account.ok ? account.data.access : null);
}
