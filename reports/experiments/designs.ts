/**
 * The experiments' designs as the tables declare them (a slug's entry in slugs.json, a landing's row in
 * data/promotions/; docs/promotions.md, "A/B experiments"): the weights the visitors should split by and the
 * control. An id declared in several places (a slug's experiment runs on each of its landings) is one
 * experiment; its first declaration is taken.
 */
import path from 'node:path';
import { CONTROL, type ExperimentSpec } from '../../src/domain/experiments';
import { checkSite } from '../../tables/load';
import type { ExperimentDesign } from './report';

export const DATA_DIR = path.resolve(__dirname, '..', '..', 'data');

export function designOf(spec: ExperimentSpec): ExperimentDesign {
  return {
    name: spec.id,
    control: CONTROL,
    variants: spec.variants.map((variant) => ({ name: variant.id, weight: variant.weight })),
    ...(spec.lift === undefined ? {} : { plannedLift: spec.lift / 100 }),
  };
}

/** Null when the tables cannot be read or declare no experiment: the report then takes the weights from the log. */
export function designsFromTables(dataDir: string = DATA_DIR, now: number = Date.now()): ExperimentDesign[] | null {
  const { tables } = checkSite(dataDir, now);
  if (!tables) return null;
  const specs = [
    ...Object.values(tables.slugs).flatMap((slug) => (slug.experiment ? [slug.experiment] : [])),
    ...tables.promotions.flatMap((row) => (row.experiment ? [row.experiment] : [])),
  ];
  const designs = new Map<string, ExperimentDesign>();
  for (const spec of specs) if (!designs.has(spec.id)) designs.set(spec.id, designOf(spec));
  return designs.size ? [...designs.values()] : null;
}
