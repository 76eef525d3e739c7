/**
 * A save checked before it is written (checkChanges): the files as the editor would leave them get the
 * build's own verdict, rules across rows and files included, and nothing on disk changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkChanges, formatProblem } from '../../../tables/load';
import { DATA_DIR, editedPromotionFile } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

type Row = Record<string, unknown>;

const fileOf = (name: string) => `promotions/${name}.json`;
const rowOf = (name: string): Row => JSON.parse(fs.readFileSync(path.join(DATA_DIR, fileOf(name)), 'utf8'));
const text = (row: Row) => `${JSON.stringify(row, null, 2)}\n`;
const errorsOf = (changes: Record<string, string | null>, dataDir = DATA_DIR) =>
  checkChanges(dataDir, NOW, changes).errors.map(formatProblem);

test('a valid save has nothing to say, and the tables on disk stay as they were', () => {
  const before = fs.readFileSync(path.join(DATA_DIR, fileOf('zenit/ru/quiz')), 'utf8');
  expect(checkChanges(DATA_DIR, NOW, { [fileOf('zenit/ru/quiz')]: text({ ...rowOf('zenit/ru/quiz'), date: '2027-03-31' }) })).toEqual({
    errors: [],
    warnings: [],
  });
  expect(fs.readFileSync(path.join(DATA_DIR, fileOf('zenit/ru/quiz')), 'utf8')).toBe(before);
});

test('weights adding up to 90 are refused with the build’s message', () => {
  const row = rowOf('zenit/ru/bonus25000') as { experiment: { id: string; variants: { weight: number }[] } };
  const variants = row.experiment.variants.map((variant, index) => ({ ...variant, weight: index ? 40 : 50 }));
  expect(errorsOf({ [fileOf('zenit/ru/bonus25000')]: text({ ...row, experiment: { ...row.experiment, variants } }) })).toEqual([
    'data/promotions/zenit/ru/bonus25000.json: zenit/ru/bonus25000: experiment "bonus25000-headline-1": the weights add up to 90, not 100',
  ]);
});

test('a variant without the language of its landing is refused', () => {
  const experiment = {
    id: 'autumn-headline',
    variants: [
      { id: 'control', weight: 50 },
      { id: 'bold', weight: 50, texts: { de: { headline: 'Bis zu {amount} für die ersten Wetten' } } },
    ],
  };
  const ledger = {
    ...JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'experiments-ledger.json'), 'utf8')),
    'autumn-headline': { control: 50, bold: 50 },
  };
  expect(
    errorsOf({
      [fileOf('zenit/ru/bonus20000')]: text({ ...rowOf('zenit/ru/bonus20000'), experiment }),
      'experiments-ledger.json': JSON.stringify(ledger),
    }),
  ).toEqual([
    'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: experiment "autumn-headline": variant "bold" has no texts in "ru", the language of zenit/ru/bonus20000',
  ]);
});

test('a redirect chain closed into a loop by a second file is refused, naming both landings', () => {
  const changes = {
    [fileOf('zenit/mx/people')]: text({ ...rowOf('zenit/mx/people'), redirect_to: '/zenit/mx/products/' }),
    [fileOf('zenit/mx/products')]: text({ ...rowOf('zenit/mx/products'), redirect_to: '/zenit/mx/people/' }),
  };
  expect(errorsOf(changes)).toEqual([
    'data/promotions/zenit/mx/people.json: zenit/mx/people: redirect loop: /zenit/mx/people/ → /zenit/mx/products/ → /zenit/mx/people/',
    'data/promotions/zenit/mx/products.json: zenit/mx/products: redirect loop: /zenit/mx/products/ → /zenit/mx/people/ → /zenit/mx/products/',
  ]);
});

test('an experiment id another landing already uses is refused', () => {
  const { experiment } = rowOf('zenit/ru/bonus25000');
  expect(errorsOf({ [fileOf('zenit/ru/bonus30000')]: text({ ...rowOf('zenit/ru/bonus30000'), experiment }) })).toEqual([
    'data/promotions/zenit/ru/bonus30000.json: zenit/ru/bonus30000: experiment "bonus25000-headline-1": the id is taken by data/promotions/zenit/ru/bonus25000.json: zenit/ru/bonus25000; every experiment needs an id of its own',
  ]);
});

test('a new file for a landing the catalogue lacks, a removed file and a misplaced row are refused', () => {
  expect(
    errorsOf({ [fileOf('zenbet/tm/bonus20000')]: text({ brand: 'zenbet', country: 'tm', slug: 'bonus20000', date: '2099-12-31' }) }),
  ).toEqual([
    'data/promotions/zenbet/tm/bonus20000.json: zenbet/tm/bonus20000: no such landing: zenbet has no country "tm" (data/brands.json gives it ae, bn, br, de, en, fr, ir, kz, mx, ru, sw, tr, uz, vi)',
  ]);
  expect(errorsOf({ [fileOf('cupis/ru/quiz')]: null })).toEqual([
    'data/promotions/cupis/ru/quiz.json: cupis/ru/quiz: missing entry: every landing needs a row with its end date (2099-12-31 for a permanent one)',
  ]);
  expect(errorsOf({ [fileOf('zenit/ru/quiz')]: text({ ...rowOf('zenit/ru/quiz'), slug: 'people' }) })).toEqual([
    "data/promotions/zenit/ru/quiz.json: zenit/ru/quiz: brand, country and slug say zenit/ru/people, but the file's place says zenit/ru/quiz: move the file to data/promotions/zenit/ru/people.json or correct them",
  ]);
});

test('a change to another table is checked against the landings: a slug whose promo key does not exist', () => {
  const slugs = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'slugs.json'), 'utf8'));
  slugs.people.promo = 'bonus99k';
  expect(errorsOf({ 'slugs.json': JSON.stringify(slugs) })).toEqual([
    'data/slugs.json: people: promo "bonus99k" is not a key of data/promo-codes.json',
  ]);
});

test('a problem another file already has does not hold a save back, and is not counted as the save’s', () => {
  const broken = editedPromotionFile('zenit/fr/people', text({ ...rowOf('zenit/fr/people'), redirect_to: '/zenit/fr/nowhere/' }));
  try {
    expect(errorsOf({ [fileOf('zenit/ru/quiz')]: text({ ...rowOf('zenit/ru/quiz'), date: '2027-03-31' }) }, broken)).toEqual([]);
    expect(errorsOf({ [fileOf('zenit/ru/quiz')]: text({ ...rowOf('zenit/ru/quiz'), date: '31.03.2027' }) }, broken)).toEqual([
      'data/promotions/zenit/ru/quiz.json: zenit/ru/quiz: date "31.03.2027" is not a date (YYYY-MM-DD)',
    ]);
  } finally {
    fs.rmSync(broken, { recursive: true, force: true });
  }
});
