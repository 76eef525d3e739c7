/** The issue's budgets, evaluated against the measured figures (pure). */
import type { Budgets } from './config';
import { ratio } from './stats';

export type Comparator = '<=' | '>=';

export interface BudgetRow {
  /** Stable id of the budget: lighthouse-score, cls, tbt, js-gzip, js-ratio, cold-build, warm-build, lazy-chunks, preloader. */
  budget: string;
  /** What was measured: a landing path, "all landings", "cold build", "country call 800 ms". */
  subject: string;
  measured: number | null;
  limit: number;
  comparator: Comparator;
  unit: string;
  /** null when the figure could not be measured. */
  pass: boolean | null;
  detail?: string;
}

export interface BudgetInput {
  coldBuildS: number | null;
  warmBuildS: number | null;
  baselineJsGzip: number | null;
  landings: Array<{
    path: string;
    firstLoadJsGzip: number | null;
    lighthouse: { score: number; cls: number; tbtMs: number } | null;
  }>;
  /**
   * Lighthouse of the bare Gatsby page in the same run. A landing failing a Lighthouse budget that the
   * bare page fails too says the machine was slow, not that our code is: the row still fails, and says so.
   */
  baselineLighthouse?: { score: number; tbtMs: number } | null;
  /** The heaviest first-load JavaScript over every landing of the build. */
  allLandingsJsGzipMax: { bytes: number; path: string; count: number } | null;
  lazyCheck: { pass: boolean; offenders: string[] } | null;
  preloader: Array<{ delayMs: number; liftMs: number; settleMs: number | null; expectedMs: number; deltaMs: number; pass: boolean }>;
}

/** The spec 2 rule: the lift is due at max(minimum, settle) and may come at most `slack` ms later. */
export function preloaderVerdict(liftMs: number, settleMs: number | null, minimumMs: number, slackMs: number) {
  const expectedMs = Math.max(minimumMs, settleMs ?? Number.POSITIVE_INFINITY);
  const deltaMs = liftMs - expectedMs;
  // 1 ms of leeway below: timers and resource timing are rounded differently.
  return { expectedMs, deltaMs, pass: Number.isFinite(deltaMs) && deltaMs >= -1 && deltaMs <= slackMs };
}

export function check(measured: number | null | undefined, limit: number, comparator: Comparator): boolean | null {
  if (measured === null || measured === undefined || !Number.isFinite(measured)) return null;
  return comparator === '<=' ? measured <= limit : measured >= limit;
}

function row(
  budget: string,
  subject: string,
  measured: number | null | undefined,
  limit: number,
  comparator: Comparator,
  unit: string,
  detail?: string,
): BudgetRow {
  const value = measured === undefined || (measured !== null && !Number.isFinite(measured)) ? null : measured;
  return {
    budget,
    subject,
    measured: value,
    limit,
    comparator,
    unit,
    pass: check(value, limit, comparator),
    ...(detail ? { detail } : {}),
  };
}

/** Says so on a failed row when the bare page of the same run fails the same limit. */
function alsoFailedByBare(entry: BudgetRow, bare: number | null | undefined, shown: string): BudgetRow {
  if (entry.pass !== false || check(bare, entry.limit, entry.comparator) !== false) return entry;
  return { ...entry, detail: `the bare Gatsby page fails it too in this run (${shown}): a slow machine, compare the ×bare figures` };
}

export function evaluateBudgets(input: BudgetInput, budgets: Budgets): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const kbLimit = budgets.firstLoadJsGzipMaxKb * 1024;
  const bare = input.baselineLighthouse ?? null;
  for (const landing of input.landings) {
    const score = row('lighthouse-score', landing.path, landing.lighthouse?.score ?? null, budgets.lighthouseScoreMin, '>=', 'score');
    rows.push(alsoFailedByBare(score, bare?.score, `score ${bare?.score.toFixed(2)}`));
    rows.push(row('cls', landing.path, landing.lighthouse?.cls ?? null, budgets.clsMax, '<=', ''));
    const tbt = row('tbt', landing.path, landing.lighthouse?.tbtMs ?? null, budgets.tbtMaxMs, '<=', 'ms');
    rows.push(alsoFailedByBare(tbt, bare?.tbtMs, `TBT ${Math.round(bare?.tbtMs ?? 0)} ms`));
    rows.push(row('js-gzip', landing.path, landing.firstLoadJsGzip, kbLimit, '<=', 'bytes'));
    rows.push(row('js-ratio', landing.path, ratio(landing.firstLoadJsGzip, input.baselineJsGzip), budgets.firstLoadJsRatioMax, '<=', '×'));
  }
  if (input.allLandingsJsGzipMax) {
    const { bytes, path, count } = input.allLandingsJsGzipMax;
    const detail = `heaviest of ${count} landings: ${path}`;
    rows.push(row('js-gzip', 'all landings', bytes, kbLimit, '<=', 'bytes', detail));
    rows.push(row('js-ratio', 'all landings', ratio(bytes, input.baselineJsGzip), budgets.firstLoadJsRatioMax, '<=', '×', detail));
  }
  rows.push(
    input.lazyCheck
      ? {
          budget: 'lazy-chunks',
          subject: 'fingerprint, captcha, registration form, odds cards, DOMPurify',
          measured: input.lazyCheck.offenders.length,
          limit: 0,
          comparator: '<=',
          unit: 'in first load',
          pass: input.lazyCheck.pass,
          ...(input.lazyCheck.offenders.length ? { detail: input.lazyCheck.offenders.join('; ') } : {}),
        }
      : row('lazy-chunks', 'fingerprint, captcha, registration form, odds cards, DOMPurify', null, 0, '<=', 'in first load'),
  );
  rows.push(row('cold-build', 'all pages, cache cleared', input.coldBuildS, budgets.coldBuildMaxS, '<=', 's'));
  rows.push(row('warm-build', 'after one promotions.json edit', input.warmBuildS, budgets.warmBuildMaxS, '<=', 's'));
  for (const scenario of input.preloader) {
    const early = scenario.deltaMs < -1;
    rows.push({
      budget: 'preloader',
      subject: `country call answered at ${scenario.delayMs} ms`,
      measured: Number.isFinite(scenario.deltaMs) ? scenario.deltaMs : null,
      limit: budgets.preloaderSlackMs,
      comparator: '<=',
      unit: 'ms after max(600 ms, settled)',
      pass: Number.isFinite(scenario.deltaMs) ? scenario.pass : null,
      detail: `lift ${Math.round(scenario.liftMs)} ms, settled ${scenario.settleMs === null ? 'never' : `${Math.round(scenario.settleMs)} ms`}, due ${Math.round(scenario.expectedMs)} ms${early ? ' (lifted before it was due)' : ''}`,
    });
  }
  return rows;
}

export function summarize(rows: BudgetRow[]): { pass: number; fail: number; notMeasured: number } {
  return {
    pass: rows.filter((entry) => entry.pass === true).length,
    fail: rows.filter((entry) => entry.pass === false).length,
    notMeasured: rows.filter((entry) => entry.pass === null).length,
  };
}
