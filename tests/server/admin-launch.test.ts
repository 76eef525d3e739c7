/**
 * Launching in the editor (/__admin/launch, through a real decap-server): a new promotion, an existing
 * one in more countries, a landing duplicated onto other countries, each in one save whose every file
 * the build accepts; a launch the build refuses, or made from a stale page, writes nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startEditorBackend, type DecapServer } from '../../server/admin/decap-server';
import { checkSite } from '../../tables/load';
import { copyOfTables, makeApp } from './helpers';

/** The site's rebuild each save starts: done at once, the site's files are not what these tests read. */
const builtAtOnce = async () => ({ exitCode: 0, tail: '' });

const NOW = Date.parse('2026-12-07T12:00:00Z');

// Each launch runs the build's table checks on a copy of the tables; on a busy machine that takes seconds.
jest.setTimeout(90_000);

let repo: string;
let decap: DecapServer;
let app: FastifyInstance;

beforeAll(async () => {
  repo = copyOfTables('editor-launch-', { committed: true });
  decap = await startEditorBackend(repo, []);
  app = makeApp({ now: () => NOW, admin: { repoDir: repo, localBackend: decap.url, repo: 'o/r', build: builtAtOnce } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await decap?.stop();
  fs.rmSync(repo, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');
const changed = () =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();

async function launch(body: Record<string, unknown>) {
  const state = (await app.inject({ url: '/__admin/launch.json' })).json() as { base: Record<string, string | null> };
  const response = await app.inject({ method: 'POST', url: '/__admin/launch', payload: { base: state.base, ...body } });
  return response.json() as { ok: boolean; landings: string[]; files: string[]; problems: string[] };
}

const WINTER = {
  slug: 'winter50',
  offer: 'sportBonus',
  amount: true,
  promo: 'winter50',
  promoCodes: {
    zenit: { promo_code: 'ZWINTER50', promo_id: 1101 },
    zenbet: { promo_code: 'ZBWINTER50', promo_id: 2101 },
    cupis: { promo_code: 'ZRWINTER50', promo_id: 3101 },
  },
  brands: ['zenit'],
  countries: ['ru', 'kz'],
  amounts: { ru: 50000, kz: 250000 },
  row: { first_day: '2026-12-08', date: '2027-02-28' },
  texts: { kz: { 'offer.sportBonus.title': 'Қысқы бонус {amount} дейін' } },
};

test('the page and what its script reads are served under the editor’s policy', async () => {
  const page = await app.inject({ url: '/__admin/launch' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  expect(page.body).toContain('<h1>Launch a promotion</h1>');
  expect((await app.inject({ url: '/__admin/launch.js' })).statusCode).toBe(200);
  const state = (await app.inject({ url: '/__admin/launch.json' })).json();
  expect(state.texts.en['offer.sportBonus.title']).toBe('Welcome bonus up to {amount}');
  expect(Object.keys(state.base)).toContain('data/slugs.json');
});

test('a refused launch (a promo code the build does not take) writes nothing and says why in the build’s words', async () => {
  const answer = await launch({ ...WINTER, promoCodes: { ...WINTER.promoCodes, zenit: { promo_code: 'Z WINTER', promo_id: 1101 } } });
  expect(answer.ok).toBe(false);
  expect(answer.problems.join(' ')).toContain('promo_code must be letters and digits only');
  expect(changed()).toEqual([]);
});

test('a new promotion in two countries with a first day: one save of every file it needs, which the build accepts', async () => {
  const checked = await launch({ ...WINTER, dryRun: true });
  expect(checked).toMatchObject({ ok: true, landings: ['zenit/kz/winter50', 'zenit/ru/winter50'] });
  expect(changed()).toEqual([]);

  const answer = await launch(WINTER);
  expect(answer).toMatchObject({ ok: true, problems: [] });
  expect(changed()).toEqual([
    'data/i18n/kz.json',
    'data/offers.json',
    'data/promo-codes.json',
    'data/promotions/zenit/kz/winter50.json',
    'data/promotions/zenit/ru/winter50.json',
    'data/slugs.json',
  ]);
  expect(JSON.parse(read('data/promotions/zenit/ru/winter50.json'))).toEqual({
    brand: 'zenit',
    country: 'ru',
    slug: 'winter50',
    first_day: '2026-12-08',
    date: '2027-02-28',
  });
  expect(JSON.parse(read('data/slugs.json')).winter50).toEqual({
    offer: 'sportBonus',
    promo: 'winter50',
    amount: true,
    countries: ['ru', 'kz'],
    brands: ['zenit'],
  });
  expect(JSON.parse(read('data/offers.json')).kz.amounts.winter50).toBe(250000);
  expect(JSON.parse(read('data/i18n/kz.json'))['offer.sportBonus.title']).toBe('Қысқы бонус {amount} дейін');
  const site = checkSite(path.join(repo, 'data'), NOW);
  expect(site.problems).toEqual([]);
  expect(site.landings.filter((landing) => landing.slug === 'winter50').map((landing) => landing.path)).toEqual([
    '/zenit/kz/winter50/',
    '/zenit/ru/winter50/',
  ]);
});

test('a landing duplicated onto three countries: their files copy its days, with amounts for each', async () => {
  const answer = await launch({
    from: 'zenit/ru/winter50',
    brands: ['zenit'],
    countries: ['de', 'fr', 'tr'],
    amounts: { de: 500, fr: 500, tr: 20000 },
  });
  expect(answer.problems).toEqual([]);
  expect(answer).toMatchObject({ ok: true, landings: ['zenit/de/winter50', 'zenit/fr/winter50', 'zenit/tr/winter50'] });
  expect(JSON.parse(read('data/promotions/zenit/tr/winter50.json'))).toEqual({
    brand: 'zenit',
    country: 'tr',
    slug: 'winter50',
    first_day: '2026-12-08',
    date: '2027-02-28',
  });
  expect(JSON.parse(read('data/slugs.json')).winter50.countries).toEqual(['ru', 'kz', 'de', 'fr', 'tr']);
  expect(checkSite(path.join(repo, 'data'), NOW).problems).toEqual([]);
});

test('a country without its amount is refused with the build’s words, and nothing is written', async () => {
  const before = changed().map((file) => [file, read(file)]);
  const answer = await launch({ from: 'zenit/ru/winter50', brands: ['zenit'], countries: ['mx'] });
  expect(answer.ok).toBe(false);
  expect(answer.problems.join(' ')).toContain('no amount for winter50');
  expect(changed().map((file) => [file, read(file)])).toEqual(before);
});

test('a launch from a page read before another save is refused, and that save is kept', async () => {
  const stale = (await app.inject({ url: '/__admin/launch.json' })).json() as { base: Record<string, string | null> };
  fs.writeFileSync(
    path.join(repo, 'data/slugs.json'),
    read('data/slugs.json').replace('"winter50": {', '"winter50": {\n    "creative": "cybersport.png",'),
  );
  const kept = read('data/slugs.json');
  const answer = (
    await app.inject({
      method: 'POST',
      url: '/__admin/launch',
      payload: { base: stale.base, from: 'zenit/ru/winter50', brands: ['zenit'], countries: ['uz'], amounts: { uz: 1000000 } },
    })
  ).json() as { ok: boolean; problems: string[] };
  expect(answer.ok).toBe(false);
  expect(answer.problems.join(' ')).toContain('data/slugs.json was changed since you opened it');
  expect(read('data/slugs.json')).toBe(kept);
  expect(fs.existsSync(path.join(repo, 'data/promotions/zenit/uz/winter50.json'))).toBe(false);
});

test('an existing slug limited to some countries is added to another: its file, the country in slugs.json', async () => {
  const answer = await launch({
    slug: 'quiz',
    brands: ['zenit', 'zenbet', 'cupis'],
    countries: ['kz'],
    row: { date: '2099-12-31' },
  });
  expect(answer).toMatchObject({ ok: true, landings: ['zenit/kz/quiz', 'zenbet/kz/quiz'] });
  expect(JSON.parse(read('data/slugs.json')).quiz.countries).toEqual(['ru', 'kz']);
});

test('a slug that runs in every country and brand chosen already says so', async () => {
  const answer = await launch({ slug: 'bonus20000', brands: ['zenit'], countries: ['ru'], row: { date: '2099-12-31' } });
  expect(answer).toMatchObject({
    ok: false,
    problems: ['bonus20000 runs already in every brand and country chosen: edit those landings instead'],
  });
});
