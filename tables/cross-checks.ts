/** Rules that tie one table to another: every reference must name something that exists. */
import { entryName } from '../src/domain/landings';
import { promotionFileName } from './promotion-files';
import type { FileProblem, Tables } from './tables';

const PLACEHOLDER = /\{(\w+)\}/g;
export const REFERENCE_LANGUAGE = 'en';

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();
}

export function checkCrossReferences(tables: Tables): FileProblem[] {
  const problems: FileProblem[] = [];
  const error = (file: string, entry: string, message: string) =>
    problems.push({ severity: 'error', file: `data/${file}`, entry, message });
  const languages = tables.languages.languages;
  const known = (lang: string) => lang in languages;

  for (const set of ['rtl', 'cis'] as const) {
    for (const lang of tables.languages[set]) if (!known(lang)) error('languages.json', set, `"${lang}" is not in languages`);
  }

  const offered = new Map<string, Set<string>>();
  for (const [brand, info] of Object.entries(tables.brands)) {
    for (const country of info.countries) {
      if (!known(country)) error('brands.json', `${brand}/countries`, `"${country}" is not in data/languages.json`);
      if (!offered.has(country)) offered.set(country, new Set());
      offered.get(country)!.add(brand);
    }
    for (const lang of info.flagLanguages) {
      if (!info.countries.includes(lang)) error('brands.json', `${brand}/flagLanguages`, `"${lang}" is not one of the brand's countries`);
    }
  }

  for (const [slug, spec] of Object.entries(tables.slugs)) {
    if (!(spec.promo in tables.promoCodes)) error('slugs.json', slug, `promo "${spec.promo}" is not a key of data/promo-codes.json`);
    if (spec.games !== undefined && !(spec.games in tables.casinoGames.sets)) {
      error('slugs.json', slug, `games "${spec.games}" is not a set of data/casino-games.json`);
    }
    for (const country of spec.countries ?? [])
      if (!known(country)) error('slugs.json', slug, `country "${country}" is not in data/languages.json`);
  }

  for (const row of tables.promotions) {
    if (row.promo !== undefined && !(row.promo in tables.promoCodes)) {
      problems.push({
        severity: 'error',
        file: promotionFileName(row),
        entry: entryName(row),
        message: `promo "${row.promo}" is not a key of data/promo-codes.json`,
      });
    }
  }

  // One currency has one main-site id: two countries paying in euros must send the same one.
  const currencyIds = new Map<string, { id: number; country: string }>();
  for (const [country, offer] of Object.entries(tables.offers)) {
    const first = currencyIds.get(offer.currency);
    if (!first) currencyIds.set(offer.currency, { id: offer.currencyId, country });
    else if (first.id !== offer.currencyId) {
      error('offers.json', `${country}/currencyId`, `${offer.currency} has id ${first.id} for ${first.country}, not ${offer.currencyId}`);
    }
  }

  for (const country of offered.keys()) {
    const offer = tables.offers[country];
    if (!offer) {
      error('offers.json', country, 'missing: every country needs its currency and offer amounts');
      continue;
    }
    for (const [slug, spec] of Object.entries(tables.slugs)) {
      const here = !spec.countries || spec.countries.includes(country);
      if (spec.amount && here && offer.amounts[slug] === undefined) error('offers.json', `${country}/amounts`, `no amount for ${slug}`);
    }
    for (const slug of Object.keys(offer.amounts)) {
      const spec = tables.slugs[slug];
      if (!spec?.amount) error('offers.json', `${country}/amounts`, `${slug} is not a slug that shows an amount`);
    }
  }

  for (const [file, table] of [
    ['socials.json', tables.socials],
    ['payments.json', tables.payments],
  ] as const) {
    for (const [brand, info] of Object.entries(tables.brands)) {
      const byCountry = table[brand as keyof typeof table];
      for (const country of info.countries)
        if (!byCountry?.[country]) error(file, `${brand}/${country}`, 'missing entry for a country of the brand');
      for (const country of Object.keys(byCountry ?? {})) {
        if (!info.countries.includes(country)) error(file, `${brand}/${country}`, 'the brand has no such country');
      }
    }
  }

  const reference = tables.translations[REFERENCE_LANGUAGE];
  if (!reference) error(`i18n/${REFERENCE_LANGUAGE}.json`, '(file)', 'missing: it is the reference every language is checked against');
  for (const lang of offered.keys()) {
    const texts = tables.translations[lang];
    if (!texts) {
      error(`i18n/${lang}.json`, '(file)', 'missing: pages in this language need their texts');
      continue;
    }
    if (!reference) continue;
    for (const key of Object.keys(reference)) {
      if (texts[key] === undefined) error(`i18n/${lang}.json`, key, 'missing translation');
      else if (placeholders(texts[key]).join() !== placeholders(reference[key]).join()) {
        error(
          `i18n/${lang}.json`,
          key,
          `placeholders ${JSON.stringify(placeholders(texts[key]))} differ from ${JSON.stringify(placeholders(reference[key]))} in en.json`,
        );
      }
    }
    for (const key of Object.keys(texts)) if (reference[key] === undefined) error(`i18n/${lang}.json`, key, 'not a key of en.json');
  }
  return problems;
}
