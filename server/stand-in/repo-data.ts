import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The landing site's own data files. The stand-in reads them instead of keeping copies so that
 * country ids, currencies and promo codes can never drift from what the pages were built with.
 */
export const DATA_DIR = path.resolve(__dirname, '..', '..', 'data');

export interface PageLanguage {
  /** Page language code as used in promo URLs (ru, en, br, ...). */
  code: string;
  locale: string;
  region: string;
  langId: number;
  countryId: number;
}

export interface PromoCodeEntry {
  key: string;
  brand: string;
  promoCode: string;
  promoId: number;
}

interface LanguagesFile {
  languages: Record<string, { locale: string; region: string; langId: number; countryId: number }>;
}

type OffersFile = Record<string, { currency: string; currencyId: number }>;
type PromoCodesFile = Record<string, Record<string, { promo_code: string; promo_id: number }>>;

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(DATA_DIR, name), 'utf8')) as T;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Table entries only: the files also carry editor keys such as "$schema". */
function tableEntries<T>(table: Record<string, T>): Array<[string, T]> {
  return Object.entries(table).filter(([key, value]) => !key.startsWith('$') && isObject(value));
}

let languagesCache: PageLanguage[] | undefined;
let offerCurrenciesCache: Map<string, string> | undefined;
let promoCodesCache: PromoCodeEntry[] | undefined;

export function pageLanguages(): PageLanguage[] {
  languagesCache ??= tableEntries(readJson<LanguagesFile>('languages.json').languages)
    .filter(([, entry]) => typeof entry.region === 'string' && Number.isInteger(entry.langId))
    .map(([code, entry]) => ({
      code,
      locale: entry.locale,
      region: entry.region,
      langId: entry.langId,
      countryId: entry.countryId,
    }));
  return languagesCache;
}

/** Page language code → ISO 4217 currency of that country's offers. */
export function offerCurrencies(): Map<string, string> {
  offerCurrenciesCache ??= new Map(
    tableEntries(readJson<OffersFile>('offers.json'))
      .filter(([, offer]) => typeof offer.currency === 'string')
      .map(([lang, offer]) => [lang, offer.currency]),
  );
  return offerCurrenciesCache;
}

/** The main-site currency ids the landings were built with (offers.json `currencyId`), by currency code. */
export function offerCurrencyIds(): Map<string, number> {
  return new Map(
    tableEntries(readJson<OffersFile>('offers.json'))
      .filter(([, offer]) => typeof offer.currency === 'string' && Number.isInteger(offer.currencyId))
      .map(([, offer]) => [offer.currency, offer.currencyId]),
  );
}

export function promoCodes(): PromoCodeEntry[] {
  promoCodesCache ??= tableEntries(readJson<PromoCodesFile>('promo-codes.json')).flatMap(([key, brands]) =>
    tableEntries(brands)
      .filter(([, entry]) => typeof entry.promo_code === 'string' && Number.isInteger(entry.promo_id))
      .map(([brand, entry]) => ({
        key,
        brand,
        promoCode: entry.promo_code.toUpperCase(),
        promoId: entry.promo_id,
      })),
  );
  return promoCodesCache;
}

/** Codes are matched case-insensitively: visitors type them by hand from banners. */
export function findPromoCode(code: string, brand?: string): PromoCodeEntry | undefined {
  const wanted = code.trim().toUpperCase();
  return promoCodes().find((entry) => entry.promoCode === wanted && (!brand || entry.brand === brand));
}

export function findPromoById(promoId: number): PromoCodeEntry | undefined {
  return promoCodes().find((entry) => entry.promoId === promoId);
}
