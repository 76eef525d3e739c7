/** Spec 7 GET /ajax/account/data: who the visitor is (tracking fields, login state) and the currencies offered. */
import { isLoggedInBy } from '../domain/login';
import { fromRawAnswer, type ApiResult } from './answer';
import { CALLS, readAccount, type AccountData, type Currency } from './contract';
import { fetchAnswer, type RawAnswer } from './fetch-answer';

export type { AccountData, Currency };

export const ACCOUNT_PATH = CALLS.account.path;

export interface AccountDataOptions {
  /** Spec 7: one brand variant offers currency 27 (USDT), which the main site leaves out of its order. */
  appendCurrencyId?: number;
  signal?: AbortSignal;
  /** The answer the first-screen script already has, if any: read instead of a call. */
  early?: Promise<RawAnswer> | null;
}

/**
 * The page goes on without account data (anonymous visitor, the build's currency), so a failure is
 * logged only; a 2xx without any of its fields is an anonymous visitor. The landing's HTML started the
 * call already (src/early/early.ts) and its answer comes as `early`; only without it (a page reached
 * inside the site) does the page call, by fetch as well (fetch-answer.ts).
 */
export function fetchAccountData(options: AccountDataOptions = {}): Promise<ApiResult<AccountData>> {
  const { appendCurrencyId, signal, early } = options;
  const { path } = CALLS.account;
  const read = (data: unknown) => readAccount(data, appendCurrencyId);
  const answer = early ?? fetchAnswer(path, { signal });
  return fromRawAnswer(path, answer, read, { logOnly: true });
}

/** Spec 6: the stored flag, or an account answer that grants access; any failure counts as no access. */
export function isLoggedIn(storedFlag: boolean, account: ApiResult<AccountData>): boolean {
  return isLoggedInBy(storedFlag, account.ok ? account.data.access : null);
}
