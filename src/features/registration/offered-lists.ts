import type { RegistrationDefaults } from '../../domain/page-context';
import type { AccountState } from '../../site/AccountProvider';
import type { CountriesState } from './CountriesProvider';
import { usePageNames } from './page-names';

interface ListSources {
  /** The page language as in its path ("kz"): picks the file of country and currency names. */
  language: string;
  /** The page's region (upper-case ISO code), whose country is preselected. */
  region: string;
  /** The page country's currency code, preselected when the account offers it. */
  currencyCode: string;
  defaults: RegistrationDefaults;
  countries: CountriesState;
  account: AccountState;
}

/**
 * The countries and currencies the form offers, named in the page language, and the page's own among
 * them: the main site's lists when it gave usable ones, otherwise the build's, so the form always works.
 */
export function useOfferedLists({ language, region, currencyCode, defaults, countries, account }: ListSources) {
  const names = usePageNames(language);
  const countryOptions = countries.countries.length > 0 ? countries.countries : defaults.countries;
  const accountCurrencies = account.account?.currencies || [];
  const currencyOptions = accountCurrencies.length > 0 ? accountCurrencies : [defaults.currency];
  const pageCountry = countryOptions.find((country) => country.code === region) ?? null;
  const pageCurrency =
    currencyOptions.find((currency) => currency.code === currencyCode) ??
    currencyOptions.find((currency) => currency.id === defaults.currency.id) ??
    currencyOptions[0];
  return {
    countries: countryOptions,
    currencies: currencyOptions,
    pageCountry,
    pageCurrency,
    phoneCode: pageCountry?.phoneCode ?? defaults.countries.find((country) => country.code === region)?.phoneCode ?? '',
    countryName: (country: { code: string; name: string | null }) => names.regions[country.code] ?? country.name ?? country.code,
    // In the page language: the main site names currencies in its session's language (Russian without one).
    currencyName: (currency: { id: number; label: string }) =>
      names.currencies[String(currency.id)] ?? (currency.id === defaults.currency.id ? defaults.currency.label : currency.label),
  };
}

export type OfferedLists = ReturnType<typeof useOfferedLists>;
