/** The scale row's budgets, as pure functions of the measured builds. */
import type { BuildStep } from '../build';
import type { RowEdit } from './edits';
import { pagePathOf } from './output';
import type { BuildKind, ScaleBuild } from './build';

/** The 10× build may take at most this many times the 1× build of the same run, cold and warm. */
export const WALL_RATIO_MAX = 2;
/** The factor the wall-time budget is set for; other factors are reported against it without a verdict. */
export const WALL_BUDGET_FACTOR = 10;
/** Three warm builds of unchanged tables leave .cache within this share of its size after the first. */
export const CACHE_GROWTH_MAX = 0.05;
/**
 * A step under this many seconds at the larger size passes whatever its ratio: at that size the step is
 * not worth waiting for, and its ratio is mostly noise (a garbage collection, a busy core).
 */
export const STEP_FLOOR_S = 1;
/** Pages a one-row edit may rewrite besides the edited landing: they list every landing or none. */
export const ALWAYS_ALLOWED_PAGES = ['/', '/404.html', '/404/'];

export interface ScaleVerdict {
  budget: string;
  subject: string;
  measured: number | null;
  limit: number;
  unit: string;
  pass: boolean | null;
}

export interface FactorRun {
  factor: number;
  landings: number;
  builds: ScaleBuild[];
  edits: RowEdit[];
}

export const buildOf = (run: FactorRun, kind: BuildKind, round?: number): ScaleBuild | undefined =>
  run.builds.find((build) => build.kind === kind && (round === undefined || build.round === round) && build.exitCode === 0);

export function stepSeconds(steps: readonly BuildStep[], name: string): number | null {
  return steps.find((step) => step.name === name)?.seconds ?? null;
}

export interface StepGrowth {
  name: string;
  base: number;
  scaled: number;
  ratio: number | null;
  /** The step's ratio may be at most the pages' ratio, or the step stays under STEP_FLOOR_S. */
  pass: boolean;
}

/** Each step timed in both builds, with its growth against the growth of the pages. */
export function stepGrowth(base: ScaleBuild, scaled: ScaleBuild): StepGrowth[] {
  const pagesRatio = scaled.pages / base.pages;
  return scaled.steps
    .filter((step) => stepSeconds(base.steps, step.name) !== null)
    .map((step) => {
      const before = stepSeconds(base.steps, step.name)!;
      const ratio = before > 0 ? step.seconds / before : null;
      return {
        name: step.name,
        base: before,
        scaled: step.seconds,
        ratio,
        pass: step.seconds < STEP_FLOOR_S || step.seconds <= pagesRatio * before,
      };
    });
}

/** Size of .cache after the later warm builds of unchanged tables, as a share above its size after the first. */
export function cacheGrowth(run: FactorRun): number | null {
  const first = buildOf(run, 'warm', 1);
  const later = run.builds.filter((build) => build.kind === 'warm' && (build.round ?? 0) > 1 && build.exitCode === 0);
  if (!first || later.length === 0 || first.cache.bytes === 0) return null;
  return Math.max(...later.map((build) => build.cache.bytes)) / first.cache.bytes - 1;
}

/** HTML files a build wrote that neither the edit nor the pages that list every landing explain. */
export function unexpectedRewrites(build: ScaleBuild, edit: RowEdit | null): string[] {
  const allowed = new Set(ALWAYS_ALLOWED_PAGES);
  if (edit) allowed.add(`/${edit.row.brand}/${edit.row.country}/${edit.row.slug}/`);
  return [...new Set([...build.html.rewritten, ...build.html.changed, ...build.html.added])]
    .map(pagePathOf)
    .filter((page) => (edit ? !allowed.has(page) : true));
}

export function scaleVerdicts(runs: readonly FactorRun[]): ScaleVerdict[] {
  const verdicts: ScaleVerdict[] = [];
  const base = runs.find((run) => run.factor === 1);
  for (const run of runs) {
    if (base && run !== base) {
      for (const kind of ['cold', 'warm'] as const) {
        const one = buildOf(base, kind, kind === 'warm' ? 1 : undefined);
        const many = buildOf(run, kind, kind === 'warm' ? 1 : undefined);
        const ratio = one && many ? many.seconds / one.seconds : null;
        verdicts.push({
          budget: `${kind} build wall time`,
          subject: `${run.factor}× against 1×`,
          measured: ratio,
          limit: WALL_RATIO_MAX,
          unit: '×',
          pass: run.factor === WALL_BUDGET_FACTOR && ratio !== null ? ratio <= WALL_RATIO_MAX : null,
        });
        if (one && many) {
          const pagesRatio = many.pages / one.pages;
          for (const step of stepGrowth(one, many)) {
            verdicts.push({
              budget: `${kind} step grows at most with the pages`,
              subject: `${step.name} (${run.factor}×)`,
              measured: step.ratio,
              limit: pagesRatio,
              unit: '×',
              pass: step.pass,
            });
          }
        }
      }
    }
    const growth = cacheGrowth(run);
    verdicts.push({
      budget: '.cache after three warm builds of unchanged tables',
      subject: `${run.factor}×`,
      measured: growth === null ? null : growth * 100,
      limit: CACHE_GROWTH_MAX * 100,
      unit: '% above the first',
      pass: growth === null ? null : growth <= CACHE_GROWTH_MAX,
    });
    for (const build of run.builds.filter((entry) => entry.kind !== 'cold')) {
      const edit = build.kind === 'edit: date' ? run.edits[0] : build.kind === 'edit: redirect' ? run.edits[1] : null;
      const unexpected = unexpectedRewrites(build, edit ?? null);
      verdicts.push({
        budget: edit ? 'a one-row edit rewrites only the pages it affects' : 'a warm build of unchanged tables rewrites no page',
        subject: `${run.factor}× ${build.kind}${build.round ? ` ${build.round}` : ''}`,
        measured: build.exitCode === 0 ? unexpected.length : null,
        limit: 0,
        unit: 'other HTML files',
        pass: build.exitCode === 0 ? unexpected.length === 0 : null,
      });
    }
  }
  return verdicts;
}
