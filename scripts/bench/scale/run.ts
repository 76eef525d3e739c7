/**
 * The scale row (issue 17): the tables at 1×, 10× (and more, BENCH_SCALE_FACTORS), each in its own copy of
 * the working tree, built cold, then warm three times with the tables unchanged, then after a one-row edit of
 * a promotion's date and one of its redirect. Every build is measured the same way (build.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { WARM_EDIT } from '../config';
import { copyWorkingTree, removeDir } from '../workspace';
import { scaleVerdicts, type FactorRun, type ScaleVerdict } from './budgets';
import { measuredBuild, type BuildKind, type ScaleBuild } from './build';
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

const WARM_ROUNDS = 3;

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
  for (const factor of options.factors) {
    const siteDir = copyWorkingTree(options.root);
    if (!options.keep) liveCopies.add(siteDir);
    const run: FactorRun = { factor, landings: 0, builds: [], edits: [] };
    runs.push(run);
    try {
      run.landings = writeScaledTables(siteDir, factor);
      options.log(`scale ${factor}×: ${run.landings} promotion rows in ${siteDir}`);
      const build = async (kind: BuildKind, round?: number): Promise<ScaleBuild> => {
        const label = `${factor}x-${kind.replace(/\W+/g, '-')}${round ? `-${round}` : ''}`;
        const result = await measuredBuild(siteDir, kind, path.join(options.outDir, `scale-${label}.log`), round);
        run.builds.push(result);
        options.log(
          `scale ${factor}× ${kind}${round ? ` ${round}` : ''}: ${result.seconds.toFixed(1)} s, ${result.pages} pages, ` +
            `${result.html.rewritten.length} HTML rewritten, .cache ${(result.cache.bytes / 1e6).toFixed(0)} MB, load ${result.loadAverage.toFixed(1)}`,
        );
        if (result.exitCode !== 0) throw new Error(`the ${factor}× ${kind} build failed (exit ${result.exitCode}):\n${result.tail}`);
        return result;
      };
      await build('cold');
      for (let round = 1; round <= WARM_ROUNDS; round += 1) await build('warm', round);
      run.edits.push(applyDateEdit(siteDir, WARM_EDIT));
      await build('edit: date');
      run.edits.push(applyRedirectEdit(siteDir, WARM_EDIT));
      await build('edit: redirect');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(`scale ${factor}×: ${message}`);
      options.log(`scale ${factor}× FAILED: ${message.split('\n')[0]}`);
    } finally {
      if (options.keep) options.log(`scale ${factor}×: kept ${siteDir}`);
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
