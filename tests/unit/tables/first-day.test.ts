/** A landing's first day in the tables: checked like the last day, and reported as upcoming until it comes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkChanges, checkSite, formatProblem } from '../../../tables/load';
import { buildPromoReport, formatPromoReport } from '../../../tables/promo-report';
import { DATA_DIR } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const QUIZ = 'promotions/zenit/ru/quiz.json';
const quiz = () => JSON.parse(fs.readFileSync(path.join(DATA_DIR, QUIZ), 'utf8')) as Record<string, unknown>;
const text = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`;
const errorsOf = (changes: Record<string, string | null>) => checkChanges(DATA_DIR, NOW, changes).errors.map(formatProblem);

test.each([
  ['1900-01-01', 'first_day "1900-01-01" is outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")'],
  ['2026-02-30', 'first_day "2026-02-30" is not a date (YYYY-MM-DD)'],
])('a first day of %s is refused as a last day would be', (first_day, message) => {
  expect(errorsOf({ [QUIZ]: text({ ...quiz(), first_day, date: '2027-03-31' }) })).toEqual([`data/${QUIZ}: zenit/ru/quiz: ${message}`]);
});

test('a first day after the last day is refused: the landing would never run', () => {
  expect(errorsOf({ [QUIZ]: text({ ...quiz(), first_day: '2027-04-01', date: '2027-03-31' }) })).toEqual([
    `data/${QUIZ}: zenit/ru/quiz: first_day "2027-04-01" is after the last day "2027-03-31": the landing would never run`,
  ]);
});

test('a first day on or before the last day is accepted', () => {
  expect(errorsOf({ [QUIZ]: text({ ...quiz(), first_day: '2027-03-31', date: '2027-03-31' }) })).toEqual([]);
  expect(errorsOf({ [QUIZ]: text({ ...quiz(), first_day: '2026-12-01', date: '2027-03-31' }) })).toEqual([]);
});

test('npm run promos reports a landing before its first day as upcoming, with where it redirects until then', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-day-'));
  try {
    fs.cpSync(DATA_DIR, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, QUIZ), text({ ...quiz(), first_day: '2026-11-23', date: '2027-03-31' }));
    const report = buildPromoReport(checkSite(dir, NOW), NOW);
    const row = report.rows.find((r) => r.brand === 'zenit' && r.country === 'ru' && r.slug === 'quiz')!;
    expect(row).toMatchObject({ status: 'upcoming', starts: '2026-11-23', ends: '2027-03-31', redirectsTo: '/zenit/ru/freebet30/' });
    expect(formatPromoReport(report)).toMatch(/ru\s+quiz\s.*upcoming from 2026-11-23 → \/zenit\/ru\/freebet30\//);
    expect(report.brands.find((b) => b.brand === 'zenit')!.byStatus.upcoming).toBe(1);
    // The next day, Moscow time, it runs.
    const later = Date.parse('2026-11-23T00:00:00+03:00');
    expect(buildPromoReport(checkSite(dir, later), later).rows.find((r) => r.slug === 'quiz' && r.brand === 'zenit')!.status).toBe(
      'active',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
