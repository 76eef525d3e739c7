/**
 * The consent choices per market on a hand-made log (tests/fixtures/funnel/consent.jsonl), through the real
 * DuckDB, read whole, in two pieces into a database file, and between dates. Counted by hand from the file:
 *   de (opt-in): views pd1 pd2 pd3; choices accept 2, refuse 3, withdraw 1 → no choice not measured,
 *     consented before 3 − 2 = 1; accepted of accept + refuse 2 / 5.
 *   br (opt-out): views pb1 … pb5; accept 1, refuse 2 → no choice 5 − 3 = 2; 1 / 3.
 *   ru: views pr1 pr2, no choice made → no choice 2.
 *   kz: one accept under opt-out, one under opt-in (its mode changed): no choice not measured; no views.
 *   Kept out: a choice "maybe" (no_choice) and a choice without its market (no_landing).
 *   23 lines, 21 events (11 of them choices, which are no page view's), 10 page views.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryEventLog, readEventLog, type ConsentRow } from '../../../../reports/funnel/query';
import { buildFunnelReport } from '../../../../reports/funnel/report';
import { renderText } from '../../../../reports/funnel/text';
import { renderFunnelPage } from '../../../../reports/funnel/html';

jest.setTimeout(120_000);

const DAY = '2026-03-10';
const LOG = path.join(__dirname, '../..', '..', 'fixtures', 'funnel', 'consent.jsonl');
const LINES = fs.readFileSync(LOG, 'utf8').split('\n').filter(Boolean);
// The first ten lines, then the rest: a read in two pieces.
const FIRST = LINES.slice(0, 10);
const SECOND = LINES.slice(10);

const EXPECTED: ConsentRow[] = [
  { country: 'br', consentMode: 'opt-out', accepted: 1, refused: 2, withdrawn: 0 },
  { country: 'de', consentMode: 'opt-in', accepted: 2, refused: 3, withdrawn: 1 },
  { country: 'kz', consentMode: 'opt-in', accepted: 1, refused: 0, withdrawn: 0 },
  { country: 'kz', consentMode: 'opt-out', accepted: 1, refused: 0, withdrawn: 0 },
];

let dir: string;
const file = LOG;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-consent-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('counts each market’s choices under its mode; the choices are events but no page views', async () => {
  const result = await queryEventLog(file);
  expect(result.consent).toEqual(EXPECTED);
  expect(result.totals).toEqual({ lines: 23, events: 21, eventsInWindow: 21, pageViews: 10 });
  expect(result.badInput.map((row) => [row.problem, row.lines])).toEqual([
    ['no_choice', 1],
    ['no_landing', 1],
  ]);
});

test('the same counts read in two pieces into the database file, and between dates', async () => {
  const pieces = path.join(dir, 'pieces.jsonl');
  const database = path.join(dir, 'pieces.duckdb');
  fs.writeFileSync(pieces, FIRST.map((line) => `${line}\n`).join(''));
  const first = await readEventLog(pieces, { database });
  expect(first.result.consent).toEqual([
    { country: 'br', consentMode: 'opt-out', accepted: 0, refused: 1, withdrawn: 0 },
    { country: 'de', consentMode: 'opt-in', accepted: 1, refused: 2, withdrawn: 0 },
    { country: 'kz', consentMode: 'opt-out', accepted: 1, refused: 0, withdrawn: 0 },
  ]);
  fs.appendFileSync(pieces, SECOND.map((line) => `${line}\n`).join(''));
  const second = await readEventLog(pieces, { database });
  expect(second.ingest).toMatchObject({ startedAfresh: null, linesRead: SECOND.length });
  expect(second.result.consent).toEqual(EXPECTED);
  expect((await queryEventLog(file, { from: DAY, to: DAY })).consent).toEqual(EXPECTED);
  expect((await queryEventLog(file, { from: '2026-03-11' })).consent).toEqual([]);
});

test('the report says per market what consent costs, and what it cannot count', async () => {
  const report = buildFunnelReport(await queryEventLog(file), { source: 'consent.jsonl', minPageViews: 3 });
  const line = (country: string) => report.consent.find((entry) => entry.country === country);
  expect(line('de')).toMatchObject({ modes: ['opt-in'], views: 3, withoutChoice: null, consentedBefore: 1 });
  expect(line('de')?.acceptShare).toEqual({ count: 2, over: 5, rate: 0.4 });
  expect(line('br')).toMatchObject({ modes: ['opt-out'], views: 5, accepted: 1, refused: 2, withoutChoice: 2, consentedBefore: null });
  expect(line('br')?.acceptShare).toEqual({ count: 1, over: 3, rate: 1 / 3 });
  expect(line('ru')).toMatchObject({ modes: [], views: 2, accepted: 0, withoutChoice: 2 });
  expect(line('kz')).toMatchObject({ modes: ['opt-in', 'opt-out'], views: 0, accepted: 2, withoutChoice: null });
  // Over fewer than 3 choices a share is no figure.
  expect(line('kz')?.acceptShare.rate).toBeNull();

  const text = renderText(report);
  expect(text).toContain('CONSENT PER MARKET');
  expect(text).toMatch(/^de\s+opt-in\s+3\s+2\s+3\s+1\s+not measured \(1\)\s+40\.0%$/m);
  expect(text).toMatch(/^br\s+opt-out\s+5\s+1\s+2\s+0\s+2\s+33\.3%$/m);
  expect(text).toMatch(/^ru\s+no choice seen\s+2\s+0\s+0\s+0\s+2\s+not enough data$/m);
  const page = renderFunnelPage(report, { path: '/__qa/funnel', indexPath: '/__qa/' });
  expect(page).toContain('<caption>Consent per market</caption>');
  expect(page).toContain(
    '<th scope="row">de</th><td>opt-in</td><td>3</td><td>2</td><td>3</td><td>1</td><td>not measured (1)</td><td>40.0%</td>',
  );
  expect(page).toContain('cannot be counted');
});
