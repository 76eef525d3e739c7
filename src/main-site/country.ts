/** Spec 7 GET /ajax/data/country: the country list of the registration form. */
import { fromEarlyAnswer, type ApiResult } from './answer';
import { CALLS, countriesUrl, readCountries, type Country } from './contract';
import { takeEarlyAnswer } from '../site/early-answers';

export type { Country };

/**
 * A failure is logged and the page goes on without the list (spec 8). The landing's HTML started the
 * call already (src/early/early.ts): its answer is read here; only without it does the page call, and
 * only then does it load the axios client.
 */
export async function fetchCountries(langId: number, signal?: AbortSignal): Promise<ApiResult<Country[]>> {
  const { path } = CALLS.countries;
  const early = takeEarlyAnswer('countries', countriesUrl(langId));
  if (early) return fromEarlyAnswer(path, early, readCountries, { logOnly: true });
  const { call } = await import('./client');
  return call(path, (api) => api.get(path, { params: { lang_id: langId }, signal }), readCountries, { logOnly: true });
}
