/** POST /__admin/check: the build's own table checks on the tree with the edited file in place; nothing is written. */
import fs from 'node:fs';
import path from 'node:path';
import { sha256 } from '../../server/admin/check';
import { makeApp } from './helpers';

const root = path.resolve(__dirname, '../..');
const kz = () => JSON.parse(fs.readFileSync(path.join(root, 'data/i18n/kz.json'), 'utf8'));

async function check(edit: Record<string, unknown>): Promise<{ ok: boolean; problems: string[] }> {
  const app = makeApp({ admin: { repoDir: root, localBackend: null, repo: 'o/r' } });
  const response = await app.inject({ method: 'POST', url: '/__admin/check', payload: edit });
  await app.close();
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('a text that keeps its placeholders passes', async () => {
  const data = { ...kz(), 'offer.spins.title': '{count} тегін айналым бонус ретінде' };
  expect(await check({ path: 'data/i18n/kz.json', data })).toEqual({ ok: true, problems: [] });
});

test('a text that drops a placeholder is refused with the build’s message, and the file is untouched', async () => {
  const before = fs.readFileSync(path.join(root, 'data/i18n/kz.json'), 'utf8');
  const data = { ...kz(), 'offer.spins.title': 'Тегін айналымдар' };
  expect(await check({ path: 'data/i18n/kz.json', data })).toEqual({
    ok: false,
    problems: ['data/i18n/kz.json: offer.spins.title: placeholders [] differ from ["count"] in en.json'],
  });
  expect(fs.readFileSync(path.join(root, 'data/i18n/kz.json'), 'utf8')).toBe(before);
});

test('an emptied text is refused as missing', async () => {
  const { 'offer.quiz.title': _dropped, ...data } = kz();
  expect((await check({ path: 'data/i18n/kz.json', data })).problems).toEqual(['data/i18n/kz.json: offer.quiz.title: missing translation']);
});

test('only files in data/ are checked', async () => {
  expect(await check({ path: 'src/domain/paths.ts', data: {} })).toEqual({
    ok: false,
    problems: ['src/domain/paths.ts: the editor writes only files in data/'],
  });
  expect((await check({ path: 'data/../package.json', data: {} })).ok).toBe(false);
});

const landing = (file: string) => JSON.parse(fs.readFileSync(path.join(root, 'data/promotions', file), 'utf8'));

test('weights adding up to 90 are refused with the build’s message', async () => {
  const row = landing('zenit/ru/bonus25000.json');
  row.experiment.variants[0].weight = 40;
  const file = 'data/promotions/zenit/ru/bonus25000.json';
  expect(await check({ path: file, previousPath: file, data: row })).toEqual({
    ok: false,
    problems: [`${file}: zenit/ru/bonus25000: experiment "bonus25000-headline-1": the weights add up to 90, not 100`],
  });
});

test('a redirect to the landing itself is refused as a loop', async () => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  const row = { ...landing('zenit/ru/quiz.json'), redirect_to: '/zenit/ru/quiz/' };
  expect((await check({ path: file, previousPath: file, data: row })).problems).toEqual([
    `${file}: zenit/ru/quiz: redirect loop: /zenit/ru/quiz/ → /zenit/ru/quiz/`,
  ]);
});

test('a new landing whose file exists is refused as a duplicate', async () => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  expect(await check({ path: file, isNew: true, data: landing('zenit/ru/quiz.json') })).toEqual({
    ok: false,
    problems: [`${file}: duplicate entry: the landing has a file already; edit that one`],
  });
});

const market = (country: string) => JSON.parse(fs.readFileSync(path.join(root, `data/markets/${country}.json`), 'utf8'));

test("a market's save is checked like every other table: a licence the market requires is asked for by brand", async () => {
  const file = 'data/markets/br.json';
  const data = market('br');
  data.notices.operator.requireLicence = true;
  data.notices.operator.brands.zenit.licence = 'SPA/MF 0000/2025';
  expect(await check({ path: file, previousPath: file, data })).toEqual({
    ok: false,
    problems: [
      `${file}: notices/operator/brands/zenbet: licence: this market requires the licence on every page (requireLicence); the operator fills it in`,
    ],
  });
  data.notices.operator.brands.zenbet.licence = 'SPA/MF 0001/2025';
  expect(await check({ path: file, previousPath: file, data })).toEqual({ ok: true, problems: [] });
});

test("a market's consent mode is one of the three the site knows", async () => {
  const file = 'data/markets/de.json';
  expect((await check({ path: file, previousPath: file, data: { ...market('de'), consent: 'implied' } })).problems).toEqual([
    `${file}: consent: Invalid option: expected one of "opt-in"|"opt-out"|"none"`,
  ]);
});

test('a save from a tab opened before the file changed is refused, saying to reload', async () => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  const row = landing('zenit/ru/quiz.json');
  const current = sha256(fs.readFileSync(path.join(root, file)));
  expect(await check({ path: file, previousPath: file, data: { ...row, date: '2027-03-31' }, base: current })).toEqual({
    ok: true,
    problems: [],
  });
  expect(await check({ path: file, previousPath: file, data: { ...row, date: '2027-03-31' }, base: sha256('an older copy') })).toEqual({
    ok: false,
    problems: [
      `${file} was changed since you opened it (saved from another tab or by someone else), so your change is not saved and theirs is kept: reload the page to see the file as it is now, then make your change again`,
    ],
  });
});

test('a redirect to a landing that is over is refused as npm run promos refuses the chain', async () => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  const row = { ...landing('zenit/ru/quiz.json'), redirect_to: '/zenit/ru/US-Open/' };
  expect((await check({ path: file, previousPath: file, data: row })).problems).toEqual([
    `${file}: zenit/ru/quiz: redirect chain: redirect_to /zenit/ru/US-Open/ is a landing that is over (its last day was 2021-09-12); point redirect_to at an open landing`,
  ]);
});
