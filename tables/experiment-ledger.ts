/**
 * data/experiments-ledger.json: the split each experiment id started with, its variants and weights in
 * order. The host splits visitors by the id and those weights (src/domain/experiments.ts), so the same id
 * with other weights or variants moves visitors already counted into another variant. The build refuses
 * that, and an experiment the ledger does not know yet; the editor records a new one in the same save.
 */
import type { ExperimentSpec } from '../src/domain/experiments';
import { entryName } from '../src/domain/landings';
import { promotionFileName } from './promotion-files';
import { LEDGER_FILE, type ExperimentLedger } from './ledger-schema';
import type { FileProblem, Tables } from './tables';

export { LEDGER_FILE, ledgerSchema, type ExperimentLedger } from './ledger-schema';

/** An experiment's split as the ledger keeps it: variant id → weight, in the experiment's order. */
export function splitOf(experiment: ExperimentSpec): Record<string, number> {
  return Object.fromEntries(experiment.variants.map((variant) => [variant.id, variant.weight]));
}

const written = (split: Record<string, number>) =>
  Object.entries(split)
    .map(([id, weight]) => `${id} ${weight}`)
    .join(' · ');

const sameSplit = (a: Record<string, number>, b: Record<string, number>) => written(a) === written(b);

/** A fresh id for a new split: "x-1" → "x-2", "x" → "x-2", one the ledger does not hold. */
export function nextExperimentId(id: string, ledger: ExperimentLedger): string {
  const match = /^(.*?)-(\d+)$/.exec(id);
  const stem = match ? match[1] : id;
  for (let number = match ? Number(match[2]) + 1 : 2; ; number++) {
    const candidate = `${stem.slice(0, 39 - String(number).length)}-${number}`;
    if (!(candidate in ledger)) return candidate;
  }
}

/** Every experiment the tables write, with where. */
function writtenExperiments(
  tables: Pick<Tables, 'slugs' | 'promotions'>,
): Array<{ experiment: ExperimentSpec; file: string; entry: string }> {
  return [
    ...Object.entries(tables.slugs).flatMap(([slug, spec]) =>
      spec.experiment ? [{ experiment: spec.experiment, file: 'data/slugs.json', entry: slug }] : [],
    ),
    ...tables.promotions.flatMap((row) =>
      row.experiment ? [{ experiment: row.experiment, file: promotionFileName(row), entry: entryName(row) }] : [],
    ),
  ];
}

export function checkLedger(tables: Pick<Tables, 'slugs' | 'promotions'>, ledger: ExperimentLedger): FileProblem[] {
  const problems: FileProblem[] = [];
  for (const { experiment, file, entry } of writtenExperiments(tables)) {
    const started = ledger[experiment.id];
    const split = splitOf(experiment);
    if (!started) {
      problems.push({
        severity: 'error',
        file,
        entry,
        message: `experiment "${experiment.id}" is not in data/${LEDGER_FILE}: record its split there ("${experiment.id}": ${JSON.stringify(split)}), which keeps it for good`,
      });
    } else if (!sameSplit(started, split)) {
      problems.push({
        severity: 'error',
        file,
        entry,
        message: `experiment "${experiment.id}" started as ${written(started)} (data/${LEDGER_FILE}), not ${written(split)}: new weights or variants would move visitors already counted, so give it a new id, such as "${nextExperimentId(experiment.id, ledger)}"`,
      });
    }
  }
  return problems;
}

/** The ledger with the experiments the tables write and it does not know yet, or null when it knows them all. */
export function withNewExperiments(ledger: ExperimentLedger, tables: Pick<Tables, 'slugs' | 'promotions'>): ExperimentLedger | null {
  const added = writtenExperiments(tables).filter(({ experiment }) => !(experiment.id in ledger));
  if (!added.length) return null;
  return { ...ledger, ...Object.fromEntries(added.map(({ experiment }) => [experiment.id, splitOf(experiment)])) };
}
