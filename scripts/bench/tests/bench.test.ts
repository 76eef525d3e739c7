/**
 * The bench's own rules, pure and without a browser, a build or a server: the budgets (budgets.ts), the
 * Lighthouse runs' medians, round order and multiplier (lighthouse.ts), the blocked hosts (config.ts), the
 * first tap's worst interaction (browser.ts), first-load files and lazy features (weights.ts), the sites
 * beside the landings and the one-row edit (sites.ts, lib/site-copy.ts), and the markdown report (report.ts).
 * Every expected figure is worked out from the rule by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleLoader, withDeferredBundle } from '../../../gatsby/post-build/deferred-bundle';
import { parseSteps } from '../../../lib/site-copy';
import { worstInteraction, type EventEntry } from '../browser';
import {
  judgeAgainstBare,
  judgeFirstTap,
  judgePreloader,
  judgeWeight,
  preloaderVerdict,
  ratio,
  row,
  summarize,
  type BudgetRow,
  type LighthouseFigures,
} from '../budgets';
import { BLOCKED_URL_PATTERNS, BUDGETS, TARGET_PHONE } from '../config';
import {
  anotherRound,
  chooseMultiplier,
  median,
  medianMetrics,
  planPasses,
  readLhr,
  roundOrder,
  type LighthouseMetrics,
  type LighthouseRun,
} from '../lighthouse';
import { figure, markdownTable, renderMarkdown, type BenchReport, type PageFigures } from '../report';
import { applyEdit, editPromotion, plainFormPage, shiftDate } from '../sites';
import { firstLoadScripts, lazyFeaturesIn } from '../weights';
import { publishTable } from '../publish';

const KB = 1024;
const ZENIT = '/zenit/ru/bonus20000/';
const QUIZ = '/cupis/ru/quiz/';
const BARE: LighthouseFigures = { score: 0.99, tbtMs: 80, lcpMs: 900, cls: 0 };
const of = (rows: BudgetRow[], budget: string) => rows.find((entry) => entry.budget === budget)!;

describe('budget rows (budgets.ts)', () => {
  test('compares with the limit included, both ways', () => {
    expect(row('tbt', ZENIT, 150, 150, '<=', 'ms').pass).toBe(true);
    expect(row('tbt', ZENIT, 150.1, 150, '<=', 'ms').pass).toBe(false);
    expect(row('lighthouse-score', ZENIT, 0.97, 0.97, '>=', 'score').pass).toBe(true);
    expect(row('lighthouse-score', ZENIT, 0.96, 0.97, '>=', 'score').pass).toBe(false);
    expect(row('x', 's', 5, 5, '>=', '').pass).toBe(true);
  });

  test('a figure not measured, or a limit made from one (NaN), is not judged', () => {
    expect(row('x', 's', null, 1, '<=', 'ms')).toMatchObject({ measured: null, pass: null });
    expect(row('x', 's', undefined, 1, '<=', 'ms')).toMatchObject({ measured: null, pass: null });
    expect(row('x', 's', NaN, 5, '<=', 'ms')).toMatchObject({ measured: null, pass: null });
    expect(row('x', 's', -Infinity, 100, '<=', 'ms')).toMatchObject({ measured: null, pass: null });
    expect(row('x', 's', 3, NaN, '<=', 'ms')).toMatchObject({ measured: 3, pass: null });
  });

  test('carries what it was given, and a detail only when there is one', () => {
    expect(row('cold-build', 'all pages, cache cleared', 91, 90, '<=', 's', 'why')).toEqual({
      budget: 'cold-build',
      subject: 'all pages, cache cleared',
      measured: 91,
      limit: 90,
      comparator: '<=',
      unit: 's',
      pass: false,
      detail: 'why',
    });
    expect('detail' in row('x', 's', 1, 2, '<=', '')).toBe(false);
    expect('detail' in row('x', 's', 1, 2, '<=', '', '')).toBe(false);
  });

  test('a ratio to a yardstick, or null when either is missing or the yardstick is zero', () => {
    expect(ratio(130, 100)).toBeCloseTo(1.3);
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(0, 5)).toBe(0);
    expect(ratio(0.01, 0)).toBeNull();
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(5, null)).toBeNull();
    expect(ratio(5, undefined)).toBeNull();
    expect(ratio(null, 5)).toBeNull();
    expect(ratio(NaN, 5)).toBeNull();
  });

  test('counts passes, failures and figures not measured', () => {
    const rows = [
      row('a', 's', 1, 2, '<=', ''),
      row('b', 's', 3, 2, '<=', ''),
      row('c', 's', null, 2, '<=', ''),
      row('d', 's', 2, 2, '>=', ''),
    ];
    expect(summarize(rows)).toEqual({ pass: 2, fail: 1, notMeasured: 1 });
    expect(summarize([])).toEqual({ pass: 0, fail: 0, notMeasured: 0 });
  });
});

describe('a landing against the bare page of its pass (judgeAgainstBare)', () => {
  const judge = (landing: Partial<LighthouseFigures>, bare: LighthouseFigures | null = BARE) =>
    judgeAgainstBare(ZENIT, 'default', { score: 1, tbtMs: 0, lcpMs: 1000, cls: 0, ...landing }, bare, BUDGETS);

  test('four rows in order, each naming its pass', () => {
    const rows = judge({});
    expect(rows.map((entry) => [entry.budget, entry.comparator, entry.unit, entry.subject, entry.lighthousePass])).toEqual([
      ['lighthouse-score', '>=', 'score', ZENIT, 'default'],
      ['tbt', '<=', 'ms', ZENIT, 'default'],
      ['lcp', '<=', 'ms', ZENIT, 'default'],
      ['cls', '<=', '', ZENIT, 'default'],
    ]);
    expect(judgeAgainstBare(ZENIT, 'calibrated', BARE, BARE, BUDGETS).every((entry) => entry.lighthousePass === 'calibrated')).toBe(true);
  });

  test('score at most 0.02 below the bare page, the limit kept to hundredths', () => {
    expect(of(judge({ score: 0.96 }, { ...BARE, score: 0.98 }), 'lighthouse-score')).toMatchObject({
      limit: 0.96,
      pass: true,
      bare: 0.98,
      detail: 'bare 0.98 − 0.02',
    });
    expect(of(judge({ score: 0.95 }, { ...BARE, score: 0.98 }), 'lighthouse-score').pass).toBe(false);
    expect(of(judge({ score: 0.88 }, { ...BARE, score: 0.9 }), 'lighthouse-score')).toMatchObject({ limit: 0.88, pass: true });
    expect(of(judge({ score: 0.87 }, { ...BARE, score: 0.9 }), 'lighthouse-score').pass).toBe(false);
    // 0.57 − 0.02 is 0.5499999… in floating point: the rounding lets 0.55 pass.
    expect(of(judge({ score: 0.55 }, { ...BARE, score: 0.57 }), 'lighthouse-score')).toMatchObject({ limit: 0.55, pass: true });
    expect(of(judge({ score: 0.97 }, { ...BARE, score: 1 }), 'lighthouse-score')).toMatchObject({ limit: 0.98, pass: false });
    expect(of(judge({ score: 0.8 }, { ...BARE, score: 1 }), 'lighthouse-score').timesBare).toBeCloseTo(0.8);
  });

  test('TBT up to 150 ms while 1.5 × the bare page is less', () => {
    expect(of(judge({ tbtMs: 150 }), 'tbt')).toMatchObject({ limit: 150, pass: true, bare: 80, detail: 'max(150 ms, 1.5 × bare 80 ms)' });
    expect(of(judge({ tbtMs: 151 }), 'tbt')).toMatchObject({ limit: 150, pass: false });
    expect(of(judge({ tbtMs: 150 }, { ...BARE, tbtMs: 64 }), 'tbt')).toMatchObject({ limit: 150, pass: true });
    expect(of(judge({ tbtMs: 151 }, { ...BARE, tbtMs: 64 }), 'tbt').pass).toBe(false);
    // 140 ms is 7× a bare page of 20 ms, yet within the floor.
    expect(of(judge({ tbtMs: 140 }, { ...BARE, tbtMs: 20 }), 'tbt')).toMatchObject({ limit: 150, pass: true, timesBare: 7 });
  });

  test('TBT up to 1.5 × the bare page once that is over 150 ms, with ×bare', () => {
    expect(of(judge({ tbtMs: 297 }, { ...BARE, tbtMs: 198 }), 'tbt')).toMatchObject({ limit: 297, pass: true, bare: 198, timesBare: 1.5 });
    expect(of(judge({ tbtMs: 298 }, { ...BARE, tbtMs: 198 }), 'tbt').pass).toBe(false);
    expect(of(judge({ tbtMs: 300 }, { ...BARE, tbtMs: 200 }), 'tbt')).toMatchObject({ limit: 300, pass: true, bare: 200, timesBare: 1.5 });
    const over = of(judge({ tbtMs: 301 }, { ...BARE, tbtMs: 200 }), 'tbt');
    expect(over.pass).toBe(false);
    expect(over.detail).toBe('max(150 ms, 1.5 × bare 200 ms)');
    // The detail rounds the bare figure; the limit does not.
    expect(of(judge({ tbtMs: 297.9 }, { ...BARE, tbtMs: 198.6 }), 'tbt')).toMatchObject({
      pass: true,
      detail: 'max(150 ms, 1.5 × bare 199 ms)',
    });
    expect(of(judge({ tbtMs: 297.9 }, { ...BARE, tbtMs: 198.6 }), 'tbt').limit).toBeCloseTo(297.9);
  });

  test('LCP ≤ 2.5 s and CLS ≤ 0.02 on every day, with ×bare beside them', () => {
    expect(of(judge({ lcpMs: 2500 }), 'lcp')).toMatchObject({ limit: 2500, pass: true, bare: 900 });
    expect(of(judge({ lcpMs: 2501 }), 'lcp').pass).toBe(false);
    expect(of(judge({ lcpMs: 1800 }), 'lcp').timesBare).toBeCloseTo(2);
    expect(of(judge({ cls: 0.02 }), 'cls')).toMatchObject({ limit: 0.02, pass: true });
    expect(of(judge({ cls: 0.021 }), 'cls').pass).toBe(false);
    // A bare page without shifts gives no ratio rather than infinity.
    expect(of(judge({ cls: 0.01 }), 'cls')).toMatchObject({ bare: 0, timesBare: null });
  });

  test('fails a landing when the bare page is slow too, with no excuse attached', () => {
    const rows = judge({ score: 0.7, tbtMs: 900 }, { score: 0.8, tbtMs: 400, lcpMs: 1000, cls: 0 });
    expect(of(rows, 'lighthouse-score')).toMatchObject({ pass: false, limit: 0.78 });
    expect(of(rows, 'tbt')).toMatchObject({ pass: false, limit: 600, timesBare: 2.25 });
    expect(rows.map((entry) => entry.detail ?? '').join(' ')).not.toMatch(/fails it too|slow machine/);
  });

  test('without a bare page score and TBT are not measured, and LCP and CLS are still judged', () => {
    const rows = judge({ score: 0.5, tbtMs: 2000, lcpMs: 3000, cls: 0 }, null);
    expect(rows.map((entry) => [entry.budget, entry.pass])).toEqual([
      ['lighthouse-score', null],
      ['tbt', null],
      ['lcp', false],
      ['cls', true],
    ]);
    expect(of(rows, 'lighthouse-score')).toMatchObject({ measured: 0.5, detail: 'bare page not measured', bare: null, timesBare: null });
    expect(of(rows, 'tbt')).toMatchObject({ measured: 2000, detail: 'bare page not measured' });
    expect(Number.isNaN(of(rows, 'lighthouse-score').limit)).toBe(true);
    expect(Number.isNaN(of(rows, 'tbt').limit)).toBe(true);
    expect(of(rows, 'lcp').limit).toBe(2500);
    // A bare page whose medians are NaN (no run of it succeeded) is no bare page.
    expect(judge({}, { score: NaN, tbtMs: NaN, lcpMs: NaN, cls: NaN }).map((entry) => entry.pass)).toEqual([null, null, true, true]);
  });

  test('a landing not measured is not measured, never a pass', () => {
    const rows = judgeAgainstBare(ZENIT, 'default', null, BARE, BUDGETS);
    expect(rows.map((entry) => [entry.measured, entry.pass])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(of(rows, 'lighthouse-score')).toMatchObject({ limit: 0.97, bare: 0.99, timesBare: null });
  });
});

describe("a run's budgets, put together as main.ts does", () => {
  type Pass = { id: string; bare: LighthouseFigures | null; landing: LighthouseFigures | null };
  interface Day {
    jsGzip: number | null;
    bareJsGzip: number | null;
    offenders: string[];
    coldS: number | null;
    warmS: number | null;
    passes: Pass[];
    preloader: Array<{ delayMs: number; liftMs: number; settleMs: number; dueMs: number; deltaMs: number }>;
  }
  const passing = (): Day => ({
    jsGzip: 120 * KB,
    bareJsGzip: 100 * KB,
    offenders: [],
    coldS: 80,
    warmS: 20,
    passes: [
      { id: 'default', bare: { ...BARE }, landing: { score: 0.98, tbtMs: 100, lcpMs: 1400, cls: 0.01 } },
      {
        id: 'calibrated',
        bare: { score: 0.95, tbtMs: 240, lcpMs: 1300, cls: 0 },
        landing: { score: 0.94, tbtMs: 330, lcpMs: 2200, cls: 0.01 },
      },
    ],
    preloader: [
      { delayMs: 0, liftMs: 640, settleMs: 300, dueMs: 600, deltaMs: 40 },
      { delayMs: 800, liftMs: 1150, settleMs: 1100, dueMs: 1100, deltaMs: 50 },
    ],
  });
  const rowsOf = (day: Day): BudgetRow[] => [
    ...judgeWeight(ZENIT, day.jsGzip, day.bareJsGzip, BUDGETS),
    row('lazy-chunks', 'lazy features', day.offenders.length, 0, '<=', 'in first load', day.offenders.join('; ')),
    row('cold-build', 'all pages, cache cleared', day.coldS, BUDGETS.coldBuildMaxS, '<=', 's'),
    row('warm-build', 'after one landing file edit', day.warmS, BUDGETS.warmBuildMaxS, '<=', 's'),
    ...day.passes.flatMap((pass) => judgeAgainstBare(ZENIT, pass.id, pass.landing, pass.bare, BUDGETS)),
    ...day.preloader.map((scenario) => judgePreloader(scenario.delayMs, { ...scenario, loads: '' }, BUDGETS)),
  ];
  const named = (entry: BudgetRow) => `${entry.budget} ${entry.lighthousePass ?? ''} ${entry.subject}`;

  test('every row passes when every figure is within its budget', () => {
    const rows = rowsOf(passing());
    expect(rows).toHaveLength(2 + 1 + 2 + 4 + 4 + 2);
    expect(rows.every((entry) => entry.pass === true)).toBe(true);
    // Four Lighthouse budgets per landing in each of the two passes.
    expect(rows.filter((entry) => entry.lighthousePass === 'default')).toHaveLength(4);
    expect(rows.filter((entry) => entry.lighthousePass === 'calibrated')).toHaveLength(4);
    expect(summarize(rows)).toEqual({ pass: 15, fail: 0, notMeasured: 0 });
  });

  test('each budget that is exceeded fails, and only that one', () => {
    const day = passing();
    day.passes[0].landing = { score: 0.96, tbtMs: 151, lcpMs: 2600, cls: 0.05 };
    day.jsGzip = 126 * KB; // over 125 KB, and 1.26× the bare page: within the ratio
    day.coldS = 91;
    expect(
      rowsOf(day)
        .filter((entry) => entry.pass === false)
        .map(named),
    ).toEqual([
      'js-gzip  /zenit/ru/bonus20000/',
      'cold-build  all pages, cache cleared',
      'lighthouse-score default /zenit/ru/bonus20000/',
      'tbt default /zenit/ru/bonus20000/',
      'lcp default /zenit/ru/bonus20000/',
      'cls default /zenit/ru/bonus20000/',
    ]);
  });

  test('the same landing figures are judged against the bare page of their own pass only', () => {
    const day = passing();
    const landing = { score: 0.93, tbtMs: 330, lcpMs: 2000, cls: 0 };
    day.passes[0].landing = { ...landing };
    day.passes[1].landing = { ...landing };
    const rows = rowsOf(day);
    const verdict = (pass: string, budget: string) => rows.find((entry) => entry.lighthousePass === pass && entry.budget === budget)?.pass;
    // Default pass: bare 0.99 / 80 ms → limits 0.97 and 150 ms. Calibrated: bare 0.95 / 240 ms → 0.93 and 360 ms.
    expect([verdict('default', 'lighthouse-score'), verdict('default', 'tbt')]).toEqual([false, false]);
    expect([verdict('calibrated', 'lighthouse-score'), verdict('calibrated', 'tbt')]).toEqual([true, true]);
  });

  test('the ratio budget fails when the landing ships more than 1.3× the bare page', () => {
    const day = passing();
    day.bareJsGzip = 80 * KB;
    const ratioRow = of(rowsOf(day), 'js-ratio');
    expect(ratioRow.measured).toBeCloseTo(1.5);
    expect(ratioRow.pass).toBe(false);
  });

  test('figures that could not be measured are marked so, not as passes', () => {
    const day = passing();
    day.passes[1] = { id: 'calibrated', bare: null, landing: null };
    day.warmS = null;
    expect(
      rowsOf(day)
        .filter((entry) => entry.pass === null)
        .map((entry) => `${entry.budget} ${entry.lighthousePass ?? ''}`),
    ).toEqual(['warm-build ', 'lighthouse-score calibrated', 'tbt calibrated', 'lcp calibrated', 'cls calibrated']);
  });

  test('the lazy-chunk row fails with the offenders named', () => {
    const day = passing();
    day.offenders = ['captcha in app-1.js'];
    expect(of(rowsOf(day), 'lazy-chunks')).toMatchObject({ pass: false, measured: 1, limit: 0, detail: 'captcha in app-1.js' });
    expect(of(rowsOf(passing()), 'lazy-chunks')).toMatchObject({ pass: true, measured: 0 });
  });
});

describe('the first tap against the plain form (judgeFirstTap)', () => {
  const judge = (plainMs: number | null, ms: number | null) => judgeFirstTap(plainMs, [{ path: ZENIT, ms }], BUDGETS)[0];

  test('within max(50 ms, 2 × the plain form of the same run), one row per landing', () => {
    const rows = judgeFirstTap(
      56,
      [
        { path: ZENIT, ms: 112 },
        { path: QUIZ, ms: 116 },
        { path: '/c/', ms: null },
      ],
      BUDGETS,
    );
    expect(rows.map((entry) => [entry.budget, entry.subject, entry.limit, entry.pass])).toEqual([
      ['first-tap', ZENIT, 112, true],
      ['first-tap', QUIZ, 112, false],
      ['first-tap', '/c/', 112, null],
    ]);
    expect(rows[1]).toMatchObject({ bare: 56, unit: 'ms', comparator: '<=', detail: 'max(50 ms, 2 × plain form 56 ms)' });
    expect(rows[1].timesBare).toBeCloseTo(116 / 56);
    expect(rows[2]).toMatchObject({ measured: null, timesBare: null });
  });

  test('twice the plain form, with ×plain', () => {
    expect(judge(100, 200)).toMatchObject({ limit: 200, pass: true, bare: 100, timesBare: 2 });
    expect(judge(100, 201)).toMatchObject({ pass: false, detail: 'max(50 ms, 2 × plain form 100 ms)' });
    expect(judge(80, 150).pass).toBe(true);
    expect(judge(80, 170).pass).toBe(false);
  });

  test('never less than 50 ms, even when the plain form stayed under the threshold', () => {
    expect(judge(0, 50)).toMatchObject({ limit: 50, pass: true, timesBare: null });
    expect(judge(16, 56)).toMatchObject({ limit: 50, pass: false });
    expect(judge(20, 49)).toMatchObject({ limit: 50, pass: true });
  });

  test('without the plain form the landings are not judged; a landing without visits is not measured', () => {
    expect(judge(null, 30)).toMatchObject({ pass: null, bare: null, timesBare: null, detail: 'plain form not measured' });
    expect(Number.isNaN(judge(null, 30).limit)).toBe(true);
    expect(judge(40, null)).toMatchObject({ measured: null, pass: null, limit: 80 });
  });
});

describe('the preloader (preloaderVerdict, judgePreloader)', () => {
  test('due at 600 ms when the country call settles earlier, at the settle when later', () => {
    expect(preloaderVerdict(605, 163, BUDGETS)).toEqual({ dueMs: 600, deltaMs: 5, pass: true });
    expect(preloaderVerdict(650, 200, BUDGETS)).toEqual({ dueMs: 600, deltaMs: 50, pass: true });
    expect(preloaderVerdict(1054, 953, BUDGETS)).toEqual({ dueMs: 953, deltaMs: 101, pass: false });
    expect(preloaderVerdict(1250, 1100, BUDGETS)).toEqual({ dueMs: 1100, deltaMs: 150, pass: false });
    expect(preloaderVerdict(700, 600, BUDGETS)).toEqual({ dueMs: 600, deltaMs: 100, pass: true });
    expect(preloaderVerdict(701, 600, BUDGETS).pass).toBe(false);
  });

  test('a lift before it was due fails, beyond 1 ms of rounding', () => {
    expect(preloaderVerdict(599, 100, BUDGETS)).toEqual({ dueMs: 600, deltaMs: -1, pass: true });
    expect(preloaderVerdict(598, 100, BUDGETS)).toEqual({ dueMs: 600, deltaMs: -2, pass: false });
    expect(preloaderVerdict(500, 200, BUDGETS).pass).toBe(false);
  });

  test('a call that never settles, or settles after 4 s, makes the lift due at 4 s: judged, not dropped', () => {
    expect(preloaderVerdict(700, null, BUDGETS)).toEqual({ dueMs: 4000, deltaMs: -3300, pass: false });
    expect(preloaderVerdict(4030, null, BUDGETS)).toEqual({ dueMs: 4000, deltaMs: 30, pass: true });
    expect(preloaderVerdict(4150, null, BUDGETS)).toEqual({ dueMs: 4000, deltaMs: 150, pass: false });
    expect(preloaderVerdict(4020, 5200, BUDGETS)).toEqual({ dueMs: 4000, deltaMs: 20, pass: true });
  });

  test("a scenario's median lift − due is one row, and an early lift fails it", () => {
    const median = { liftMs: 598.4, settleMs: 100.2, dueMs: 600, deltaMs: -2, loads: '598/100, 601/90, 590/120' };
    expect(judgePreloader(0, median, BUDGETS)).toEqual({
      budget: 'preloader',
      subject: 'country call answered at 0 ms',
      measured: -2,
      limit: 100,
      comparator: '<=',
      unit: 'ms after max(600 ms, settled)',
      pass: false,
      detail: 'lift 598 ms, settled 100 ms, due 600 ms (loads, lift/settled: 598/100, 601/90, 590/120)',
    });
    expect(judgePreloader(0, { ...median, liftMs: 599, deltaMs: -1 }, BUDGETS).pass).toBe(true);
    const late = { liftMs: 1000, settleMs: 950, dueMs: 950, loads: '1000/950' };
    expect(judgePreloader(800, { ...late, deltaMs: 50 }, BUDGETS)).toMatchObject({
      subject: 'country call answered at 800 ms',
      pass: true,
    });
    expect(judgePreloader(800, { ...late, deltaMs: 100 }, BUDGETS).pass).toBe(true);
    expect(judgePreloader(800, { ...late, deltaMs: 101 }, BUDGETS).pass).toBe(false);
    // No load measured: the median is NaN, and the row says so.
    expect(judgePreloader(800, { ...late, deltaMs: NaN }, BUDGETS)).toMatchObject({ measured: null, pass: null });
  });
});

describe('first-load JavaScript (judgeWeight)', () => {
  test('within 125 KB gzip (1 KB = 1024 bytes) and 1.3 × the bare page', () => {
    const [gzip, times] = judgeWeight(ZENIT, 101.2 * KB, 88.4 * KB, BUDGETS);
    expect(gzip).toMatchObject({ budget: 'js-gzip', subject: ZENIT, limit: 128000, unit: 'bytes', pass: true });
    expect(times).toMatchObject({ budget: 'js-ratio', subject: ZENIT, limit: 1.3, unit: '×', pass: true });
    expect(times.measured).toBeCloseTo(1.1448, 3);
  });

  test('both limits included, each judged on its own', () => {
    expect(judgeWeight(ZENIT, 125 * KB, 125 * KB, BUDGETS).map((entry) => entry.pass)).toEqual([true, true]);
    expect(judgeWeight(ZENIT, 125 * KB + 1, 125 * KB, BUDGETS).map((entry) => entry.pass)).toEqual([false, true]);
    expect(judgeWeight(ZENIT, 126 * KB, 90 * KB, BUDGETS).map((entry) => entry.pass)).toEqual([false, false]);
    expect(judgeWeight(ZENIT, 130 * KB, 100 * KB, BUDGETS).map((entry) => entry.pass)).toEqual([false, true]);
    expect(judgeWeight(ZENIT, 120 * KB, 80 * KB, BUDGETS).map((entry) => entry.pass)).toEqual([true, false]);
  });

  test('without the bare page the ratio is not measured; a detail goes on both rows', () => {
    expect(judgeWeight(ZENIT, 100, null, BUDGETS).map((entry) => entry.pass)).toEqual([true, null]);
    const rows = judgeWeight('all landings', 120 * KB, 100 * KB, BUDGETS, 'heaviest of 720 landings: /zenit/ru/bonus20000/');
    expect(rows.map((entry) => [entry.subject, entry.detail])).toEqual([
      ['all landings', 'heaviest of 720 landings: /zenit/ru/bonus20000/'],
      ['all landings', 'heaviest of 720 landings: /zenit/ru/bonus20000/'],
    ]);
  });
});

describe('Lighthouse runs (lighthouse.ts)', () => {
  test('the median of the finite values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5])).toBe(5);
    expect(median([NaN, 5, 1])).toBe(3);
    expect(median([Infinity, 1, 2])).toBe(1.5);
    expect(median([])).toBeNaN();
    expect(median([NaN])).toBeNaN();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  test("a page's visits: the median of their worst interactions, one under the threshold counting 0", () => {
    expect(median([416, 168, 0, 232, 144])).toBe(168);
    expect(median([200, 100, 40, 300])).toBe(150);
  });

  describe('the order of a round', () => {
    const pages = ['bare', 'zenit/ru', 'zenbet/br', 'cupis/ru', 'zenbet/ae', 'casino', 'quiz', 'floor'];
    const order = (round: number) => roundOrder(pages, round);

    test('runs every page once in each round, the first round as listed', () => {
      expect(order(1)).toEqual(pages);
      for (let round = 1; round <= 9; round += 1) expect([...order(round)].sort()).toEqual([...pages].sort());
      expect(roundOrder(['only'], 3)).toEqual(['only']);
      expect(roundOrder([], 2)).toEqual([]);
    });

    test('moves a page to another place, after another page, in each of five rounds', () => {
      for (const page of pages) {
        const places = [1, 2, 3, 4, 5].map((round) => order(round).indexOf(page));
        const before = [1, 2, 3, 4, 5].map((round) => order(round)[order(round).indexOf(page) - 1] ?? null);
        expect(new Set(places).size).toBe(5);
        expect(new Set(before.filter((previous) => previous !== null)).size).toBeGreaterThanOrEqual(3);
      }
    });

    test("the bench's ten pages (bare, eight samples, floor): each round starts one page further on, each page in six places or more over eight rounds", () => {
      const ten = Array.from({ length: 10 }, (_, index) => `page ${index}`);
      expect(Array.from({ length: 10 }, (_, index) => roundOrder(ten, index + 1)[0])).toEqual(ten);
      const places = new Map(ten.map((page) => [page, new Set<number>()]));
      for (let round = 1; round <= 8; round += 1) roundOrder(ten, round).forEach((page, place) => places.get(page)!.add(place));
      for (const seen of places.values()) expect(seen.size).toBeGreaterThanOrEqual(6);
    });

    test('past the minimum, rounds come in pairs, so the deadline leaves an odd count and a median is one load', () => {
      // 900 s spent, 100 s a round, deadline 1050: room for one round, not two.
      expect(anotherRound(2, 9, 900, 100, 1050)).toBe(true); // below the minimum of three
      expect(anotherRound(3, 9, 900, 100, 1050)).toBe(false); // a pair would not fit: stop at three
      expect(anotherRound(3, 9, 900, 100, 1100)).toBe(true); // a pair fits
      expect(anotherRound(4, 9, 1000, 100, 1050)).toBe(true); // the pair is finished whatever the time
      expect(anotherRound(9, 9, 0, 100, 10_000)).toBe(false); // all asked for
      expect(anotherRound(7, 8, 900, 100, 1000)).toBe(true); // an even count asked for: one round left to fit
      // 300 s before the first round, 100 s each: the most rounds that end by the deadline, odd.
      const counts = [700, 800, 1000, 1100, 1200, 1700].map((deadline) => {
        let done = 0;
        while (anotherRound(done, 9, 300 + done * 100, 100, deadline)) done += 1;
        return done;
      });
      expect(counts).toEqual([3, 5, 7, 7, 9, 9]);
    });

    test('five pages: each in four places or more over eight rounds', () => {
      const five = ['bare', 'a', 'b', 'c', 'floor'];
      const places = new Map(five.map((page) => [page, new Set<number>()]));
      for (let round = 1; round <= 8; round += 1) roundOrder(five, round).forEach((page, place) => places.get(page)!.add(place));
      for (const seen of places.values()) expect(seen.size).toBeGreaterThanOrEqual(4);
    });
  });

  describe('the calibrated multiplier', () => {
    test('aims at the low-tier phone', () => {
      expect(TARGET_PHONE.benchmarkIndex).toBe(264);
    });

    test('host index ÷ phone index, truncated to hundredths as Chromium keeps it', () => {
      expect(chooseMultiplier(1190, 264)).toEqual({ exact: 1190 / 264, clamped: null, multiplier: 4.5 });
      expect(chooseMultiplier(1800, 264)).toMatchObject({ clamped: null, multiplier: 6.81 });
      expect(chooseMultiplier(2000, 264)).toEqual({ exact: 2000 / 264, clamped: null, multiplier: 7.57 });
      expect(chooseMultiplier(1850, 264)?.multiplier).toBe(7);
      expect(chooseMultiplier(2000, 1000)?.multiplier).toBe(2);
      expect(chooseMultiplier(3500, 264)).toMatchObject({ multiplier: 13.25, clamped: null });
    });

    test('never below 1× (a host slower than the phone) nor above 20× (a bad reading)', () => {
      expect(chooseMultiplier(200, 264)).toMatchObject({ multiplier: 1, clamped: 'min' });
      expect(chooseMultiplier(700, 1000)).toMatchObject({ multiplier: 1, clamped: 'min' });
      expect(chooseMultiplier(264, 264)).toMatchObject({ multiplier: 1, clamped: null });
      expect(chooseMultiplier(9000, 264)).toMatchObject({ multiplier: 20, clamped: 'max' });
      expect(chooseMultiplier(5280, 264)).toMatchObject({ multiplier: 20, clamped: null });
    });

    test('no multiplier without a host index', () => {
      for (const bad of [null, 0, NaN, -5, Infinity]) expect(chooseMultiplier(bad, 264)).toBeNull();
    });

    test('the default pass always, then the calibrated one when the host index is known, saying when it was clamped', () => {
      expect(planPasses(null)).toEqual([{ id: 'default', multiplier: 4, title: 'default pass (CPU 4×)' }]);
      const [first, calibrated] = planPasses(2000);
      expect(first).toMatchObject({ id: 'default', multiplier: 4 });
      expect(calibrated).toEqual({
        id: 'calibrated',
        multiplier: 7.57,
        title: `calibrated pass (CPU 7.57×: host 2000 / ${TARGET_PHONE.name} 264)`,
      });
      expect(planPasses(1190)[1]).toMatchObject({
        multiplier: 4.5,
        title: `calibrated pass (CPU 4.5×: host 1190 / ${TARGET_PHONE.name} 264)`,
      });
      expect(planPasses(200)[1]).toMatchObject({
        multiplier: 1,
        title: `calibrated pass (CPU 1×: host 200 / ${TARGET_PHONE.name} 264, raised from 0.76)`,
      });
      expect(planPasses(9000)[1]).toMatchObject({ multiplier: 20, title: expect.stringContaining('CPU 20×: host 9000 / ') });
      expect(planPasses(9000)[1].title).toContain(', capped from 34.09)');
    });
  });

  type Lhr = Parameters<typeof readLhr>[0];
  const lhr = (score: number | null, tbtMs: number): Lhr => ({
    categories: { performance: { score } },
    audits: {
      'first-contentful-paint': { numericValue: 800 },
      'largest-contentful-paint': { numericValue: 1100 },
      'cumulative-layout-shift': { numericValue: 0.004 },
      'total-blocking-time': { numericValue: tbtMs },
      'long-tasks': {
        details: {
          items: [
            { url: 'http://127.0.0.1:1/promo/framework-1.js', duration: 84.4, startTime: 900 },
            { url: 'http://127.0.0.1:1/promo/zenit/ru/bonus20000/', duration: 60.5 },
          ],
        },
      },
      'bootup-time': { details: { items: [{ url: 'http://127.0.0.1:1/promo/framework-1.js', total: 120 }, { url: 'Unattributable' }] } },
    },
    environment: { benchmarkIndex: 1200 },
  });

  test('what is read of a Lighthouse result: metrics, the long tasks, the scripts that ran', () => {
    const run = readLhr(lhr(0.94, 276));
    expect(run).toEqual({
      metrics: { score: 0.94, fcpMs: 800, lcpMs: 1100, cls: 0.004, tbtMs: 276, benchmarkIndex: 1200 },
      longTasks: [
        { url: 'http://127.0.0.1:1/promo/framework-1.js', ms: 84 },
        { url: 'http://127.0.0.1:1/promo/zenit/ru/bonus20000/', ms: 61 },
      ],
      scripts: ['http://127.0.0.1:1/promo/framework-1.js', 'Unattributable'],
    });
  });

  test('what a result lacks is NaN or empty, never 0', () => {
    const run = readLhr({
      categories: { performance: { score: 0.9 } },
      audits: { 'total-blocking-time': { numericValue: 321 }, 'long-tasks': { details: { items: [{}] } } },
      environment: { benchmarkIndex: 1777 },
    });
    expect(run.metrics).toEqual({ score: 0.9, fcpMs: NaN, lcpMs: NaN, cls: NaN, tbtMs: 321, benchmarkIndex: 1777 });
    expect(run.longTasks).toEqual([{ url: '', ms: 0 }]);
    expect(run.scripts).toEqual([]);
    expect(readLhr({ categories: { performance: { score: null } }, audits: {} }).metrics).toEqual({
      score: NaN,
      fcpMs: NaN,
      lcpMs: NaN,
      cls: NaN,
      tbtMs: NaN,
      benchmarkIndex: NaN,
    });
  });

  test("each metric's median over the rounds, so one round under a burst of load does not decide", () => {
    const metrics = (score: number, tbtMs: number, benchmarkIndex: number): LighthouseMetrics => ({
      score,
      fcpMs: 800,
      lcpMs: 1000 + tbtMs,
      cls: 0,
      tbtMs,
      benchmarkIndex,
    });
    const run = (m: LighthouseMetrics): LighthouseRun => ({ metrics: m, longTasks: [], scripts: [] });
    // Round 2 ran while another build hogged the CPU.
    const rounds = [run(metrics(0.97, 100, 2000)), run(metrics(0.7, 900, 600)), run(metrics(0.95, 120, 1900))];
    expect(medianMetrics(rounds)).toEqual({ score: 0.95, fcpMs: 800, lcpMs: 1120, cls: 0, tbtMs: 120, benchmarkIndex: 1900 });
    // The rounds that ran when one failed; a run without a figure leaves it out.
    expect(medianMetrics([run(metrics(0.9, 100, 1000)), run(metrics(0.8, 300, 1000))]).tbtMs).toBe(200);
    const gaps = medianMetrics([run(metrics(0.9, 100, 1000)), run(metrics(NaN, 300, 1000)), run(metrics(0.8, 200, NaN))]);
    expect(gaps).toMatchObject({ tbtMs: 200, benchmarkIndex: 1000 });
    expect(gaps.score).toBeCloseTo(0.85);
    expect(medianMetrics([lhr(0.9, 400), lhr(0.97, 200), lhr(0.94, 300)].map(readLhr))).toMatchObject({ score: 0.94, tbtMs: 300 });
  });
});

describe('third-party blocking (config.ts)', () => {
  /** Chromium's rule for a blocked-URL pattern (Network.setBlockedURLs): over the whole URL, '*' is any run of characters. */
  const literal = (text: string) => text.replace(/[.+?^$()|[\]{}\\]/g, '\\$&');
  const matches = (url: string, pattern: string) => new RegExp(`^${pattern.split('*').map(literal).join('.*')}$`).test(url);
  const blocked = (url: string) => BLOCKED_URL_PATTERNS.some((pattern) => matches(url, pattern));

  test('blocks the third-party hosts the landings know of, over https and http', () => {
    for (const url of [
      'https://mc.yandex.ru/metrika/tag.js',
      'https://www.google.com/recaptcha/api.js?render=x',
      'https://www.gstatic.com/recaptcha/releases/x/recaptcha__en.js',
      'https://www.googletagmanager.com/gtm.js?id=GTM-X',
      'https://openfpcdn.io/fingerprintjs/v5/npm-monitoring',
      'http://mc.yandex.ru/watch/1',
      'http://yandex.ru/x',
      'http://www.google.com/recaptcha/api.js',
      'http://www.google-analytics.com/collect',
      'http://api.fpjs.io/x',
      'http://fingerprint.com/x',
    ]) {
      expect([url, blocked(url)]).toEqual([url, true]);
    }
  });

  test('never blocks the bench server itself, whatever the path', () => {
    for (const url of [
      'http://127.0.0.1:41234/promo/zenit/ru/bonus20000/',
      'http://127.0.0.1:41234/promo/icons/payments/yandex.svg',
      'http://127.0.0.1:41234/promo/icons/social/google-play.svg',
      'http://127.0.0.1:41234/ajax/data/country?lang_id=1',
      'http://127.0.0.1:41234/promo/fingerprint.com.js',
    ]) {
      expect([url, blocked(url)]).toEqual([url, false]);
    }
  });
});

describe("the first tap's worst interaction (worstInteraction)", () => {
  /** An Event Timing entry: input at startMs, handlers from startMs + delay for `handlers` ms, paint at startMs + duration. */
  const entry = (name: string, interactionId: number, startMs: number, durationMs: number, delayMs = 0, handlersMs = 0): EventEntry => ({
    name,
    interactionId,
    startMs,
    durationMs,
    processingStartMs: startMs + delayMs,
    processingEndMs: startMs + delayMs + handlersMs,
  });
  // A tap (pointerdown, pointerup and click share one id), two keys, and a pointerover that is no interaction.
  const entries = [
    entry('pointerover', 0, 990, 300, 250, 40),
    entry('pointerdown', 11, 1000, 96, 60, 4),
    entry('pointerup', 11, 1040, 56, 20, 2),
    entry('click', 11, 1041, 56, 21, 1),
    entry('keydown', 12, 1300, 416, 329, 4),
    entry('keydown', 13, 1600, 24, 2, 1),
  ];

  test("the visit's longest interaction, as INP would count it; events that are no interaction left out", () => {
    const worst = worstInteraction(entries);
    expect(worst).toEqual({ events: ['keydown'], durationMs: 416, inputDelayMs: 329, processingMs: 4, presentationMs: 83 });
    expect(worst!.inputDelayMs + worst!.processingMs + worst!.presentationMs).toBe(416);
  });

  test("an interaction's entries grouped, its longest entry split into the wait, the handlers and until the paint", () => {
    const tap = worstInteraction(entries.filter((each) => each.interactionId !== 12));
    expect(tap).toEqual({
      events: ['pointerdown', 'pointerup', 'click'],
      durationMs: 96,
      inputDelayMs: 60,
      processingMs: 4,
      presentationMs: 32,
    });
    expect(tap!.inputDelayMs + tap!.processingMs + tap!.presentationMs).toBe(96);
    // The longest entry counts, not the first; the events are named in the order they began.
    const late = worstInteraction([entry('pointerup', 7, 150, 96, 30, 6), entry('pointerdown', 7, 100, 40, 5, 2)]);
    expect(late).toEqual({ events: ['pointerdown', 'pointerup'], durationMs: 96, inputDelayMs: 30, processingMs: 6, presentationMs: 60 });
  });

  test('of two as long, the first', () => {
    expect(worstInteraction([entry('keydown', 5, 100, 40, 10), entry('keydown', 6, 300, 40, 20)])?.inputDelayMs).toBe(10);
  });

  test('none when no interaction reached the threshold', () => {
    expect(worstInteraction([entry('pointerover', 0, 10, 200)])).toBeNull();
    expect(worstInteraction([])).toBeNull();
  });
});

describe('first-load files (weights.ts)', () => {
  const LANDING = ['app', 'component---src-templates-landing-tsx'];
  const html = [
    '<html><head><style data-styled="">.a{color:red}</style>',
    '<link rel="stylesheet" href="/promo/styles-0123456789abcdef0123.css"/><link rel="icon" href="/promo/x.svg"/>',
    '</head><body><script>window.pagePath="/x/";</script>',
    '<script src="/promo/webpack-runtime-0123456789abcdef0123.js" async></script>',
    '<script src="/promo/app-0123456789abcdef0123.js" async></script>',
    '<script src="https://mc.yandex.ru/metrika/tag.js"></script></body></html>',
  ].join('');
  const stats = {
    namedChunkGroups: {
      app: {
        assets: [
          { name: 'webpack-runtime-0123456789abcdef0123.js' },
          { name: 'framework-0123456789abcdef0123.js' },
          { name: 'app-0123456789abcdef0123.js' },
        ],
      },
      'component---src-templates-landing-tsx': {
        assets: ['component---src-templates-landing-tsx-0123456789abcdef0123.js', 'x.js.map', 'styles-0123456789abcdef0123.css'],
      },
    },
  };
  const expected = [
    'webpack-runtime-0123456789abcdef0123.js',
    'app-0123456789abcdef0123.js',
    'framework-0123456789abcdef0123.js',
    'component---src-templates-landing-tsx-0123456789abcdef0123.js',
  ];

  test("the HTML's scripts, then the chunk groups, once each, .js only, this site's only", () => {
    expect(firstLoadScripts(html, stats, LANDING)).toEqual(expected);
  });

  test('the files a deferred loader asks for count as the tags they replaced (gatsby/post-build/deferred-bundle.ts)', () => {
    const deferred = withDeferredBundle(
      html.replace('<script src="https://mc.yandex.ru/metrika/tag.js"></script>', ''),
      (src) => `sha256-${src.length}`,
    );
    expect(deferred).not.toContain('<script src=');
    expect(firstLoadScripts(deferred, stats, LANDING)).toEqual(expected);
    const both =
      '<script src="/promo/webpack-runtime-1.js"></script><script src="https://www.googletagmanager.com/gtm.js"></script>' +
      `<script id="promo-bundle">${bundleLoader([['/promo/framework-4.js', 'sha384-x']])}</script>`;
    const small = {
      namedChunkGroups: {
        app: { assets: ['webpack-runtime-1.js', { name: 'app-2.js' }, 'app-2.js.map'] },
        'component---src-templates-landing-tsx': { assets: ['component-3.js', 'styles.css'] },
      },
    };
    expect(firstLoadScripts(both, small, LANDING)).toEqual(['webpack-runtime-1.js', 'framework-4.js', 'app-2.js', 'component-3.js']);
  });

  test('a URL of the page as a file under public/: the /promo prefix and any query dropped, other hosts left out', () => {
    const tags = [
      '/promo/app-1.js?v=2',
      '/other/app.js',
      'https://example.com/a.js',
      '//cdn.example.com/a.js',
      'http://x.test/b.js',
      '/promo/sw.js#x',
    ]
      .map((src) => `<script src="${src}"></script>`)
      .join('');
    expect(firstLoadScripts(tags, stats, [])).toEqual(['app-1.js', 'other/app.js', 'sw.js']);
  });

  test('a src in single quotes or none is read as one in double quotes', () => {
    const tags = `<script async src='/promo/app-1.js'></script><script src=/promo/framework-4.js defer></script><script data-src="/promo/no.js"></script>`;
    expect(firstLoadScripts(tags, stats, [])).toEqual(['app-1.js', 'framework-4.js']);
  });

  test('a chunk group the stats lack is an error, not an empty first load', () => {
    expect(() => firstLoadScripts('', stats, ['missing'])).toThrow(/no chunk group "missing"/);
    expect(() => firstLoadScripts('', { namedChunkGroups: { app: {} } }, ['app'])).toThrow(/no chunk group "app"/);
    expect(() => firstLoadScripts('', {}, ['app'])).toThrow(/no chunk group "app"/);
  });

  test('lazy features by module path or by string of the code', () => {
    expect(lazyFeaturesIn('minified', ['webpack://promo-landings/./node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js'])).toEqual([
      'fingerprint',
    ]);
    expect(lazyFeaturesIn('', ['webpack://promo/./node_modules/axios/lib/axios.js'])).toEqual(['axios']);
    expect(lazyFeaturesIn('', ['webpack://promo/./node_modules/react-google-recaptcha-v3/dist/index.js'])).toEqual(['captcha']);
    expect(lazyFeaturesIn('', ['webpack://promo/./node_modules/dompurify/dist/purify.es.mjs'])).toEqual(['DOMPurify']);
    expect(lazyFeaturesIn('plain code', ['webpack://promo-landings/./src/features/registration/RegistrationForm.tsx'])).toEqual([
      'registration form',
    ]);
    expect(lazyFeaturesIn('plain code', ['webpack://promo-landings/./src/features/odds/OddsCards.tsx'])).toEqual(['odds cards']);
    expect(lazyFeaturesIn('window.grecaptcha.ready()', [])).toEqual(['captcha']);
    expect(lazyFeaturesIn('window.grecaptcha.ready(); id:"reg-password"', [])).toEqual(['captcha', 'registration form']);
    expect(lazyFeaturesIn('className:"odds-card"; DOMPurify.sanitize', [])).toEqual(['odds cards', 'DOMPurify']);
    expect(lazyFeaturesIn('"https://openfpcdn.io/fingerprintjs/v5"', [])).toEqual(['fingerprint']);
    expect(lazyFeaturesIn('e instanceof AxiosError', [])).toEqual(['axios']);
    expect(lazyFeaturesIn('', [])).toEqual([]);
  });

  test('first-party paths and packages that merely look alike do not count', () => {
    expect(lazyFeaturesIn('plain code', ['webpack://promo-landings/./src/features/registration/RegistrationSection.tsx'])).toEqual([]);
    expect(lazyFeaturesIn('', ['webpack://promo/./src/features/registration/calls/country.ts', 'src/main-site/ajax.ts'])).toEqual([]);
    expect(lazyFeaturesIn('', ['webpack://promo/./src/features/odds/OddsCardsSkeleton.tsx'])).toEqual([]);
    expect(
      lazyFeaturesIn('', ['webpack://promo/./src/main-site/axios-config.ts', 'webpack://promo/./node_modules/axios-retry/index.js']),
    ).toEqual([]);
  });
});

describe('the sites beside the landings (sites.ts, lib/site-copy.ts)', () => {
  test("Gatsby's step timings: the same step summed, longest first, colours and other lines ignored", () => {
    const output =
      'success compile gatsby files - 2.100s\nsuccess createPages - 1.5s\n\u001b[32msuccess\u001b[0m x\nsuccess createPages - 1.0s\n';
    expect(parseSteps(output)).toEqual([
      { name: 'createPages', seconds: 2.5 },
      { name: 'compile gatsby files', seconds: 2.1 },
    ]);
    const build = [
      '\u001b[2K\u001b[1A\u001b[2K\u001b[Gsuccess Building production JavaScript and CSS bundles - 46.769s',
      'success run queries in workers - 1.117s - 725/725 649.25/s',
      'success Checking for changed pages - 0.008s',
      'success Checking for changed pages - 0.002s',
      'info bootstrap finished - 45.055s',
    ].join('\n');
    const steps = parseSteps(build);
    expect(steps.map((step) => step.name)).toEqual([
      'Building production JavaScript and CSS bundles',
      'run queries in workers',
      'Checking for changed pages',
    ]);
    expect(steps.slice(0, 2).map((step) => step.seconds)).toEqual([46.769, 1.117]);
    expect(steps[2].seconds).toBeCloseTo(0.01);
    expect(parseSteps('')).toEqual([]);
  });

  test('dates move by whole days across months and years, in UTC', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDate('2027-02-28', 1)).toBe('2027-03-01');
    expect(shiftDate('2027-01-01', -1)).toBe('2026-12-31');
  });

  test('a string that is no date is refused', () => {
    expect(() => shiftDate('31.12.2026', 1)).toThrow(/not a date/);
    expect(() => shiftDate('2024-13-01', 1)).toThrow(/not a date/);
  });

  describe("a marketer's one-row edit of a landing's file (editPromotion, applyEdit)", () => {
    const quiz = '{\n  "brand": "zenit",\n  "country": "ru",\n  "slug": "quiz",\n  "date": "2026-12-31"\n}\n';
    const usOpen =
      '{\n  "brand": "zenit",\n  "country": "ru",\n  "slug": "US-Open",\n  "date": "2021-09-12",\n  "redirect_to": "/zenit/ru/freebet35/"\n}\n';
    const old = '{\n  "brand": "cupis",\n  "country": "ru",\n  "slug": "old",\n  "date": "2021-01-01",\n  "redirect_to": "/"\n}\n';
    const ab = [
      '{',
      '  "brand": "zenit",',
      '  "country": "ru",',
      '  "slug": "ab",',
      '  "date": "2099-12-31",',
      '  "experiment": {',
      '    "id": "x-1",',
      '    "variants": [',
      '      {',
      '        "id": "control",',
      '        "weight": 50',
      '      }',
      '    ]',
      '  }',
      '}',
      '',
    ].join('\n');

    test("moves the row's date by a day: the file's diff is that one line", () => {
      const edit = editPromotion(quiz, { brand: 'zenit', country: 'ru', slug: 'quiz' }, 'date');
      expect(edit).toMatchObject({
        field: 'date',
        row: { brand: 'zenit', country: 'ru', slug: 'quiz' },
        from: '2026-12-31',
        to: '2027-01-01',
      });
      expect(edit.text).toBe(quiz.replace('"date": "2026-12-31"', '"date": "2027-01-01"'));
    });

    test('edits a row that holds objects of its own and keeps them, line for line', () => {
      const edit = editPromotion(ab, { brand: 'zenit', country: 'ru', slug: 'ab' }, 'date');
      expect(edit).toMatchObject({ from: '2099-12-31', to: '2100-01-01' });
      expect(edit.text).toBe(ab.replace('"date": "2099-12-31"', '"date": "2100-01-01"'));
    });

    test("points redirect_to at the root, or at the brand's freebet30 in the same country when it went to the root", () => {
      const away = editPromotion(usOpen, { brand: 'zenit', country: 'ru', slug: 'US-Open' }, 'redirect_to');
      expect(away).toMatchObject({ field: 'redirect_to', from: '/zenit/ru/freebet35/', to: '/' });
      expect(away.text).toBe(usOpen.replace('"redirect_to": "/zenit/ru/freebet35/"', '"redirect_to": "/"'));
      const back = editPromotion(old, { brand: 'cupis', country: 'ru', slug: 'old' }, 'redirect_to');
      expect(back).toMatchObject({ from: '/', to: '/cupis/ru/freebet30/' });
      expect(back.text).toBe(old.replace('"redirect_to": "/"', '"redirect_to": "/cupis/ru/freebet30/"'));
    });

    test('a redirect added to a row with an experiment goes where the schema puts it, before the experiment', () => {
      const edit = editPromotion(ab, { brand: 'zenit', country: 'ru', slug: 'ab' }, 'redirect_to');
      expect(edit.text).toBe(ab.replace('"date": "2099-12-31",\n', '"date": "2099-12-31",\n  "redirect_to": "/",\n'));
    });

    test("a file holding another landing's row is an error, not another row edited", () => {
      expect(() => editPromotion(quiz, { brand: 'cupis', country: 'ru', slug: 'quiz' }, 'date')).toThrow(
        'promotions/cupis/ru/quiz.json holds no row cupis/ru/quiz',
      );
    });

    test("applyEdit rewrites only the landing's own file of a site copy", () => {
      const site = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-edit-'));
      try {
        const dir = path.join(site, 'data', 'promotions', 'zenit', 'ru');
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'quiz.json'), quiz);
        fs.writeFileSync(path.join(dir, 'US-Open.json'), usOpen);
        expect(applyEdit(site, { brand: 'zenit', country: 'ru', slug: 'quiz' }, 'date')).toMatchObject({
          from: '2026-12-31',
          to: '2027-01-01',
        });
        expect(fs.readFileSync(path.join(dir, 'quiz.json'), 'utf8')).toBe(quiz.replace('2026-12-31', '2027-01-01'));
        expect(fs.readFileSync(path.join(dir, 'US-Open.json'), 'utf8')).toBe(usOpen);
        expect(() => applyEdit(site, { brand: 'zenit', country: 'de', slug: 'quiz' }, 'date')).toThrow(
          'data/promotions/zenit/de/quiz.json: no such file, so no row zenit/de/quiz',
        );
      } finally {
        fs.rmSync(site, { recursive: true, force: true });
      }
    });
  });

  describe('the plain form (plainFormPage)', () => {
    const form =
      '<form noValidate="" aria-labelledby="registration-title" action="/m/registration/phone" method="get"><div><label for="reg-phone">Telefone</label><input id="reg-phone" type="tel" value="+55"/></div><button type="submit">Cadastrar</button></form>';
    const landing = `<!DOCTYPE html><html lang="pt-BR"><head><script>window.x=1</script><style>.a{}</style></head><body>
<section id="registration"><h2 id="registration-title">Cadastro</h2><div data-island="registration">
${form}
</div></section><script src="/promo/app-1.js"></script></body></html>`;

    test("holds the landing's form as built, in the landing's language, on a phone's viewport, and no script", () => {
      const page = plainFormPage(landing, '#reg-phone');
      expect(page).toContain('<html lang="pt-BR">');
      expect(page).toContain(form);
      expect(page).toContain('<input id="reg-phone" type="tel" value="+55"/>');
      expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(page).not.toMatch(/<script/i);
      expect(plainFormPage(landing)).toBe(page);
      expect(plainFormPage('<body><form><input id="reg-phone"></form></body>')).toContain('<html lang="en">');
    });

    test('refuses a landing without the field to tap', () => {
      expect(() => plainFormPage(landing, '#reg-email')).toThrow(/no registration form with #reg-email/);
      expect(() => plainFormPage('<html><body><p>No form</p></body></html>', '#reg-phone')).toThrow(/no registration form/);
    });

    test('refuses a form that carries a script or an on… handler', () => {
      expect(() => plainFormPage('<form onsubmit="go()"><input id="reg-phone"></form>')).toThrow(/carries a script/);
      expect(() => plainFormPage('<form><input id="reg-phone" onfocus="x()"></form>')).toThrow(/carries a script/);
      expect(() => plainFormPage('<form><input id="reg-phone"><script>x()</script></form>')).toThrow(/carries a script/);
    });
  });
});

describe('the report (report.ts)', () => {
  test('figures in their units', () => {
    expect(figure(101.2 * KB, 'bytes')).toBe('101.2 KB');
    expect(figure(128000, 'bytes')).toBe('125.0 KB');
    expect(figure(100 * KB, 'bytes')).toBe('100.0 KB');
    expect(figure(276.4, 'ms')).toBe('276 ms');
    expect(figure(91.04, 's')).toBe('91.0 s');
    expect(figure(0.9, 'score')).toBe('0.90');
    expect(figure(0.021, '')).toBe('0.021');
    expect(figure(0, '')).toBe('0.000');
    expect(figure(1.149, '×')).toBe('1.15×');
    expect(figure(3, 'in first load')).toBe('3 in first load');
    expect(figure(-2, 'ms after max(600 ms, settled)')).toBe('-2 ms after max(600 ms, settled)');
    expect(figure(null, 'ms')).toBe('not measured');
    expect(figure(NaN, 'bytes')).toBe('not measured');
  });

  test('markdown tables', () => {
    expect(markdownTable({ header: ['a', 'b'], rows: [['1', '2']] })).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect(markdownTable({ header: ['a', 'b'], rows: [] })).toBe('| a | b |\n| --- | --- |');
    // A cell holding a pipe keeps the table's three columns.
    expect(markdownTable({ header: ['a', 'b', 'c'], rows: [['x|y', 'two\nlines', '3']] }).split('\n')[2]).toBe('| x\\|y | two lines | 3 |');
  });

  const DEFAULT_BARE = { score: 0.99, tbtMs: 80, lcpMs: 900, cls: 0 };
  const DEFAULT_ZENIT = { score: 0.8, tbtMs: 460, lcpMs: 3200, cls: 0 };
  const DEFAULT_FLOOR = { score: 0.99, tbtMs: 120, lcpMs: 1100, cls: 0 };
  const CALIBRATED_BARE = { score: 0.95, tbtMs: 240, lcpMs: 1300, cls: 0 };
  const CALIBRATED_ZENIT = { score: 0.94, tbtMs: 336, lcpMs: 2200, cls: 0.01 };
  const metrics = (figures: LighthouseFigures, benchmarkIndex: number): LighthouseMetrics => ({ ...figures, fcpMs: 800, benchmarkIndex });
  const run = (m: LighthouseMetrics, longTasks: LighthouseRun['longTasks'] = []): LighthouseRun => ({ metrics: m, longTasks, scripts: [] });
  const page = (figures: LighthouseFigures, benchmarkIndex: number, longTasks: LighthouseRun['longTasks'] = []): PageFigures => ({
    median: metrics(figures, benchmarkIndex),
    runs: [run(metrics(figures, benchmarkIndex), longTasks)],
  });

  function report(): BenchReport {
    const [defaultPlan, calibratedPlan] = planPasses(1850);
    const budgets = [
      ...judgeWeight(ZENIT, 120 * KB, 100 * KB, BUDGETS),
      row('lazy-chunks', 'lazy features', 0, 0, '<=', 'in first load', ''),
      row('cold-build', 'all pages, cache cleared', 80, 90, '<=', 's'),
      row('warm-build', 'after one landing file edit', 20, 30, '<=', 's'),
      ...judgeAgainstBare(ZENIT, 'default', DEFAULT_ZENIT, DEFAULT_BARE, BUDGETS),
      ...judgeAgainstBare(ZENIT, 'calibrated', CALIBRATED_ZENIT, CALIBRATED_BARE, BUDGETS),
      ...judgeFirstTap(56, [{ path: ZENIT, ms: 116 }], BUDGETS),
      judgePreloader(0, { liftMs: 640, settleMs: 300, dueMs: 600, deltaMs: 40, loads: '640/300' }, BUDGETS),
    ];
    return {
      generatedAt: '2026-11-28T00:00:00.000Z',
      durationS: 600.4,
      versions: { Node: 'v24.21.0', Lighthouse: '13.5.0' },
      machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 24, loadAverage: { 'cold build': 1.5, 'lighthouse round 1': 2.25 } },
      phases: { 'cold build': 80.4, 'lighthouse round 1': 300.6 },
      passes: [
        {
          ...defaultPlan,
          rounds: 3,
          bare: {
            median: metrics(DEFAULT_BARE, 1900),
            runs: [
              run(metrics({ ...DEFAULT_BARE, tbtMs: 90 }, 1800), [{ url: 'http://127.0.0.1:1/promo/app-9.js', ms: 90 }]),
              run(metrics(DEFAULT_BARE, 1900), [
                { url: 'http://127.0.0.1:1/promo/', ms: 60 },
                { url: 'http://127.0.0.1:1/promo/framework-1.js?v=2', ms: 84 },
              ]),
              run(metrics({ ...DEFAULT_BARE, tbtMs: 70 }, 2000)),
            ],
          },
          floor: page(DEFAULT_FLOOR, 1900),
          samples: [
            {
              role: 'brand zenit',
              path: ZENIT,
              figures: page(DEFAULT_ZENIT, 1900, [{ url: 'http://127.0.0.1:1/promo/app-2.js', ms: 230 }]),
            },
          ],
        },
        {
          ...calibratedPlan,
          rounds: 3,
          bare: page(CALIBRATED_BARE, 1848),
          floor: null,
          samples: [{ role: 'brand zenit', path: ZENIT, figures: page(CALIBRATED_ZENIT, 1848) }],
        },
      ],
      firstTap: {
        rounds: 3,
        plainMs: 56,
        landings: [
          {
            path: ZENIT,
            ms: 116,
            visits: ['pointerdown 120 ms = 80 + 10 + 30', 'pointerdown 116 ms = 76 + 10 + 30', 'keydown 100 ms = 60 + 10 + 30'],
            keysKept: '3 of 3',
          },
        ],
      },
      tables: [
        {
          title: 'Scale row',
          text: 'Compare the sizes of one run, never two runs.',
          table: { header: ['Size', 'Cold'], rows: [['1×', '80 s']] },
        },
      ],
      budgets,
      summary: summarize(budgets),
      notes: ['Lighthouse ran once per page.'],
      errors: ['lighthouse /x/: boom\nbang'],
    };
  }
  const section = (markdown: string, from: string, to: string) => markdown.slice(markdown.indexOf(from), markdown.indexOf(to));

  test('counts the budgets, and leads with the machine, its load and its speed as the loads read it', () => {
    const markdown = renderMarkdown(report());
    expect(markdown.startsWith('# Landing performance bench\n\n2026-11-28T00:00:00.000Z · 600 s · Node v24.21.0, Lighthouse 13.5.0')).toBe(
      true,
    );
    expect(markdown).toContain('**Budgets: 11 pass, 4 fail, 0 not measured.**');
    const machine = section(markdown, '## Machine', '**Budgets: ');
    expect(machine).toContain('2 cores (Test CPU), 24 GB');
    expect(machine).toContain('Load average (1 min) as each phase began: cold build 1.5, lighthouse round 1 2.3.');
    // The default pass's loads: bare 1800, 1900, 2000; floor 1900; zenit 1900 (one round each).
    expect(machine).toContain('as the loads read it: 1900 over the rounds, 1900 in the first, 1900 in the last.');
    expect(machine).toContain('Phases: cold build 80 s, lighthouse round 1 301 s.');
    expect(machine).not.toContain('changed speed');
    expect(markdown).toContain('> Lighthouse ran once per page.');
  });

  test('flags a host that changed speed by over 25 % between the first round and the last', () => {
    const drift = (first: number, last: number) => {
      const base = report();
      const runs = [first, 5000, last].map((index) => run(metrics(DEFAULT_BARE, index)));
      const only = { ...base.passes[0], bare: { median: metrics(DEFAULT_BARE, 5000), runs }, floor: null, samples: [] };
      return renderMarkdown({ ...base, passes: [only] });
    };
    const flag = '**The host changed speed by over 25 % meanwhile.**';
    expect(drift(1850, 900)).toContain(flag);
    expect(drift(1000, 1260)).toContain(flag);
    expect(drift(1000, 740)).toContain(flag);
    expect(drift(1000, 1240)).not.toContain(flag);
    expect(drift(1000, 760)).not.toContain(flag);
    expect(drift(1000, 760)).toContain('as the loads read it: 1000 over the rounds, 1000 in the first, 760 in the last.');
    expect(renderMarkdown({ ...report(), passes: [] })).not.toContain(flag);
  });

  test('judges each pass in its own table: figure, ×bare and mark per budget, and names what a landing failed', () => {
    const markdown = renderMarkdown(report());
    const first = section(markdown, '## Lighthouse, default pass (CPU 4×)', '## Lighthouse, calibrated pass');
    expect(first).toContain("The bare page's runs measured the host at 1900, so the phone simulated was about 475.");
    expect(first).toContain(
      'Bare Gatsby page: score 0.99, TBT 80 ms, LCP 900 ms, CLS 0.000. TBT limit 150 ms (max(150 ms, 1.5 × bare 80 ms)).',
    );
    expect(first).toContain('| Landing | Score | TBT | LCP | CLS | Result |');
    expect(first).toContain(
      '| /zenit/ru/bonus20000/ (brand zenit) | 0.80 (0.81×) ✗ | 460 ms (5.75×) ✗ | 3200 ms (3.56×) ✗ | 0.000 ✓ | **FAIL** (lighthouse-score, tbt, lcp) |',
    );
    const calibrated = section(markdown, '## Lighthouse, calibrated pass (CPU 7×: host 1850 / ', '## First tap');
    expect(calibrated).toContain("The bare page's runs measured the host at 1848, so the phone simulated was about 264.");
    expect(calibrated).toContain('TBT limit 360 ms (max(150 ms, 1.5 × bare 240 ms))');
    expect(calibrated).toContain(
      '| /zenit/ru/bonus20000/ (brand zenit) | 0.94 (0.99×) ✓ | 336 ms (1.40×) ✓ | 2200 ms (1.69×) ✓ | 0.010 ✓ | pass |',
    );
  });

  test("shows each pass's floor only where it ran, never judged, and the long tasks of the median-TBT runs", () => {
    const markdown = renderMarkdown(report());
    const first = section(markdown, '## Lighthouse, default pass', '## Lighthouse, calibrated pass');
    expect(first).toContain('Floor (the first sample without its script files, never judged): score 0.99, TBT 120 ms, LCP 1100 ms.');
    expect(first).toContain(
      'Long tasks of the median-TBT run, as Lighthouse simulates them: bare page: the document 60 ms, framework-1.js 84 ms; floor: none; /zenit/ru/bonus20000/: app-2.js 230 ms.',
    );
    const calibrated = section(markdown, '## Lighthouse, calibrated pass', '## First tap');
    expect(calibrated).not.toContain('Floor');
    expect(calibrated).toContain('bare page: none; floor: not measured; /zenit/ru/bonus20000/: none.');
    expect(markdown.match(/Floor \(/g)).toHaveLength(1);
    expect(markdown).not.toMatch(/\| floor/i);
  });

  test('gives the first tap against the plain form, with ×plain, the visits and the keys kept', () => {
    const markdown = renderMarkdown(report());
    const tap = section(markdown, '## First tap on the registration form', '## Other budgets');
    expect(tap).toContain('against the plain form (the same form, no script): 56 ms.');
    expect(tap).toContain('| Landing | First tap (×plain) | Visits | Keys kept |');
    expect(tap).toContain(
      '| /zenit/ru/bonus20000/ | 116 ms (2.07×) ✗ | pointerdown 120 ms = 80 + 10 + 30, pointerdown 116 ms = 76 + 10 + 30, keydown 100 ms = 60 + 10 + 30 | 3 of 3 |',
    );
    expect(renderMarkdown({ ...report(), firstTap: null })).not.toContain('## First tap');
  });

  test('every other budget in one table, then the further tables and the errors', () => {
    const markdown = renderMarkdown(report());
    const others = section(markdown, '## Other budgets', '## Scale row');
    expect(others).toContain('| Budget | Subject | Measured | Limit | Result | Detail |');
    expect(others).toContain('| js-gzip | /zenit/ru/bonus20000/ | 120.0 KB | ≤ 125.0 KB | pass |  |');
    expect(others).toContain('| js-ratio | /zenit/ru/bonus20000/ | 1.20× | ≤ 1.30× | pass |  |');
    expect(others).toContain('| lazy-chunks | lazy features | 0 in first load | ≤ 0 in first load | pass |  |');
    expect(others).toContain('| cold-build | all pages, cache cleared | 80.0 s | ≤ 90.0 s | pass |  |');
    expect(others).toContain('| warm-build | after one landing file edit | 20.0 s | ≤ 30.0 s | pass |  |');
    expect(others).toContain(
      '| preloader | country call answered at 0 ms | 40 ms after max(600 ms, settled) | ≤ 100 ms after max(600 ms, settled) | pass | lift 640 ms, settled 300 ms, due 600 ms (loads, lift/settled: 640/300) |',
    );
    // The Lighthouse and first-tap rows are in their own sections.
    expect(others).not.toMatch(/\| (lighthouse-score|tbt|lcp|cls|first-tap) \|/);
    expect(markdown).toContain(
      '## Scale row\n\nCompare the sizes of one run, never two runs.\n\n| Size | Cold |\n| --- | --- |\n| 1× | 80 s |',
    );
    expect(markdown.endsWith('## Errors\n\n- lighthouse /x/: boom bang')).toBe(true);
    const cold = { ...report(), passes: [], firstTap: null, budgets: [row('cold-build', 'all pages, cache cleared', 91, 90, '<=', 's')] };
    expect(renderMarkdown(cold)).toContain('| cold-build | all pages, cache cleared | 91.0 s | ≤ 90.0 s | **FAIL** |  |');
    // Every table row has as many cells as its header.
    for (const block of markdown.split('\n\n').filter((part) => part.startsWith('| '))) {
      const lines = block.split('\n');
      for (const line of lines) expect(line.split('|').length).toBe(lines[0].split('|').length);
    }
  });

  test('a pass without its bare page says so and marks what it could not judge', () => {
    const alone = report();
    const budgets = judgeAgainstBare(ZENIT, 'default', { score: 0.9, tbtMs: 400, lcpMs: 1100, cls: 0 }, null, BUDGETS);
    alone.passes = [{ ...alone.passes[0], bare: null, floor: null, samples: [{ role: 'brand zenit', path: ZENIT, figures: null }] }];
    alone.budgets = budgets;
    alone.summary = summarize(budgets);
    const markdown = renderMarkdown(alone);
    expect(markdown).toContain('**Budgets: 2 pass, 0 fail, 2 not measured.**');
    expect(markdown).toContain("The bare page's runs measured the host at —, so the phone simulated was about —.");
    expect(markdown).toContain('Bare Gatsby page: not measured.');
    expect(markdown).toContain('| /zenit/ru/bonus20000/ (brand zenit) | 0.90 – | 400 ms – | 1100 ms ✓ | 0.000 ✓ | not judged |');
    expect(markdown).toContain('bare page: not measured; floor: not measured; /zenit/ru/bonus20000/: not measured.');
  });
});

describe('the publishing table', () => {
  it('shows the publish of a one-landing edit with what travelled, and the rollback', () => {
    const table = publishTable({ firstS: 12.04, firstFiles: 1767, publishS: 6.25, files: 5, bytes: 123456, rollbackS: 0.81 });
    expect(table.rows).toEqual([
      ['first release (empty host)', '12.0', '1767', '—'],
      ['publish of a one-landing edit', '6.3', '5', '123,456'],
      ['rollback', '0.8', '0', '0'],
    ]);
  });
});
