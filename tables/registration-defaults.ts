/**
 * What the registration form offers when the main site's answers give it nothing to choose from (a
 * country list or account data that failed, or answered without the fields): the brand's countries
 * with their dialling codes, and the page country's currency with its main-site id. The form also
 * paints these in the built HTML before any call has answered.
 */
import type { Brand } from '../src/domain/links';
import { currencyName } from '../src/domain/currency-names';
import { regionNames } from '../src/domain/region-names';
import type { RegistrationDefaults } from '../src/domain/page-context';
import type { Tables } from './load';

const namesByLocale = new Map<string, Record<string, string>>();

function namesIn(locale: string): Record<string, string> {
  let names = namesByLocale.get(locale);
  if (!names) {
    names = regionNames(locale);
    namesByLocale.set(locale, names);
  }
  return names;
}

export function registrationDefaults(brand: Brand, country: string, tables: Tables): RegistrationDefaults {
  const languages = tables.languages.languages;
  const { locale, region } = languages[country];
  const names = namesIn(locale);
  const seen = new Set<string>();
  const countries = tables.brands[brand].countries
    .map((code) => languages[code])
    .filter((language) => !seen.has(language.region) && seen.add(language.region))
    .map((language) => ({
      countryId: language.countryId,
      code: language.region,
      name: names[language.region] ?? language.region,
      phoneCode: language.phoneCode,
    }))
    // The page's own country first, the others as the page language sorts them.
    .sort((a, b) => Number(b.code === region) - Number(a.code === region) || a.name.localeCompare(b.name, locale));
  const offer = tables.offers[country];
  return { countries, currency: { id: offer.currencyId, code: offer.currency, label: currencyName(locale, offer.currency) } };
}
