import { api, call, resultOf, type ApiResult } from './client';

export interface Country {
  countryId: number;
  /** Upper-case ISO code, compared as spec 3 says. */
  code: string;
  name: string;
  phoneCode: string;
}

function parseCountries(data: unknown): Country[] | null {
  const list = resultOf(data);
  if (!Array.isArray(list)) return null;
  const countries: Country[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const { country_id, code, name, phone_code } = entry as Record<string, unknown>;
    if (typeof country_id !== 'number' || typeof code !== 'string') continue;
    countries.push({
      countryId: country_id,
      code: code.toUpperCase(),
      name: typeof name === 'string' ? name : code,
      phoneCode: typeof phone_code === 'string' ? phone_code : '',
    });
  }
  return countries;
}

/** Spec 7 GET /ajax/data/country: a failure is logged and the page goes on without the list (spec 8). */
export function fetchCountries(langId: number, signal?: AbortSignal): Promise<ApiResult<Country[]>> {
  return call('/ajax/data/country', () => api.get('/ajax/data/country', { params: { lang_id: langId }, signal }), parseCountries, {
    logOnly: true,
  });
}
