/** What the build knows of each page language (data/languages.json). */
export interface LanguageInfo {
  /** Locale tag of the spec's language→locale map, e.g. "ar-ae", "fa", "kk". */
  locale: string;
  /** Country code the language stands for, after the region aliases (bn→BD, vi→VN, sw→KE, en→CA). */
  region: string;
  /** The main site's language id (spec 7). */
  langId: number;
  /** The main site's id of the region's country. */
  countryId: number;
  /** ISO 4217 currency amounts are shown in. */
  currency: string;
}

export type TextDirection = 'ltr' | 'rtl';

/** BCP 47 casing for <html lang> and hreflang: "ar-ae" → "ar-AE", "pt-br" → "pt-BR". */
export function languageTag(locale: string): string {
  const [language, ...rest] = locale.split('-');
  return [language.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
}

export function textDirection(language: string, rtlLanguages: readonly string[]): TextDirection {
  return rtlLanguages.includes(language) ? 'rtl' : 'ltr';
}

/** Spec 3: a country list entry is matched by its code compared in upper case. */
export function findCountryByRegion<T extends { code: string }>(countries: readonly T[], region: string): T | undefined {
  const wanted = region.toUpperCase();
  return countries.find((country) => String(country.code).toUpperCase() === wanted);
}

/** Numbers and money are formatted for the page's country too: "en" on a Canadian page formats as en-CA. */
export function formattingLocale(locale: string, region: string): string {
  return locale.includes('-') ? languageTag(locale) : `${locale}-${region.toUpperCase()}`;
}
