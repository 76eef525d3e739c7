/**
 * The markets table, data/markets/{country}.json: one file per country the brands sell in, with the
 * consent mode and the notices of that country's landings. The operator's counsel sets it; the build
 * refuses a country without one and a notice that names something the file does not give.
 */
import { marketContext, type MarketContext } from '../src/domain/markets';
import type { Brand } from '../src/domain/links';
import type { FileProblem, Tables } from './tables';

export const MARKETS_DIR = 'markets';

/** A market's file as a problem names it: "data/markets/de.json". */
export function marketFileName(country: string): string {
  return `data/${MARKETS_DIR}/${country}.json`;
}

/** `unread`: countries whose file is there but failed its schema (already reported). */
export function checkMarkets(tables: Tables, unread: ReadonlySet<string> = new Set()): FileProblem[] {
  const problems: FileProblem[] = [];
  const error = (country: string, entry: string, message: string) =>
    problems.push({ severity: 'error', file: marketFileName(country), entry, message });
  const sellers = new Map<string, string[]>();
  for (const [brand, info] of Object.entries(tables.brands)) {
    for (const country of info.countries) sellers.set(country, [...(sellers.get(country) ?? []), brand]);
  }
  for (const country of sellers.keys()) {
    if (!tables.markets[country] && !unread.has(country)) {
      error(country, '(file)', "missing: every country's landings need its consent mode and notices");
    }
  }
  for (const [country, market] of Object.entries(tables.markets)) {
    if (!(country in tables.languages.languages)) {
      error(country, '(file)', `"${country}" is not a country of data/languages.json`);
      continue;
    }
    const notices = market.notices;
    if (!notices) continue;
    for (const line of notices.lines) {
      if ((line === 'help' || line === 'health') && !notices.helpline) {
        error(country, 'notices/lines', `"${line}" names the helpline, but the file gives no helpline`);
      }
    }
    if (!notices.operator) continue;
    const brands = notices.operator.brands;
    for (const brand of sellers.get(country) ?? []) {
      const line = brands[brand as Brand];
      if (!line) error(country, 'notices/operator/brands', `${brand} sells in ${country}: its operator line is missing`);
      else if (notices.operator.requireLicence && !line.licence) {
        error(
          country,
          `notices/operator/brands/${brand}`,
          'licence: this market requires the licence on every page (requireLicence); the operator fills it in',
        );
      }
    }
    for (const brand of Object.keys(brands)) {
      if (!sellers.get(country)?.includes(brand))
        error(country, `notices/operator/brands/${brand}`, `${brand} does not sell in ${country}`);
    }
  }
  return problems;
}

/** What a landing of `brand` in `country` carries: the market's rules in the landing's texts. */
export function landingMarket(tables: Tables, brand: Brand, country: string, texts: Readonly<Record<string, string>>): MarketContext {
  const market = tables.markets[country];
  const notices = market.notices;
  const operator = notices?.operator?.brands[brand];
  return marketContext(
    {
      consent: market.consent,
      notices: notices && {
        place: notices.place,
        age: notices.age,
        lines: notices.lines,
        helpline: notices.helpline,
        operator: operator && { name: operator.name, licence: operator.licence },
      },
    },
    texts,
  );
}
