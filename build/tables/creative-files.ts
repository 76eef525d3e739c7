/**
 * The creatives the tables name must be images in data/creatives/ large enough for the hero: a wrong
 * one fails the build with the table, the entry and the reason, like every other table problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CREATIVE_MIN_SIZE } from '../../src/domain/creatives';
import type { ExperimentSpec } from '../../src/domain/experiments';
import { readImageHeader } from '../images/image-header';
import type { FileProblem, Tables } from './tables';

export const CREATIVES_DIR = 'creatives';

/** What is wrong with one named creative, or null when the pipeline can make the hero of it. */
export function creativeFileProblem(dataDir: string, file: string): string | null {
  const full = path.join(dataDir, CREATIVES_DIR, file);
  if (!fs.existsSync(full) || !fs.statSync(full).isFile()) return `creative "${file}": no such file in data/${CREATIVES_DIR}/`;
  const header = readImageHeader(fs.readFileSync(full));
  if (!header) return `creative "${file}" is not a PNG, JPEG, WebP or AVIF image`;
  const { width, height } = CREATIVE_MIN_SIZE;
  if (header.width < width || header.height < height) {
    return `creative "${file}" is ${header.width}×${header.height} px; a hero needs at least ${width}×${height} px (2:1; other shapes are cropped at the centre)`;
  }
  return null;
}

export function checkCreativeFiles(dataDir: string, tables: Pick<Tables, 'slugs' | 'promotions'>): FileProblem[] {
  const problems: FileProblem[] = [];
  const verdicts = new Map<string, string | null>();
  const check = (file: string, entry: string, table: string, about = '') => {
    if (!verdicts.has(file)) verdicts.set(file, creativeFileProblem(dataDir, file));
    const message = verdicts.get(file);
    if (message) problems.push({ severity: 'error', file: `data/${table}`, entry, message: `${about}${message}` });
  };
  const checkVariants = (experiment: ExperimentSpec | undefined, entry: string, table: string) => {
    for (const variant of experiment?.variants ?? []) {
      if (variant.creative) check(variant.creative, entry, table, `experiment "${experiment!.id}": variant "${variant.id}": `);
    }
  };
  for (const [slug, spec] of Object.entries(tables.slugs)) {
    if (spec.creative) check(spec.creative, slug, 'slugs.json');
    checkVariants(spec.experiment, slug, 'slugs.json');
  }
  for (const row of tables.promotions) {
    const entry = `${row.brand}/${row.country}/${row.slug}`;
    if (row.creative) check(row.creative, entry, 'promotions.json');
    checkVariants(row.experiment, entry, 'promotions.json');
  }
  return problems;
}
