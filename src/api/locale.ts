/** Spec 7 GET /ajax/locale/data: ISO currencies and countries named in the visitor's language. */
import { api, call, resultOf, type ApiResult } from './client';

export interface LocaleCurrency {
  /** ISO 4217 numeric code. */
  number: number;
  symbol: string;
  name: string;
}

export interface LocaleCountry {
  countryId: number;
  name: string;
  phoneCode: string;
}

export interface LocaleData {
  /** Keyed by ISO 4217 letter code. */
  currencies: Record<string, LocaleCurrency>;
  /** Keyed by upper-case ISO 3166 alpha-2 code. */
  countries: Record<string, LocaleCountry>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Entries without the field they are looked up by (a numeric ISO number, a numeric country id) are
 * dropped: spec 3 says locale currencies carry a number, and crypto currencies have none.
 */
export function parseLocaleData(data: unknown): LocaleData | null {
  const result = resultOf(data);
  if (!isRecord(result) || !isRecord(result.currency_data) || !isRecord(result.country_data)) return null;

  const currencies: Record<string, LocaleCurrency> = {};
  for (const [code, entry] of Object.entries(result.currency_data)) {
    if (!isRecord(entry) || typeof entry.number !== 'number' || !Number.isFinite(entry.number)) continue;
    currencies[code] = {
      number: entry.number,
      symbol: typeof entry.symbol === 'string' ? entry.symbol : code,
      name: typeof entry.name === 'string' ? entry.name : code,
    };
  }

  const countries: Record<string, LocaleCountry> = {};
  for (const [code, entry] of Object.entries(result.country_data)) {
    if (!isRecord(entry) || typeof entry.country_id !== 'number') continue;
    countries[code.toUpperCase()] = {
      countryId: entry.country_id,
      name: typeof entry.name === 'string' ? entry.name : code,
      phoneCode: typeof entry.phone_code === 'string' ? entry.phone_code : '',
    };
  }
  return { currencies, countries };
}

/** Names only: the page can fall back to codes, so a failure is logged only. */
export function fetchLocaleData(signal?: AbortSignal): Promise<ApiResult<LocaleData>> {
  return call('/ajax/locale/data', () => api.get('/ajax/locale/data', { params: { type: 'all', need_lang: 1 }, signal }), parseLocaleData, {
    logOnly: true,
  });
}
