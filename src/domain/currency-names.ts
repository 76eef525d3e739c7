/** A currency's name in a locale ("درهم إماراتي" for AED in ar-AE); its code where the locale data has none. */
export function currencyName(locale: string, code: string): string {
  return new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(code) ?? code;
}

/**
 * The names of the main site's currencies in a locale, keyed by the main site's own id (the key of
 * its account data's finance_data.currency): { "9": "درهم إماراتي", … }. `codes` maps each id to its
 * ISO 4217 code.
 */
export function currencyNamesById(locale: string, codes: Record<number, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(codes).map(([id, code]) => [id, currencyName(locale, code)]));
}
