/**
 * Country and currency names in every page language, written next to the built site
 * (public/names/<lang>.json: { regions, currencies }). The registration form reads them instead of the
 * browser's own data, which lacks Kazakh, Turkmen and Uzbek in Chrome, and instead of the main site's
 * names, which come in the language of the visitor's main-site session: Russian for a visitor who has
 * none (countries: spec 7 lang_id 1 for kz; currencies: account data has no language parameter, and
 * may give no code, only the id and full_name, so currencies are named by the main site's ids that
 * data/offers.json knows).
 */
import fs from 'node:fs';
import path from 'node:path';
import { currencyNamesById } from '../../src/domain/currency-names';
import { regionNames } from '../../src/domain/region-names';
import type { PageNames } from '../../src/domain/page-context';

export const NAMES_DIR = 'names';

/** `currencyCodes`: the main site's currency ids with their ISO 4217 codes (data/offers.json). */
export function writeNameFiles(publicDir: string, locales: Record<string, string>, currencyCodes: Record<number, string>): void {
  const dir = path.join(publicDir, NAMES_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const [language, locale] of Object.entries(locales)) {
    const names: PageNames = { regions: regionNames(locale), currencies: currencyNamesById(locale, currencyCodes) };
    fs.writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(names));
  }
}
