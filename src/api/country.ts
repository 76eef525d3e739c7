/** Spec 7 GET /ajax/data/country: the country list of the registration form. */
import { api, call, type ApiResult } from './client';
import { CALLS, readCountries, type Country } from './contract';

export type { Country };

/** A failure is logged and the page goes on without the list (spec 8). */
export function fetchCountries(langId: number, signal?: AbortSignal): Promise<ApiResult<Country[]>> {
  const { path } = CALLS.countries;
  return call(path, () => api.get(path, { params: { lang_id: langId }, signal }), readCountries, { logOnly: true });
}
