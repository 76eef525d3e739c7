/**
 * One GET /ajax/account/data per page load, shared by everything that needs it (currencies, login,
 * tracking). The brand's extra currency is set while the page renders, before any effect asks.
 */
import { takeEarlyAnswer } from '../early/hand-over';
import type { AccountData } from '../main-site/account';
import type { ApiResult } from '../main-site/client';

let extraCurrencyId: number | null = null;
let pending: Promise<ApiResult<AccountData>> | null = null;

export function configureAccountData(extraCurrency: number | null): void {
  extraCurrencyId = extraCurrency;
}

export function accountData(): Promise<ApiResult<AccountData>> {
  // In one file with the country call's reader (CountriesProvider.tsx).
  pending ??= import(/* webpackChunkName: "page-calls" */ '../main-site/account').then(({ fetchAccountData, ACCOUNT_PATH }) =>
    fetchAccountData({
      ...(extraCurrencyId ? { appendCurrencyId: extraCurrencyId } : {}),
      early: takeEarlyAnswer('account', ACCOUNT_PATH),
    }),
  );
  return pending;
}

/** For tests: a new page load. */
export function resetAccountData(): void {
  pending = null;
}
