/** Spec 7 GET /ajax/locale/data: ISO currencies and countries named in the visitor's language. */
import { call, type ApiResult } from './client';
import { CALLS, readLocale, type LocaleCountry, type LocaleCurrency, type LocaleData } from './contract';

export type { LocaleCountry, LocaleCurrency, LocaleData };

/** Names only: the page can fall back to codes, so a failure is logged only. */
export function fetchLocaleData(signal?: AbortSignal): Promise<ApiResult<LocaleData>> {
  const { path } = CALLS.locale;
  return call(path, (api) => api.get(path, { params: { type: 'all', need_lang: 1 }, signal }), readLocale, { logOnly: true });
}
