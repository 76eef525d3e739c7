/**
 * N× tables for the bench's scale row and the table-scale test, made the way a marketer would grow them: every slug cloned as
 * `<slug>_v2` … `_v<N>` with the same offer, each country's amount of it copied, and every promotion row
 * cloned for each copy (same date, redirect and promo). 26 slugs and 720 landings become 260 and 7,200 at 10×.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readPromotionFiles, writePromotionFiles } from '../tables/promotion-files';
import { formatProblem, type FileProblem } from '../tables/tables';

type Json = Record<string, unknown>;

export interface ScalableTables {
  /** data/slugs.json as read (with its "$schema"). */
  slugs: Json;
  /** data/offers.json as read. */
  offers: Json;
  /** The rows of data/promotions/{brand}/{country}/{slug}.json. */
  promotions: Json[];
}

/** The names a slug gets at `factor`×: itself, then `<slug>_v2` … `_v<factor>`. */
export function variantNames(slug: string, factor: number): string[] {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`scale factor ${factor} is not a whole number ≥ 1`);
  return [slug, ...Array.from({ length: factor - 1 }, (_, index) => `${slug}_v${index + 2}`)];
}

const isSchemaKey = (key: string) => key === '$schema';

/** An A/B experiment's id names one experiment, so only the original slug or row keeps it; its copies run none. */
const withoutExperiment = ({ experiment: _experiment, ...rest }: Json): Json => rest;

export function scaleTables(tables: ScalableTables, factor: number): ScalableTables {
  const slugs: Json = {};
  for (const [slug, spec] of Object.entries(tables.slugs)) {
    if (isSchemaKey(slug)) slugs[slug] = spec;
    else for (const name of variantNames(slug, factor)) slugs[name] = name === slug ? spec : withoutExperiment(spec as Json);
  }

  const offers: Json = {};
  for (const [country, offer] of Object.entries(tables.offers)) {
    if (isSchemaKey(country)) {
      offers[country] = offer;
      continue;
    }
    const { amounts, ...rest } = offer as { amounts: Record<string, number> } & Json;
    const scaled: Record<string, number> = {};
    for (const [slug, amount] of Object.entries(amounts)) for (const name of variantNames(slug, factor)) scaled[name] = amount;
    offers[country] = { ...rest, amounts: scaled };
  }

  const promotions = tables.promotions.flatMap((row) =>
    variantNames(String(row.slug), factor).map((slug) => (slug === row.slug ? { ...row, slug } : withoutExperiment({ ...row, slug }))),
  );
  return { slugs, offers, promotions };
}

/** Rewrites slugs.json, offers.json and the landings' files of a site copy at `factor`×; returns the promotion rows. */
export function writeScaledTables(siteDir: string, factor: number): number {
  const dataDir = path.join(siteDir, 'data');
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as Json;
  const problems: FileProblem[] = [];
  const promotions = readPromotionFiles(dataDir, problems);
  if (!promotions) throw new Error(`the promotions cannot be scaled:\n${problems.map(formatProblem).join('\n')}`);
  const scaled = scaleTables({ slugs: read('slugs.json'), offers: read('offers.json'), promotions }, factor);
  fs.writeFileSync(path.join(dataDir, 'slugs.json'), `${JSON.stringify(scaled.slugs, null, 2)}\n`);
  fs.writeFileSync(path.join(dataDir, 'offers.json'), `${JSON.stringify(scaled.offers, null, 2)}\n`);
  writePromotionFiles(dataDir, scaled.promotions);
  return scaled.promotions.length;
}
