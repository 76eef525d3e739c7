/** The budgets (config.ts BUDGETS) judged against the measured figures: one row per budget and subject (pure). */
import type { Budgets } from './config';

export type Comparator = '<=' | '>=';

export interface BudgetRow {
  /** lighthouse-score, tbt, lcp, cls, first-tap, js-gzip, js-ratio, lazy-chunks, cold-build, warm-build, preloader, scale-… */
  budget: string;
  /** What was measured: a landing path, "all landings", "country call answered at 800 ms"… */
  subject: string;
  measured: number | null;
  /** NaN when the limit is made from a yardstick that was not measured. */
  limit: number;
  comparator: Comparator;
  unit: string;
  /** null: the figure (or the yardstick its limit is made from) was not measured. */
  pass: boolean | null;
  detail?: string;
  /** Lighthouse rows: the pass they belong to. */
  lighthousePass?: string;
  /** Rows judged against a yardstick of the same run (the bare page, the plain form): its figure, and measured ÷ it. */
  bare?: number | null;
  timesBare?: number | null;
}

const finite = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

export function ratio(value: number | null | undefined, of: number | null | undefined): number | null {
  const [a, b] = [finite(value), finite(of)];
  return a === null || b === null || b === 0 ? null : a / b;
}

export function row(
  budget: string,
  subject: string,
  measured: number | null | undefined,
  limit: number,
  comparator: Comparator,
  unit: string,
  detail?: string,
): BudgetRow {
  const value = finite(measured);
  const pass = value === null || !Number.isFinite(limit) ? null : comparator === '<=' ? value <= limit : value >= limit;
  return { budget, subject, measured: value, limit, comparator, unit, pass, ...(detail ? { detail } : {}) };
}

/** A row judged against a yardstick of the same run, carrying the yardstick's figure and measured ÷ it. */
function against(base: BudgetRow, yardstick: number | null | undefined, measured: number | null | undefined): BudgetRow {
  return { ...base, bare: finite(yardstick), timesBare: ratio(measured, yardstick) };
}

/** Medians of one page's Lighthouse runs in one pass. */
export type LighthouseFigures = Record<'score' | 'tbtMs' | 'lcpMs' | 'cls', number>;

/**
 * One landing in one Lighthouse pass against that pass's bare Gatsby page: score ≥ bare − 0.02, TBT ≤
 * max(150 ms, 1.5 × bare), LCP ≤ 2.5 s, CLS ≤ 0.02; without a bare page the relative ones are not measured.
 */
export function judgeAgainstBare(
  path: string,
  pass: string,
  landing: LighthouseFigures | null,
  bare: LighthouseFigures | null,
  b: Budgets,
) {
  const [score, tbt] = [finite(bare?.score), finite(bare?.tbtMs)];
  const unknown = 'bare page not measured';
  // Scores have two decimals; rounding keeps 0.98 − 0.02 from becoming 0.9599999.
  const scoreLimit = score === null ? NaN : Math.round((score - b.scoreBelowBareMax) * 100) / 100;
  const tbtLimit = tbt === null ? NaN : Math.max(b.tbtFloorMs, b.tbtBareRatioMax * tbt);
  const make = (budget: string, key: keyof LighthouseFigures, limit: number, comparator: Comparator, unit: string, detail?: string) => ({
    ...against(row(budget, path, landing?.[key], limit, comparator, unit, detail), bare?.[key], landing?.[key]),
    lighthousePass: pass,
  });
  const scoreRule = score === null ? unknown : `bare ${score.toFixed(2)} − ${b.scoreBelowBareMax}`;
  const tbtRule = tbt === null ? unknown : `max(${b.tbtFloorMs} ms, ${b.tbtBareRatioMax} × bare ${Math.round(tbt)} ms)`;
  return [
    make('lighthouse-score', 'score', scoreLimit, '>=', 'score', scoreRule),
    make('tbt', 'tbtMs', tbtLimit, '<=', 'ms', tbtRule),
    make('lcp', 'lcpMs', b.lcpMaxMs, '<=', 'ms'),
    make('cls', 'cls', b.clsMax, '<=', ''),
  ];
}

/**
 * The first tap on each landing's form (the worst interaction, median of the visits) within max(50 ms,
 * 2 × the plain form's): the plain form of the same run costs what the browser does for any form on this
 * host at that moment, the rest is the landing's code. Without the plain form, not judged.
 */
export function judgeFirstTap(plainMs: number | null, landings: Array<{ path: string; ms: number | null }>, budgets: Budgets): BudgetRow[] {
  const plain = finite(plainMs);
  const limit = plain === null ? NaN : Math.max(budgets.firstTapFloorMs, budgets.firstTapPlainRatioMax * plain);
  const detail =
    plain === null
      ? 'plain form not measured'
      : `max(${budgets.firstTapFloorMs} ms, ${budgets.firstTapPlainRatioMax} × plain form ${Math.round(plain)} ms)`;
  return landings.map((landing) => against(row('first-tap', landing.path, landing.ms, limit, '<=', 'ms', detail), plain, landing.ms));
}

/** Spec 2: the lift is due at max(600 ms, the call settled or 4 s if later or never), then ≤ 100 ms late (1 ms of rounding leeway below). */
export function preloaderVerdict(liftMs: number, settleMs: number | null, budgets: Budgets) {
  const dueMs = Math.max(budgets.preloaderMinMs, Math.min(settleMs ?? Infinity, budgets.preloaderMaxWaitMs));
  const deltaMs = liftMs - dueMs;
  return { dueMs, deltaMs, pass: Number.isFinite(deltaMs) && deltaMs >= -1 && deltaMs <= budgets.preloaderSlackMs };
}

/** The median load's lift − due of one preloader scenario; a lift before it was due fails too. */
export function judgePreloader(
  delayMs: number,
  median: { liftMs: number; settleMs: number; dueMs: number; deltaMs: number; loads: string },
  budgets: Budgets,
) {
  const detail = `lift ${Math.round(median.liftMs)} ms, settled ${Math.round(median.settleMs)} ms, due ${Math.round(median.dueMs)} ms (loads, lift/settled: ${median.loads})`;
  const judged = row(
    'preloader',
    `country call answered at ${delayMs} ms`,
    median.deltaMs,
    budgets.preloaderSlackMs,
    '<=',
    'ms after max(600 ms, settled)',
    detail,
  );
  return judged.pass && median.deltaMs < -1 ? { ...judged, pass: false } : judged;
}

/** First-load JavaScript of a page: gzip within 125 KB and within 1.3 × the bare page's. */
export function judgeWeight(subject: string, jsGzip: number | null, bareJsGzip: number | null, budgets: Budgets, detail?: string) {
  return [
    row('js-gzip', subject, jsGzip, budgets.firstLoadJsGzipMaxKb * 1024, '<=', 'bytes', detail),
    row('js-ratio', subject, ratio(jsGzip, bareJsGzip), budgets.firstLoadJsRatioMax, '<=', '×', detail),
  ];
}

export function summarize(rows: BudgetRow[]) {
  const count = (pass: boolean | null) => rows.filter((entry) => entry.pass === pass).length;
  return { pass: count(true), fail: count(false), notMeasured: count(null) };
}
