/**
 * The promotions table as one file per landing (tables/promotion-files.ts): a small tree written by
 * hand is read back as the rows the build expects, in the catalogue's order, and written as it is kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  inCatalogueOrder,
  parsePromotionFile,
  promotionFile,
  promotionFileText,
  readPromotionFiles,
  writePromotionFiles,
} from '../../../tables/promotion-files';
import type { FileProblem } from '../../../tables/tables';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-files-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function put(file: string, text: string): void {
  const full = path.join(dataDir, 'promotions', file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

const QUIZ = '{\n  "brand": "zenit",\n  "country": "ru",\n  "slug": "quiz",\n  "date": "2026-12-31"\n}\n';

test('a tree of landing files reads as their rows, sorted by brand, country and slug', () => {
  put('zenit/ru/quiz.json', QUIZ);
  put('cupis/ru/freebet30.json', '{"brand": "cupis", "country": "ru", "slug": "freebet30", "date": "2099-12-31"}');
  put(
    'zenit/de/US-Open.json',
    '{"brand": "zenit", "country": "de", "slug": "US-Open", "date": "2021-09-12", "redirect_to": "/zenit/de/freebet35/"}',
  );
  put(
    'zenit/ru/ab.json',
    JSON.stringify({
      brand: 'zenit',
      country: 'ru',
      slug: 'ab',
      date: '2099-12-31',
      experiment: {
        id: 'ab-1',
        variants: [
          { id: 'control', weight: 60 },
          { id: 'bold', weight: 40, texts: { ru: { cta: 'Жми' } } },
        ],
      },
    }),
  );
  const problems: FileProblem[] = [];
  expect(readPromotionFiles(dataDir, problems)).toEqual([
    { brand: 'cupis', country: 'ru', slug: 'freebet30', date: '2099-12-31' },
    { brand: 'zenit', country: 'de', slug: 'US-Open', date: '2021-09-12', redirect_to: '/zenit/de/freebet35/' },
    {
      brand: 'zenit',
      country: 'ru',
      slug: 'ab',
      date: '2099-12-31',
      experiment: {
        id: 'ab-1',
        variants: [
          { id: 'control', weight: 60 },
          { id: 'bold', weight: 40, texts: { ru: { cta: 'Жми' } } },
        ],
      },
    },
    { brand: 'zenit', country: 'ru', slug: 'quiz', date: '2026-12-31' },
  ]);
  expect(problems).toEqual([]);
});

test('the rows come in the catalogue’s order, the landings it lacks after them', () => {
  const row = (brand: string, country: string, slug: string) => ({ brand, country, slug, date: '2099-12-31' });
  const planned = [
    { brand: 'zenit', country: 'ru', slug: 'quiz' },
    { brand: 'zenit', country: 'ru', slug: 'ab' },
    { brand: 'cupis', country: 'ru', slug: 'freebet30' },
  ];
  const rows = [row('cupis', 'ru', 'freebet30'), row('zenit', 'xx', 'quiz'), row('zenit', 'ru', 'ab'), row('zenit', 'ru', 'quiz')];
  expect(inCatalogueOrder(rows, planned)).toEqual([
    row('zenit', 'ru', 'quiz'),
    row('zenit', 'ru', 'ab'),
    row('cupis', 'ru', 'freebet30'),
    row('zenit', 'xx', 'quiz'),
  ]);
});

test('one bad file refuses the table, naming that file, its landing and the reason', () => {
  put('zenit/ru/quiz.json', QUIZ);
  put('zenit/ru/people.json', '{"brand": "zenit", "country": "ru", "slug": "people", "date": "soon"}');
  put('zenit/ru/notes.txt', 'remember');
  const problems: FileProblem[] = [];
  expect(readPromotionFiles(dataDir, problems)).toBeUndefined();
  expect(problems).toEqual([
    {
      severity: 'error',
      file: 'data/promotions/zenit/ru/notes.txt',
      entry: '(file)',
      message: "not a landing's file: each landing has data/promotions/{brand}/{country}/{slug}.json and the folder holds nothing else",
    },
    {
      severity: 'error',
      file: 'data/promotions/zenit/ru/people.json',
      entry: 'zenit/ru/people',
      message: 'date "soon" is not a date (YYYY-MM-DD)',
    },
  ]);
});

test('a problem inside an experiment names the experiment and the variant', () => {
  const key = { brand: 'zenit', country: 'ru', slug: 'ab' };
  const withWeights = (control: number, bold: number) =>
    JSON.stringify({
      ...key,
      date: '2099-12-31',
      experiment: {
        id: 'ab-1',
        variants: [
          { id: 'control', weight: control },
          { id: 'bold', weight: bold },
        ],
      },
    });
  expect(parsePromotionFile(key, withWeights(50, 50.5)).problems).toEqual([
    {
      severity: 'error',
      file: 'data/promotions/zenit/ru/ab.json',
      entry: 'zenit/ru/ab',
      message: 'experiment "ab-1": variant "bold": weight must be a whole number of percent',
    },
  ]);
  expect(parsePromotionFile(key, withWeights(50, 40)).problems.map((problem) => problem.message)).toEqual([
    'experiment "ab-1": the weights add up to 90, not 100',
  ]);
  expect(parsePromotionFile(key, withWeights(50, 50))).toEqual({ row: JSON.parse(withWeights(50, 50)), problems: [] });
});

test('a file is written with the keys in the schema’s order, two-space indented, with a final newline', () => {
  expect(promotionFile({ brand: 'zenit', country: 'ru', slug: 'quiz' })).toBe('promotions/zenit/ru/quiz.json');
  expect(promotionFileText({ date: '2026-12-31', slug: 'quiz', brand: 'zenit', country: 'ru' })).toBe(QUIZ);
  expect(
    promotionFileText({ brand: 'zenit', country: 'ru', slug: 'quiz', date: '2026-12-31', experiment: { id: 'x' }, redirect_to: '/' }),
  ).toBe(
    '{\n  "brand": "zenit",\n  "country": "ru",\n  "slug": "quiz",\n  "date": "2026-12-31",\n  "redirect_to": "/",\n  "experiment": {\n    "id": "x"\n  }\n}\n',
  );
});

test('writing rows replaces the folder: a row left out is a file removed', () => {
  put('zenit/ru/gone.json', '{"brand": "zenit", "country": "ru", "slug": "gone", "date": "2099-12-31"}');
  writePromotionFiles(dataDir, [{ brand: 'zenit', country: 'ru', slug: 'quiz', date: '2026-12-31' }]);
  expect(fs.readdirSync(path.join(dataDir, 'promotions'), { recursive: true })).toEqual([
    'zenit',
    path.join('zenit', 'ru'),
    path.join('zenit', 'ru', 'quiz.json'),
  ]);
  expect(fs.readFileSync(path.join(dataDir, 'promotions', 'zenit', 'ru', 'quiz.json'), 'utf8')).toBe(QUIZ);
});
