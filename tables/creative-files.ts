/**
 * The creatives the tables name must be images in data/creatives/ large enough for the hero: a wrong
 * one fails the build with the table, the entry and the reason, like every other table problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CREATIVE_MIN_SIZE } from '../src/domain/creatives';
import type { ExperimentSpec } from '../src/domain/experiments';
import { readImageHeader } from '../lib/image-header';
import { entryName } from '../src/domain/landings';
import { promotionFileName } from './promotion-files';
import type { FileProblem, Tables } from './tables';

export const CREATIVES_DIR = 'creatives';

/** What is wrong with one named creative, or null when the pipeline can make the hero of it. */
export function creativeFileProblem(dataDir: string, file: string): string | null {
  const full = path.join(dataDir, CREATIVES_DIR, file);
  if (!fs.existsSync(full) || !fs.statSync(full).isFile()) return `creative "${file}": no such file in data/${CREATIVES_DIR}/`;
  return creativeImageProblem(file, fs.readFileSync(full));
}

/** What is wrong with an image as the hero creative `file`, or null: the check an upload gets before it is written. */
export function creativeImageProblem(file: string, image: Buffer): string | null {
  const header = readImageHeader(image);
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
  const check = (creative: string, entry: string, file: string, about = '') => {
    if (!verdicts.has(creative)) verdicts.set(creative, creativeFileProblem(dataDir, creative));
    const message = verdicts.get(creative);
    if (message) problems.push({ severity: 'error', file, entry, message: `${about}${message}` });
  };
  const checkVariants = (experiment: ExperimentSpec | undefined, entry: string, file: string) => {
    for (const variant of experiment?.variants ?? []) {
      if (variant.creative) check(variant.creative, entry, file, `experiment "${experiment!.id}": variant "${variant.id}": `);
    }
  };
  for (const [slug, spec] of Object.entries(tables.slugs)) {
    if (spec.creative) check(spec.creative, slug, 'data/slugs.json');
    checkVariants(spec.experiment, slug, 'data/slugs.json');
  }
  for (const row of tables.promotions) {
    const entry = entryName(row);
    if (row.creative) check(row.creative, entry, promotionFileName(row));
    checkVariants(row.experiment, entry, promotionFileName(row));
  }
  return problems;
}
