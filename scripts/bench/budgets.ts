/** The bench's budgets (config.ts BUDGETS), evaluated against the measured figures (pure). */
import type { PassId } from './calibration';
import type { Budgets } from './config';
import { ratio } from './stats';
import { LAZY_FEATURE_NAMES } from './weights';

export type Comparator = '<=' | '>=';

export interface BudgetRow {
  /** Stable id of the budget: lighthouse-score, tbt, lcp, cls, first-tap, js-gzip, js-ratio, cold-build, warm-build, lazy-chunks, preloader. */
  budget: string;
  /** What was measured: a landing path, "all landings", "cold build", "country call 800 ms". */
  subject: string;
  measured: number | null;
  /** NaN when the limit comes from a bare-page figure that was not measured. */
  limit: number;
  comparator: Comparator;
  unit: string;
  /** null when the figure (or the bare page's, for a limit made from it) could not be measured. */
  pass: boolean | null;
  detail?: string;
  /** Lighthouse rows: the pass they belong to. */
  lighthousePass?: PassId;
  /** Rows judged against a yardstick of the same run (the bare page of the pass, the plain form): its figure, and measured ÷ it. */
  bare?: number | null;
  timesBare?: number | null;
}

/** Medians of one page's Lighthouse runs in one pass. */
export interface LighthouseFigures {
  score: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
}

export interface LighthousePassInput {
  id: PassId;
  /** The bare Gatsby page of the same pass (same rounds, same throttling). */
  bare: LighthouseFigures | null;
  landings: Array<{ path: string; lighthouse: LighthouseFigures | null }>;
}

export interface BudgetInput {
  coldBuildS: number | null;
  warmBuildS: number | null;
  baselineJsGzip: number | null;
  landings: Array<{ path: string; firstLoadJsGzip: number | null }>;
  /** Every Lighthouse pass; a landing is judged only against the bare page of its own pass. */
  lighthousePasses: LighthousePassInput[];
  /** The heaviest first-load JavaScript over every landing of the build. */
  allLandingsJsGzipMax: { bytes: number; path: string; count: number } | null;
  lazyCheck: { pass: boolean; offenders: string[] } | null;
  preloader: Array<{ delayMs: number; liftMs: number; settleMs: number | null; expectedMs: number; deltaMs: number; pass: boolean }>;
  /** The first tap on the registration form; every sample is given, null where it was not measured. */
  firstTap?: FirstTapInput;
}

/** Medians of the visits' worst interactions: the plain form of the same run and each sample. */
export interface FirstTapInput {
  plainFormMs: number | null;
  landings: Array<{ path: string; worstMs: number | null }>;
}

/** The spec 2 rule: the lift is due at max(minimum, settle) and may come at most `slack` ms later. */
export function preloaderVerdict(liftMs: number, settleMs: number | null, minimumMs: number, slackMs: number) {
  const expectedMs = Math.max(minimumMs, settleMs ?? Number.POSITIVE_INFINITY);
  const deltaMs = liftMs - expectedMs;
  // 1 ms of leeway below: timers and resource timing are rounded differently.
  return { expectedMs, deltaMs, pass: Number.isFinite(deltaMs) && deltaMs >= -1 && deltaMs <= slackMs };
}

export function check(measured: number | null | undefined, limit: number, comparator: Comparator): boolean | null {
  if (measured === null || measured === undefined || !Number.isFinite(measured) || !Number.isFinite(limit)) return null;
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

function finite(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : value;
}

/**
 * One landing in one Lighthouse pass against the bare Gatsby page of that pass. Score at most
 * 0.02 below the bare page's, TBT within max(150 ms, 1.5 × the bare page's), LCP ≤ 2.5 s, CLS ≤ 0.02;
 * every row carries the bare figure and measured ÷ bare. Without a bare page, the relative limits are
 * not measured rather than judged against a fixed figure.
 */
export function judgeAgainstBare(
  path: string,
  passId: PassId,
  landing: LighthouseFigures | null,
  bare: LighthouseFigures | null,
  budgets: Budgets,
): BudgetRow[] {
  const make = (budget: string, key: keyof LighthouseFigures, limit: number, comparator: Comparator, unit: string, detail?: string) => ({
    ...row(budget, path, landing?.[key] ?? null, limit, comparator, unit, detail),
    lighthousePass: passId,
    bare: finite(bare?.[key]),
    timesBare: ratio(finite(landing?.[key]), finite(bare?.[key])),
  });
  const bareScore = finite(bare?.score);
  const bareTbt = finite(bare?.tbtMs);
  // Scores have two decimals; rounding keeps 0.98 − 0.02 from becoming 0.9599999.
  const scoreLimit = bareScore === null ? Number.NaN : Math.round((bareScore - budgets.scoreBelowBareMax) * 100) / 100;
  const tbtLimit = bareTbt === null ? Number.NaN : Math.max(budgets.tbtFloorMs, budgets.tbtBareRatioMax * bareTbt);
  return [
    make(
      'lighthouse-score',
      'score',
      scoreLimit,
      '>=',
      'score',
      bareScore === null ? 'bare page not measured' : `bare ${bareScore.toFixed(2)} − ${budgets.scoreBelowBareMax}`,
    ),
    make(
      'tbt',
      'tbtMs',
      tbtLimit,
      '<=',
      'ms',
      bareTbt === null
        ? 'bare page not measured'
        : `max(${budgets.tbtFloorMs} ms, ${budgets.tbtBareRatioMax} × bare ${Math.round(bareTbt)} ms)`,
    ),
    make('lcp', 'lcpMs', budgets.lcpMaxMs, '<=', 'ms'),
    make('cls', 'cls', budgets.clsMax, '<=', ''),
  ];
}

/**
 * The first tap on each landing's registration form (its worst interaction, median of the visits) within
 * max(50 ms, 2 × the plain form's): the plain form of the same run costs what the browser does for any
 * form on this host at that moment, the rest is the landing's code. Without the plain form, not judged.
 */
export function judgeFirstTap(input: FirstTapInput, budgets: Budgets): BudgetRow[] {
  const plain = finite(input.plainFormMs);
  const limit = plain === null ? Number.NaN : Math.max(budgets.firstTapFloorMs, budgets.firstTapPlainRatioMax * plain);
  const detail =
    plain === null
      ? 'plain form not measured'
      : `max(${budgets.firstTapFloorMs} ms, ${budgets.firstTapPlainRatioMax} × plain form ${Math.round(plain)} ms)`;
  return input.landings.map((landing) => ({
    ...row('first-tap', landing.path, landing.worstMs, limit, '<=', 'ms', detail),
    bare: plain,
    timesBare: ratio(finite(landing.worstMs), plain),
  }));
}

export function evaluateBudgets(input: BudgetInput, budgets: Budgets): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const kbLimit = budgets.firstLoadJsGzipMaxKb * 1024;
  for (const landing of input.landings) {
    rows.push(row('js-gzip', landing.path, landing.firstLoadJsGzip, kbLimit, '<=', 'bytes'));
    rows.push(row('js-ratio', landing.path, ratio(landing.firstLoadJsGzip, input.baselineJsGzip), budgets.firstLoadJsRatioMax, '<=', '×'));
  }
  for (const pass of input.lighthousePasses)
    for (const landing of pass.landings) rows.push(...judgeAgainstBare(landing.path, pass.id, landing.lighthouse, pass.bare, budgets));
  if (input.firstTap) rows.push(...judgeFirstTap(input.firstTap, budgets));
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
          subject: LAZY_FEATURE_NAMES,
          measured: input.lazyCheck.offenders.length,
          limit: 0,
          comparator: '<=',
          unit: 'in first load',
          pass: input.lazyCheck.pass,
          ...(input.lazyCheck.offenders.length ? { detail: input.lazyCheck.offenders.join('; ') } : {}),
        }
      : row('lazy-chunks', LAZY_FEATURE_NAMES, null, 0, '<=', 'in first load'),
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
