/**
 * The design's guards in the tables' rules, so the build (and the editor, which checks with them) refuses
 * each with the file, the field and what to do: a day outside the tables' window, copy longer than a
 * phone shows or with markup, a redirect to a landing that is over, a new split under an experiment's id.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkChanges, checkSite, formatProblem } from '../../../tables/load';
import { nextExperimentId, withNewExperiments } from '../../../tables/experiment-ledger';
import { DATA_DIR } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

type Json = any;

const read = (file: string): Json => JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'));
const text = (json: Json) => `${JSON.stringify(json, null, 2)}\n`;
const errorsOf = (changes: Record<string, string | null>) => checkChanges(DATA_DIR, NOW, changes).errors.map(formatProblem);
const warningsOf = (changes: Record<string, string | null>) => checkChanges(DATA_DIR, NOW, changes).warnings.map(formatProblem);
const QUIZ = 'promotions/zenit/ru/quiz.json';

test.each([
  ['1900-01-01', 'date "1900-01-01" is outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")'],
  ['2019-12-31', 'date "2019-12-31" is outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")'],
  ['2100-01-01', 'date "2100-01-01" is outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")'],
])('a last day of %s is refused', (date, message) => {
  expect(errorsOf({ [QUIZ]: text({ ...read(QUIZ), date }) })).toEqual([`data/${QUIZ}: zenit/ru/quiz: ${message}`]);
});

test('the first and the last day of the window are days a landing may end on', () => {
  expect(errorsOf({ [QUIZ]: text({ ...read(QUIZ), date: '2020-01-01' }) })).toEqual([]);
  expect(errorsOf({ [QUIZ]: text({ ...read(QUIZ), date: '2099-12-31' }) })).toEqual([]);
});

test('a 5,000-character headline in the texts is refused with the length a phone shows', () => {
  const kz = read('i18n/kz.json');
  expect(errorsOf({ 'i18n/kz.json': text({ ...kz, 'offer.freebet.title': `{amount} ${'Ұ'.repeat(4991)}` }) })).toEqual([
    'data/i18n/kz.json: offer.freebet.title: is 5000 characters; a headline shows whole on a 320 px phone at 200 % text up to 80: shorten it',
  ]);
});

test('an offer line and a button past their lengths are refused; the longest the limits allow pass', () => {
  const en = read('i18n/en.json');
  expect(errorsOf({ 'i18n/en.json': text({ ...en, 'offer.quiz.text': 'a'.repeat(181), 'cta.play': 'b'.repeat(61) }) })).toEqual([
    'data/i18n/en.json: cta.play: is 61 characters; a button shows whole on a 320 px phone at 200 % text up to 60: shorten it',
    'data/i18n/en.json: offer.quiz.text: is 181 characters; an offer line shows whole on a 320 px phone at 200 % text up to 180: shorten it',
  ]);
  expect(errorsOf({ 'i18n/en.json': text({ ...en, 'offer.quiz.text': 'a'.repeat(180), 'cta.play': 'b'.repeat(60) }) })).toEqual([]);
});

test('copy with a tag or a script address is refused, in the texts and in a variant', () => {
  const kz = read('i18n/kz.json');
  expect(
    errorsOf({ 'i18n/kz.json': text({ ...kz, 'cta.register': 'Тіркелу <b>қазір</b>', 'header.login': 'javascript:alert(1)' }) }),
  ).toEqual([
    'data/i18n/kz.json: header.login: has markup ("javascript:"): the page shows copy as written, so write it without tags or script addresses',
    'data/i18n/kz.json: cta.register: has markup ("<b"): the page shows copy as written, so write it without tags or script addresses',
  ]);
  const file = 'promotions/zenit/ru/bonus25000.json';
  const row = read(file);
  row.experiment.variants[1].texts.ru.headline = '<img src=x onerror=alert(1)>';
  expect(errorsOf({ [file]: text(row) })).toEqual([
    `data/${file}: zenit/ru/bonus25000: experiment "bonus25000-headline-1": variant "take-bonus": headline: has markup ("<i"): the page shows copy as written, so write it without tags or script addresses`,
  ]);
});

test('a variant headline longer than a phone shows is refused, naming the experiment and the variant', () => {
  const file = 'promotions/zenit/ru/bonus25000.json';
  const row = read(file);
  row.experiment.variants[1].texts.ru.headline = 'Заберите '.repeat(10);
  expect(errorsOf({ [file]: text(row) })).toEqual([
    `data/${file}: zenit/ru/bonus25000: experiment "bonus25000-headline-1": variant "take-bonus": headline: is 90 characters; a headline shows whole on a 320 px phone at 200 % text up to 80: shorten it`,
  ]);
});

test('a running landing sent to a landing that is over is the chain npm run promos stops on', () => {
  expect(warningsOf({ [QUIZ]: text({ ...read(QUIZ), redirect_to: '/zenit/ru/US-Open/' }) })).toEqual([
    `data/${QUIZ}: zenit/ru/quiz: redirect chain: redirect_to /zenit/ru/US-Open/ is a landing that is over (its last day was 2021-09-12); point redirect_to at an open landing`,
  ]);
  expect(warningsOf({ [QUIZ]: text({ ...read(QUIZ), redirect_to: '/zenit/ru/freebet35/' }) })).toEqual([]);
});

describe('the experiments ledger', () => {
  const file = 'promotions/zenit/ru/bonus25000.json';

  test('re-weighting a running experiment under its id is refused with a new id to use', () => {
    const row = read(file);
    row.experiment.variants[0].weight = 60;
    row.experiment.variants[1].weight = 40;
    expect(errorsOf({ [file]: text(row) })).toEqual([
      `data/${file}: zenit/ru/bonus25000: experiment "bonus25000-headline-1" started as control 50 · take-bonus 50 (data/experiments-ledger.json), not control 60 · take-bonus 40: new weights or variants would move visitors already counted, so give it a new id, such as "bonus25000-headline-2"`,
    ]);
  });

  test('a variant added under the id is refused; the same change under a new, recorded id passes', () => {
    const row = read(file);
    row.experiment.variants = [
      { id: 'control', weight: 34 },
      { ...row.experiment.variants[1], weight: 33 },
      { id: 'bold', weight: 33, texts: { ru: { headline: 'Бонус до {amount}' } } },
    ];
    expect(errorsOf({ [file]: text(row) })).toEqual([expect.stringContaining('started as control 50 · take-bonus 50')]);
    row.experiment.id = 'bonus25000-headline-2';
    expect(errorsOf({ [file]: text(row) })).toEqual([
      `data/${file}: zenit/ru/bonus25000: experiment "bonus25000-headline-2" is not in data/experiments-ledger.json: record its split there ("bonus25000-headline-2": {"control":34,"take-bonus":33,"bold":33}), which keeps it for good`,
    ]);
    const ledger = withNewExperiments(read('experiments-ledger.json'), { slugs: {}, promotions: [row] });
    expect(ledger).toMatchObject({ 'bonus25000-headline-2': { control: 34, 'take-bonus': 33, bold: 33 } });
    expect(errorsOf({ [file]: text(row), 'experiments-ledger.json': text(ledger) })).toEqual([]);
  });

  test('new texts under the id keep the split, and the ledger has nothing to add', () => {
    const row = read(file);
    row.experiment.variants[1].texts.ru.headline = 'Заберите бонус до {amount}';
    expect(errorsOf({ [file]: text(row) })).toEqual([]);
    expect(withNewExperiments(read('experiments-ledger.json'), { slugs: {}, promotions: [row] })).toBeNull();
  });

  test('a new id counts on from the old one and skips ids already used', () => {
    expect(nextExperimentId('autumn', {})).toBe('autumn-2');
    expect(nextExperimentId('autumn-2', { 'autumn-3': {} })).toBe('autumn-4');
  });

  test('the shipped tables record every experiment they run', () => {
    expect(checkSite(DATA_DIR, NOW).problems.filter((problem) => problem.message.includes('ledger'))).toEqual([]);
  });
});
