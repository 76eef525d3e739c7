/** Spec 7 GET /ajax/data/country: the country list of the registration form. */
import { fromRawAnswer, type ApiResult } from '../../../main-site/answer';
import { CALLS, countriesUrl, readCountries, type Country } from '../../../main-site/contract';
import { fetchAnswer } from '../../../main-site/fetch-answer';
import { takeEarlyAnswer } from '../../../early/hand-over';

export type { Country };

/**
 * A failure is logged and the page goes on without the list (spec 8). The landing's HTML started the
 * call already (src/early/early.ts): its answer is read here; only without it (a page reached inside the
 * site) does the page call, by fetch as well (fetch-answer.ts).
 */
export function fetchCountries(langId: number, signal?: AbortSignal): Promise<ApiResult<Country[]>> {
  const url = countriesUrl(langId);
  const answer = takeEarlyAnswer('countries', url) ?? fetchAnswer(url, { signal });
  return fromRawAnswer(CALLS.countries.path, answer, readCountries, { logOnly: true });
}
