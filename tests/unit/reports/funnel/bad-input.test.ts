/**
 * Bad input in the event log is counted and reported with its line numbers, never fatal, and nothing
 * else is dropped: every sound event around it still counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryEventLog } from '../../../../reports/funnel/query';
import { buildFunnelReport } from '../../../../reports/funnel/report';

const event = (action: string, detail: Record<string, unknown>, date = '2026-03-02T10:00:00.000Z') =>
  JSON.stringify({
    receivedAt: date,
    topic: 'landing_events',
    action,
    event: { eventType: 'landing', eventCode: action, date, detail, additional_data: { sessionId: 's1', imprintHash: null } },
  });
const landing = { pageViewId: 'pv1', brand: 'zenit', country: 'ru', slug: 'bonus20000', category: 'casino' };
const { slug: _slug, ...noSlug } = landing;
const { pageViewId: _id, ...noId } = landing;

// Each query starts the embedded database: seconds on a busy machine, not a hang.
jest.setTimeout(60_000);

/** Line n of the log is LINES[n - 1]. */
const LINES: (string | Buffer)[] = [
  event('view_landing', landing), // 1
  '{"receivedAt":"2026-03-02T10:00:00.000Z","action":"view_landing"', // 2: cut short
  '[1,2,3]', // 3: JSON, not an object
  '"just a string"', // 4
  JSON.stringify({ topic: 'landing_events', event: { detail: landing } }), // 5: no action
  event('reg_start', { ...landing, method: 'phone' }), // 6
  event('click_banner_landing', landing), // 7: unknown code
  event('view_landing', noId), // 8: no page-view id
  event('view_landing', { ...landing, pageViewId: '' }), // 9: an empty one
  event('view_landing', { ...noSlug, pageViewId: 'pv2' }), // 10: no slug
  event('view_landing', { ...landing, pageViewId: 'pv3' }, 'not a date'), // 11
  '', // 12: blank, skipped
  '   ', // 13: blank, skipped
  event('view_landing', { ...landing, pageViewId: 'x'.repeat(3 * 1024 * 1024) }), // 14: longer than the reader takes
  Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // 15: not UTF-8
  event('web_vitals', { ...landing, lcp: 1800, inp: 100, cls: 0.01 }), // 16
  ...Array.from({ length: 8 }, () => event('click_banner_landing', landing)), // 17–24: unknown codes
  event('registration_done', { ...landing, method: 'phone' }), // 25
  event('reg_start', noId), // 26: no page-view id, after the unreadable lines
];

let file: string;
beforeAll(() => {
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-bad-')), 'events.jsonl');
  fs.writeFileSync(file, Buffer.concat(LINES.flatMap((line) => [Buffer.isBuffer(line) ? line : Buffer.from(line), Buffer.from('\n')])));
});
afterAll(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));

test('counts each kind of bad line with its first line numbers, in the file’s own numbering', async () => {
  const report = buildFunnelReport(await queryEventLog(file), { source: 'events.jsonl' });
  expect(report.badInput.map(({ kind, lines, firstLines }) => ({ kind, lines, firstLines }))).toEqual([
    { kind: 'malformed', lines: 6, firstLines: [2, 3, 4, 5, 14] },
    { kind: 'unknown_code', lines: 9, firstLines: [7, 17, 18, 19, 20] },
    { kind: 'no_page_view', lines: 3, firstLines: [8, 9, 26] },
    { kind: 'no_landing', lines: 1, firstLines: [10] },
    { kind: 'no_date', lines: 1, firstLines: [11] },
  ]);
  expect(report.problems[0].text).toBe('6 lines kept out, not a log line (not JSON, or no action): line 2, 3, 4, 5, 14, …');
});

test('keeps every sound event around the bad lines', async () => {
  const report = buildFunnelReport(await queryEventLog(file), { source: 'events.jsonl', minPageViews: 1 });
  // 26 lines, 2 blank: 24 read, of which 4 are sound events of one page view.
  expect(report.totals).toMatchObject({ lines: 24, events: 4, keptOut: 20, pageViews: 1 });
  const [all] = report.funnel.all;
  expect(all.steps.map((step) => step.pageViews)).toEqual([1, 1, 0, 0, 1]);
  expect(report.vitals.landing[0].cells[0]).toMatchObject({ measured: 1, p75: 1800 });
});

test('an empty log gives an empty report, not an error', async () => {
  const empty = path.join(path.dirname(file), 'empty.jsonl');
  fs.writeFileSync(empty, '');
  const report = buildFunnelReport(await queryEventLog(empty), { source: 'empty.jsonl' });
  expect(report.totals).toMatchObject({ lines: 0, pageViews: 0 });
  expect(report.funnel.all).toEqual([]);
  expect(report.problems).toEqual([]);
});
