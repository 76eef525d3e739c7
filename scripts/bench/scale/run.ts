/**
 * The scale row: the tables at 1×, 10× (and more, BENCH_SCALE_FACTORS), each in its own copy of
 * the working tree, built cold, then warm three times with the tables unchanged, then after a one-row edit of
 * a promotion's date and one of its redirect, the sizes taking turns. Every build is measured the same way
 * (build.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { WARM_EDIT } from '../config';
import { copyWorkingTree, removeDir } from '../workspace';
import { scaleVerdicts, type FactorRun, type ScaleVerdict } from './budgets';
import { measuredBuild, type BuildKind } from './build';
import { applyDateEdit, applyRedirectEdit } from './edits';
import { writeScaledTables } from './tables';

export interface ScaleReport {
  generatedAt: string;
  durationS: number;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAverageAtStart: number[] };
  /** The promotion the one-row edits change. */
  editedRow: typeof WARM_EDIT;
  runs: FactorRun[];
  verdicts: ScaleVerdict[];
  errors: string[];
}

export interface ScaleOptions {
  root: string;
  /** Build logs go here, one per build. */
  outDir: string;
  factors: number[];
  keep: boolean;
  log: (message: string) => void;
}

/** BENCH_SCALE_FACTORS="1,10,20"; 1 is always measured first, being what the others are held against. */
export function scaleFactors(raw: string | undefined): number[] {
  const asked = (raw ?? '1,10')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((factor) => Number.isInteger(factor) && factor >= 1);
  return [...new Set([1, ...asked])].sort((a, b) => a - b);
}

/** The builds of each size, in order: three warm builds of unchanged tables, then the two one-row edits. */
const SCALE_STEPS: Array<{ kind: BuildKind; round?: number; edit?: 'date' | 'redirect' }> = [
  { kind: 'cold' },
  { kind: 'warm', round: 1 },
  { kind: 'warm', round: 2 },
  { kind: 'warm', round: 3 },
  { kind: 'edit: date', edit: 'date' },
  { kind: 'edit: redirect', edit: 'redirect' },
];

/** Copies being built, removed on an interrupt too (removeScaleCopies) unless BENCH_KEEP=1. */
const liveCopies = new Set<string>();

export function removeScaleCopies(): void {
  for (const dir of liveCopies) removeDir(dir);
  liveCopies.clear();
}

export async function runScale(options: ScaleOptions): Promise<ScaleReport> {
  const started = Date.now();
  const loadAverageAtStart = os.loadavg();
  const errors: string[] = [];
  const runs: FactorRun[] = [];
  const sites: Array<{ run: FactorRun; siteDir: string; failed: boolean }> = [];
  try {
    for (const factor of options.factors) {
      const siteDir = copyWorkingTree(options.root);
      if (!options.keep) liveCopies.add(siteDir);
      const run: FactorRun = { factor, landings: writeScaledTables(siteDir, factor), builds: [], edits: [] };
      runs.push(run);
      sites.push({ run, siteDir, failed: false });
      options.log(`scale ${factor}×: ${run.landings} promotion rows in ${siteDir}`);
    }
    // Step by step across the sizes (1× cold, 10× cold, 1× warm, 10× warm…), so that the two builds of a
    // ratio run minutes apart rather than half an hour apart on a machine whose load drifts.
    for (const step of SCALE_STEPS) {
      for (const site of sites.filter((entry) => !entry.failed)) {
        const { run, siteDir } = site;
        try {
          if (step.edit === 'date') run.edits.push(applyDateEdit(siteDir, WARM_EDIT));
          if (step.edit === 'redirect') run.edits.push(applyRedirectEdit(siteDir, WARM_EDIT));
          const label = `${run.factor}x-${step.kind.replace(/\W+/g, '-')}${step.round ? `-${step.round}` : ''}`;
          const result = await measuredBuild(siteDir, step.kind, path.join(options.outDir, `scale-${label}.log`), step.round);
          run.builds.push(result);
          options.log(
            `scale ${run.factor}× ${step.kind}${step.round ? ` ${step.round}` : ''}: ${result.seconds.toFixed(1)} s, ${result.pages} pages, ` +
              `${result.html.rewritten.length} HTML rewritten, .cache ${(result.cache.bytes / 1e6).toFixed(0)} MB, load ${result.loadAverage.toFixed(1)}`,
          );
          if (result.exitCode !== 0) throw new Error(`the ${step.kind} build failed (exit ${result.exitCode}):\n${result.tail}`);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          errors.push(`scale ${run.factor}×: ${message}`);
          options.log(`scale ${run.factor}× FAILED: ${message.split('\n')[0]}`);
          site.failed = true;
        }
      }
    }
  } finally {
    for (const { run, siteDir } of sites) {
      if (options.keep) options.log(`scale ${run.factor}×: kept ${siteDir}`);
      else {
        removeDir(siteDir);
        liveCopies.delete(siteDir);
      }
    }
  }
  return {
    generatedAt: new Date().toISOString(),
    durationS: (Date.now() - started) / 1000,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
      memoryGb: os.totalmem() / 1024 ** 3,
      node: process.version,
      loadAverageAtStart,
    },
    editedRow: WARM_EDIT,
    runs,
    verdicts: scaleVerdicts(runs),
    errors,
  };
}
