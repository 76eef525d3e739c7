/**
 * A currency's name in a locale as a menu shows it ("Российский рубль" for RUB in ru, "درهم إماراتي" for
 * AED in ar-AE); its code where the locale data has none. Intl gives the running-text form ("российский
 * рубль", "euro"); a menu starts with a capital, as CLDR's context transforms have it for lists and menus.
 */
export function currencyName(locale: string, code: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(code) ?? code;
  const [first = '', ...rest] = name;
  return first.toLocaleUpperCase(locale) + rest.join('');
}

/**
 * The names of the main site's currencies in a locale, keyed by the main site's own id (the key of
 * its account data's finance_data.currency): { "9": "درهم إماراتي", … }. `codes` maps each id to its
 * ISO 4217 code.
 */
export function currencyNamesById(locale: string, codes: Record<number, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(codes).map(([id, code]) => [id, currencyName(locale, code)]));
}
