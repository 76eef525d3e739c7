/**
 * Launching in the editor: a new promotion, an existing one in more countries or brands, or a landing
 * duplicated onto other countries, as the table files one save writes. Only the tables change here;
 * whether the build accepts them is the save check's to say (check.ts, through backend-proxy.ts), so
 * every rule stays in one place and a refused launch writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { entryName, plannedLandings, type LandingKey, type PromotionRow } from '../../src/domain/landings';
import { normalizePath } from '../../src/domain/paths';
import { promotionFileName, promotionFileText } from '../../tables/promotion-files';
import { fileHash, type FileWrite } from './check';

// The tables are edited here as parsed JSON; the build's schemas check the result in the save check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export interface LaunchRequest {
  /** The promotion's slug: a new one, or one of data/slugs.json. */
  slug: string;
  /** A new slug's offer family (slugs.json "offer"), and whether its landings show an amount. */
  offer?: string;
  amount?: boolean;
  /** The promo key of the new slug: an existing key of promo-codes.json, or a new one with its codes per brand. */
  promo?: string;
  promoCodes?: Record<string, { promo_code: string; promo_id: number }>;
  brands: string[];
  countries: string[];
  /** The amount per country, in its currency, where the slug shows one. */
  amounts?: Record<string, number>;
  /** What every new landing's file says besides its place: its days, redirect, promo, creative. */
  row?: Omit<PromotionRow, 'brand' | 'country' | 'slug' | 'experiment'>;
  /** A landing ("zenit/ru/bonus20000") whose row the new landings copy. */
  from?: string;
  /** Texts of data/i18n per language that the launch changes (the offer family's, say). */
  texts?: Record<string, Record<string, string>>;
  /** Each table file's SHA-256 as the launch page read it: a launch from an older copy is refused. */
  base?: Record<string, string | null>;
}

export interface LaunchPlan {
  /** The landings the launch adds, "zenit/ru/winter50". */
  landings: string[];
  writes: FileWrite[];
  /** The hash each written file had when the page read it, or null when it did not exist. */
  base: Record<string, string | null>;
  /** What the request itself gets wrong, before the build's checks. */
  problems: string[];
}

const readJson = (dataDir: string, file: string): Json => JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as Json;
const text = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`;

/** The file a landing's row is read from: "zenit/ru/quiz" → its row. */
function rowOf(dataDir: string, name: string): PromotionRow | null {
  const [brand, country, slug] = name.split('/');
  const file = path.join(dataDir, '..', promotionFileName({ brand: brand ?? '', country: country ?? '', slug: slug ?? '' }));
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PromotionRow) : null;
}

/** A redirect into the source landing's own brand and country points at the same place in the new country. */
function movedRedirect(redirect: string | undefined, from: LandingKey, country: string): string | undefined {
  if (redirect === undefined) return undefined;
  const [brand, place, ...rest] = normalizePath(redirect).split('/').filter(Boolean);
  return brand === from.brand && place === from.country ? `/${[brand, country, ...rest].join('/')}/` : redirect;
}

export function planLaunch(repoDir: string, request: LaunchRequest): LaunchPlan {
  const dataDir = path.join(repoDir, 'data');
  const problems: string[] = [];
  const brandsTable = readJson(dataDir, 'brands.json');
  const slugs = readJson(dataDir, 'slugs.json');
  const writes: FileWrite[] = [];
  const catalogue = (table: Json) =>
    Object.fromEntries(Object.entries(table).filter(([key]) => key !== '$schema')) as Record<string, { countries: string[] }>;

  let source: PromotionRow | null = null;
  let slug = request.slug;
  if (request.from) {
    source = rowOf(dataDir, request.from);
    if (!source) return { landings: [], writes: [], base: {}, problems: [`${request.from}: no such landing to duplicate`] };
    slug = source.slug;
  }
  if (!/^[A-Za-z0-9_-]+$/.test(slug ?? '')) problems.push(`slug "${slug ?? ''}": a slug is latin letters, digits, "_" and "-"`);
  if (!request.countries?.length) problems.push('choose at least one country');
  if (!request.brands?.length) problems.push('choose at least one brand');
  if (problems.length) return { landings: [], writes: [], base: {}, problems };

  const before = new Set(plannedLandings(catalogue(brandsTable), catalogue(slugs)).map(entryName));
  const existing = slugs[slug] as Json | undefined;
  const allBrands = Object.keys(catalogue(brandsTable));
  const union = (old: string[] | undefined, added: string[]) => [...new Set([...(old ?? []), ...added])];

  if (!existing) {
    if (!request.offer) problems.push(`${slug} is a new slug: choose its offer family`);
    if (!request.promo) problems.push(`${slug} is a new slug: choose its promo key or give a new one`);
    const entry: Json = { offer: request.offer, promo: request.promo };
    if (request.amount) entry.amount = true;
    entry.countries = [...request.countries];
    if (request.brands.length < allBrands.length) entry.brands = [...request.brands];
    slugs[slug] = entry;
  } else {
    // Only a slug limited to some countries or brands grows; one offered everywhere has them all already.
    if (existing.countries) existing.countries = union(existing.countries, request.countries);
    if (existing.brands) existing.brands = union(existing.brands, request.brands);
  }
  const after = plannedLandings(catalogue(brandsTable), catalogue(slugs));
  const wanted = after.filter((key) => key.slug === slug && request.brands.includes(key.brand) && request.countries.includes(key.country));
  const added = after.filter((key) => !before.has(entryName(key)));
  const landings = [...new Map([...wanted, ...added].map((key) => [entryName(key), key])).values()].filter(
    (key) => !before.has(entryName(key)),
  );
  if (!landings.length) {
    problems.push(`${slug} runs already in every brand and country chosen: edit those landings instead`);
    return { landings: [], writes: [], base: {}, problems };
  }
  if (JSON.stringify(slugs) !== JSON.stringify(readJson(dataDir, 'slugs.json'))) {
    writes.push({ path: 'data/slugs.json', content: text(slugs) });
  }

  const promoKey = (existing?.promo as string | undefined) ?? request.promo;
  const promoCodes = readJson(dataDir, 'promo-codes.json');
  if (promoKey && !(promoKey in promoCodes) && request.promoCodes) {
    promoCodes[promoKey] = request.promoCodes;
    writes.push({ path: 'data/promo-codes.json', content: text(promoCodes) });
  }

  const showsAmount = existing ? Boolean(existing.amount) : Boolean(request.amount);
  if (showsAmount) {
    const offers = readJson(dataDir, 'offers.json');
    let changed = false;
    for (const country of new Set(landings.map((key) => key.country))) {
      const amount = request.amounts?.[country];
      if (offers[country] && amount !== undefined && offers[country].amounts[slug] === undefined) {
        offers[country].amounts[slug] = amount;
        changed = true;
      }
    }
    if (changed) writes.push({ path: 'data/offers.json', content: text(offers) });
  }

  for (const [language, changes] of Object.entries(request.texts ?? {})) {
    const file = `i18n/${language}.json`;
    if (!fs.existsSync(path.join(dataDir, file))) continue;
    const texts = readJson(dataDir, file);
    const edited = Object.entries(changes).filter(([key, value]) => typeof value === 'string' && texts[key] !== value);
    if (!edited.length) continue;
    for (const [key, value] of edited) texts[key] = value;
    writes.push({ path: `data/${file}`, content: text(texts) });
  }

  const template = source ?? request.row ?? { date: '' };
  for (const key of landings) {
    const { brand: _brand, country: _country, slug: _slug, experiment: _experiment, ...rest } = template as PromotionRow;
    const row: Json = { ...key, ...rest };
    if (source) row.redirect_to = movedRedirect(source.redirect_to, source, key.country);
    if (row.redirect_to === undefined || row.redirect_to === '') delete row.redirect_to;
    writes.push({ path: promotionFileName(key), content: promotionFileText(row) });
  }

  const base = Object.fromEntries(writes.map((write) => [write.path, fileHash(repoDir, write.path)]));
  return { landings: landings.map(entryName), writes, base, problems };
}
