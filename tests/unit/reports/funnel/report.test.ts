/**
 * The report's figures on a hand-made log (tests/fixtures/funnel/small.jsonl, 38 lines), through the real
 * DuckDB. Counted by hand from the file:
 *   zenit/ru/bonus20000: views pva1 pva2 pva3 pva4 (pva4 on 5 March); visitors imp1 (pva1, pva2), s3 (pva3),
 *     pva4 (no fingerprint, no session) = 3; reg_start and entered_char_in_reg pva1 pva2 (pva2 typed twice),
 *     reg_button_enter and registration_done pva1; chose_country and entered_phone pva1.
 *     LCP 1800 2600 3100 ("3100" written as text) → p75 2850; INP 120 250 90 → 185; CLS 0.02 0.25 0.05 → 0.15
 *     (p75 interpolated: the value at 1.5 of 0..2 in order); good LCP 1 of 3, INP 2, CLS 2; poor CLS 0 (0.25 is
 *     not over 0.25).
 *   zenbet/br/bonus35000_betgold: views pvb1 pvb2 pvb3, visitors imp2 imp3 s9; reg_start pvb1 pvb2; typed,
 *     submitted (twice) and done pvb1; chose_currency, entered_email, entered_password pvb1; LCP 1200 1500,
 *     INP 60 (pvb1 measured none), CLS 0 0.01.
 *   cupis/ru/quiz: reg_start pvc1 (imp1) and no view: its view_landing was lost.
 *   Kept out: lines 4 and 29 (not JSON), 13 (click_banner), 25 (no pageViewId), 31 (no brand), 32 (date
 *   "yesterday"); line 19 is blank. 37 lines, 31 events, 8 page views.
 */
import path from 'node:path';
import { queryEventLog, type QueryResult } from '../../../../reports/funnel/query';
import { buildFunnelReport, type FunnelLine, type FunnelReport } from '../../../../reports/funnel/report';
import { registrationsText } from '../../../../reports/shared/format';
import { wilsonInterval } from '../../../../reports/shared/wilson';

const LOG = path.join(__dirname, '../..', '..', 'fixtures', 'funnel', 'small.jsonl');
// Each query starts the embedded database: seconds on a busy machine, not a hang.
jest.setTimeout(60_000);

const steps = (line: FunnelLine) => Object.fromEntries(line.steps.map((step) => [step.code, step.pageViews]));
const conversions = (line: FunnelLine) => line.steps.slice(1).map((step) => step.conversion?.rate ?? null);
const fields = (line: FunnelLine) =>
  Object.fromEntries(line.fields.filter((field) => field.pageViews > 0).map((field) => [field.code, field.pageViews]));
const lineOf = (report: FunnelReport, level: keyof FunnelReport['funnel'], name: string) => {
  const line = report.funnel[level].find((entry) => entry.name === name);
  if (!line) throw new Error(`no ${level} line ${name}`);
  return line;
};

let whole: QueryResult;
beforeAll(async () => {
  whole = await queryEventLog(LOG);
});

describe('the funnel of a hand-made log', () => {
  // Three page views are enough for a rate here, so the figures show; the real rule is below.
  const report = () => buildFunnelReport(whole, { source: 'small.jsonl', minPageViews: 3 });

  test('counts the lines, the events kept out and the page views', () => {
    expect(report().totals).toEqual({ lines: 37, events: 31, keptOut: 6, previews: 0, eventsInWindow: 31, pageViews: 8 });
  });

  test('per landing: views, visitors, each step once per page view, the fields', () => {
    const zenit = lineOf(report(), 'landing', 'zenit/ru/bonus20000');
    expect([zenit.views, zenit.visitors]).toEqual([4, 3]);
    expect(steps(zenit)).toEqual({ view_landing: 4, reg_start: 2, entered_char_in_reg: 2, reg_button_enter: 1, registration_done: 1 });
    expect(fields(zenit)).toEqual({ chose_country: 1, entered_phone: 1 });
    // reg_start over 4 views; the later steps are over 2, 2 and 1 page views: fewer than 3.
    expect(conversions(zenit)).toEqual([0.5, null, null, null]);

    const zenbet = lineOf(report(), 'landing', 'zenbet/br/bonus35000_betgold');
    expect([zenbet.views, zenbet.visitors]).toEqual([3, 3]);
    expect(steps(zenbet)).toEqual({ view_landing: 3, reg_start: 2, entered_char_in_reg: 1, reg_button_enter: 1, registration_done: 1 });
    expect(fields(zenbet)).toEqual({ chose_currency: 1, entered_email: 1, entered_password: 1 });
    expect(conversions(zenbet)[0]).toBeCloseTo(2 / 3, 10);

    const cupis = lineOf(report(), 'landing', 'cupis/ru/quiz');
    expect([cupis.views, cupis.visitors, steps(cupis).reg_start]).toEqual([0, 0, 1]);
  });

  test('rolled up per country, per brand and over all: a visitor counts once per group', () => {
    const ru = lineOf(report(), 'country', 'ru');
    expect([ru.views, ru.visitors, steps(ru).reg_start]).toEqual([4, 3, 3]);
    expect(conversions(ru)[0]).toBe(0.75);
    expect(lineOf(report(), 'brand', 'zenit').views).toBe(4);
    expect(report().funnel.brand.map((line) => line.name)).toEqual(['cupis', 'zenbet', 'zenit']);
    const all = lineOf(report(), 'all', 'all landings');
    expect([all.views, all.visitors]).toEqual([7, 6]);
    expect(steps(all)).toEqual({ view_landing: 7, reg_start: 5, entered_char_in_reg: 3, reg_button_enter: 2, registration_done: 2 });
    expect(conversions(all).slice(0, 3)).toEqual([5 / 7, 3 / 5, 2 / 3]);
  });

  test('registrations per 100 views with the Wilson interval', () => {
    const all = lineOf(report(), 'all', 'all landings');
    const { low, high } = wilsonInterval(2, 7);
    expect(all.registrations).toMatchObject({ count: 2, over: 7, per100Views: (2 / 7) * 100, low: low * 100, high: high * 100 });
  });

  test('vitals per landing: p75, good share, and a p75 over a threshold is a problem', () => {
    const zenit = report().vitals.landing.find((line) => line.name === 'zenit/ru/bonus20000')!;
    const [lcp, inp, cls] = zenit.cells;
    expect([lcp.measured, lcp.p75, lcp.good.count, lcp.poor.count, lcp.overThreshold]).toEqual([3, 2850, 1, 0, true]);
    expect([inp.measured, inp.p75, inp.good.count, inp.overThreshold]).toEqual([3, 185, 2, false]);
    expect([cls.measured, cls.good.count, cls.poor.count, cls.overThreshold]).toEqual([3, 2, 0, true]);
    expect(cls.p75).toBeCloseTo(0.15, 10);
    const zenbet = report().vitals.landing.find((line) => line.name === 'zenbet/br/bonus35000_betgold')!;
    expect(zenbet.cells.map((cell) => [cell.measured, cell.p75])).toEqual([
      [2, null],
      [1, null],
      [2, null],
    ]);
  });

  test('problems come first: bad input, then vitals worst first, then lost events', () => {
    expect(report().problems.map((problem) => problem.text)).toEqual([
      '2 lines kept out, not a log line (not JSON, or no action): line 4, 29',
      '1 line kept out, unknown event code: line 13',
      '1 line kept out, no page-view id (detail.pageViewId): line 25',
      '1 line kept out, no landing (detail.brand, country or slug missing): line 31',
      '1 line kept out, no usable date (event.date): line 32',
      'zenit/ru/bonus20000: CLS p75 0.150 is over 0.1 (3 page views measured)',
      'zenit/ru/bonus20000: LCP p75 2,850 ms is over 2,500 ms (3 page views measured)',
      'cupis/ru/quiz: more page views sent reg_start (1) than view_landing (0): events lost, or a step skipped?',
    ]);
  });
});

describe('the minimum-data rule', () => {
  test('with the real minimum of 100 page views no rate of this log is a figure, and no vital is judged', () => {
    const report = buildFunnelReport(whole, { source: 'small.jsonl' });
    expect(report.minPageViews).toBe(100);
    const lines = [...report.funnel.all, ...report.funnel.brand, ...report.funnel.country, ...report.funnel.landing];
    for (const line of lines) {
      expect(line.steps.slice(1).every((step) => step.conversion?.rate === null)).toBe(true);
      expect(registrationsText(line.registrations)).toBe('not enough data');
    }
    expect(report.vitals.landing.flatMap((line) => line.cells).every((cell) => cell.p75 === null && !cell.overThreshold)).toBe(true);
    expect(report.problems.filter((problem) => problem.kind === 'vital_over_threshold')).toEqual([]);
    // The counts themselves are still shown.
    expect(lineOf(report, 'all', 'all landings').views).toBe(7);
  });
});

describe('dates', () => {
  test('--from and --to take in whole days of event.date (UTC), both ends included', async () => {
    const report = buildFunnelReport(await queryEventLog(LOG, { from: '2026-03-02', to: '2026-03-04' }), { source: 'small.jsonl' });
    expect(report.totals).toMatchObject({ events: 31, eventsInWindow: 30, pageViews: 7 });
    expect(lineOf(report, 'landing', 'zenit/ru/bonus20000').views).toBe(3);
    const fifth = buildFunnelReport(await queryEventLog(LOG, { from: '2026-03-05', to: '2026-03-05' }), { source: 'small.jsonl' });
    expect(fifth.totals.pageViews).toBe(1);
    expect(lineOf(fifth, 'landing', 'zenit/ru/bonus20000').views).toBe(1);
    // Bad input is counted over the whole file, whatever the dates.
    expect(fifth.badInput.map((entry) => entry.lines)).toEqual([2, 1, 1, 1, 1]);
  });
});
