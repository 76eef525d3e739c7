/** The editor's config at /__admin/config.yml: fields and choices from the schemas and the tables, status filters by date. */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { isSitePath } from '../../src/domain/paths';
import { tableDateProblem } from '../../src/domain/expiry';
import { DATE_WINDOW_PATTERN, editorConfig, type Field } from '../../server/admin/collections';
import { SITE_PATH_PATTERN } from '../../server/admin/site-path-pattern';
import { statusPatterns, upcomingPattern } from '../../server/admin/status-patterns';
import { makeApp } from './helpers';

const root = path.resolve(__dirname, '../..');
const dataDir = path.join(root, 'data');
const NOW = Date.parse('2026-12-01T12:00:00Z');

type Collection = {
  name: string;
  fields?: Field[];
  files?: Array<{ name: string; file: string; fields: Field[] }>;
  view_filters: Array<{ label: string; pattern: string }>;
};

function config(): { collections: Collection[]; [key: string]: unknown } {
  return editorConfig(dataDir, {
    localBackend: 'http://127.0.0.1:8081/api/v1',
    backend: { name: 'github', repo: 'o/r' },
    now: NOW,
  }) as never;
}

const field = (fields: Field[], name: string) => fields.find((candidate) => candidate.name === name)!;

test('the promotions collection: one file per landing, brand, country and slug as selects of what exists', () => {
  const promotions = config().collections.find((collection) => collection.name === 'promotions')!;
  expect(promotions).toMatchObject({
    folder: 'data/promotions',
    extension: 'json',
    path: '{{fields.brand}}/{{fields.country}}/{{fields.slug}}',
  });
  const fields = promotions.fields!;
  expect(fields.map((candidate) => candidate.name)).toEqual([
    'brand',
    'country',
    'slug',
    'first_day',
    'date',
    'redirect_to',
    'promo',
    'creative',
    'experiment',
  ]);
  expect(field(fields, 'brand')).toMatchObject({ widget: 'select', options: ['zenit', 'zenbet', 'cupis'], required: true });
  expect(field(fields, 'country').options).toHaveLength(16);
  expect(field(fields, 'slug').options).toContain('quiz');
  expect(field(fields, 'date')).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', time_format: false });
  expect(field(fields, 'first_day')).toMatchObject({ label: 'First day', widget: 'datetime', format: 'YYYY-MM-DD', required: false });
  expect(field(fields, 'redirect_to')).toMatchObject({ widget: 'select', required: false });
  expect(field(fields, 'redirect_to').options).toContain('/zenit/ru/freebet35/');
  expect(field(fields, 'promo').options).toEqual(expect.arrayContaining(['casino', 'casino20k']));
  expect(field(fields, 'creative')).toMatchObject({ widget: 'image', media_folder: '/data/creatives', required: false });
});

test('experiments: variants with ids, whole-percent weights, texts per language, creative and section order', () => {
  const fields = config().collections.find((collection) => collection.name === 'promotions')!.fields!;
  const experiment = field(fields, 'experiment') as Field & { fields: Field[] };
  const variants = field(experiment.fields, 'variants') as Field & { fields: Field[] };
  expect(variants.widget).toBe('list');
  const inVariant = variants.fields;
  expect(inVariant.map((candidate) => candidate.name)).toEqual(['id', 'weight', 'texts', 'creative', 'sections']);
  expect(field(inVariant, 'weight')).toMatchObject({ widget: 'number', value_type: 'int', min: 1, max: 99, required: true });
  expect(new RegExp((field(inVariant, 'id').pattern as string[])[0]).test('take-bonus')).toBe(true);
  expect(new RegExp((field(inVariant, 'id').pattern as string[])[0]).test('Take Bonus')).toBe(false);
  const texts = field(inVariant, 'texts') as Field & { fields: Array<Field & { fields: Field[] }> };
  expect(texts.fields.map((language) => language.name)).toContain('kz');
  expect((field(texts.fields, 'kz').fields as Field[]).map((text) => text.name)).toEqual(['headline', 'offer', 'cta']);
  expect(field(inVariant, 'sections')).toMatchObject({
    widget: 'list',
    field: { widget: 'select', options: ['offer', 'registration', 'games', 'steps', 'odds', 'payments'] },
  });
});

test('texts: one file per language, every key of en.json with the English text as its hint', () => {
  const texts = config().collections.find((collection) => collection.name === 'texts')!;
  expect(texts.files).toHaveLength(16);
  const kz = texts.files!.find((file) => file.name === 'kz')!;
  expect(kz.file).toBe('data/i18n/kz.json');
  const english = JSON.parse(fs.readFileSync(path.join(dataDir, 'i18n/en.json'), 'utf8'));
  expect(kz.fields).toHaveLength(Object.keys(english).length - 1);
  expect(field(kz.fields, 'offer.quiz.title').hint).toBe('English: Sports quiz with prizes');
});

test('markets: one file per country, the consent mode a select of the three, the notices folded, the operator by brand', () => {
  const markets = config().collections.find((collection) => collection.name === 'markets')!;
  expect(markets.files!.map((file) => file.name)).toEqual([
    'ae',
    'bn',
    'br',
    'de',
    'en',
    'fr',
    'ir',
    'kz',
    'mx',
    'ru',
    'sw',
    'tm',
    'tr',
    'ua',
    'uz',
    'vi',
  ]);
  const de = markets.files!.find((file) => file.name === 'de')!;
  expect(de.file).toBe('data/markets/de.json');
  expect(field(de.fields, 'consent')).toMatchObject({ widget: 'select', options: ['opt-in', 'opt-out', 'none'], required: true });
  const notices = field(de.fields, 'notices') as Field & { fields: Field[] };
  expect(notices).toMatchObject({ widget: 'object', required: false });
  expect(field(notices.fields, 'place')).toMatchObject({ widget: 'select', options: ['offer', 'footer'] });
  expect(field(notices.fields, 'lines')).toMatchObject({
    widget: 'list',
    field: { widget: 'select', options: ['risk', 'help', 'health'] },
  });
  const operator = field(notices.fields, 'operator') as Field & { fields: Field[] };
  expect(field(operator.fields, 'requireLicence').widget).toBe('boolean');
  const brands = field(operator.fields, 'brands') as Field & { fields: Array<Field & { fields: Field[] }> };
  expect(brands.fields.map((brand) => brand.name)).toEqual(['zenit', 'zenbet', 'cupis']);
  expect((field(brands.fields, 'zenbet') as Field & { fields: Field[] }).fields.map((inner) => inner.name)).toEqual(['name', 'licence']);
});

test('local config names decap-server; the production one a git host with the editorial workflow', () => {
  expect(config()).toMatchObject({ local_backend: { url: 'http://127.0.0.1:8081/api/v1' }, backend: { name: 'github', repo: 'o/r' } });
  expect(config().publish_mode).toBeUndefined();
  const production = editorConfig(dataDir, { backend: { name: 'gitlab', repo: 'team/promo' }, now: NOW });
  expect(production).toMatchObject({ backend: { name: 'gitlab', repo: 'team/promo' }, publish_mode: 'editorial_workflow' });
  // The status CI posts with the preview's address (docs/promotions.md, "The editor in production").
  expect(production.backend).toMatchObject({ preview_context: 'promo/deploy-preview' });
  expect(production.local_backend).toBeUndefined();
});

test('status filters match what npm run promos says on a given day (Moscow time)', () => {
  // At noon UTC on 1 December 2026 it is 15:00 in Moscow: 30 November is over, 1–14 December expire within 14 days.
  const patterns = statusPatterns(NOW);
  const statusOf = (date: string) =>
    Object.entries(patterns)
      .filter(([, pattern]) => new RegExp(pattern).test(date))
      .map(([status]) => status);
  expect(statusOf('2021-09-12')).toEqual(['expired']);
  expect(statusOf('2026-11-30')).toEqual(['expired']);
  expect(statusOf('2026-12-01')).toEqual(['expiring']);
  expect(statusOf('2026-12-14')).toEqual(['expiring']);
  expect(statusOf('2026-12-16')).toEqual(['active']);
  expect(statusOf('2098-12-31')).toEqual(['active']);
  expect(statusOf('2099-12-31')).toEqual(['permanent']);
});

test('the upcoming filter matches the first days after the Moscow day the editor was opened on', () => {
  // At noon UTC on 1 December 2026 a landing whose first day is 2 December opens tomorrow: upcoming.
  const upcoming = new RegExp(upcomingPattern(NOW));
  expect(['2026-11-30', '2026-12-01'].filter((day) => upcoming.test(day))).toEqual([]);
  expect(['2026-12-02', '2027-01-10', '2099-12-31'].filter((day) => upcoming.test(day))).toEqual([
    '2026-12-02',
    '2027-01-10',
    '2099-12-31',
  ]);
});

test('the redirect pattern accepts exactly the paths the build accepts', () => {
  const pattern = new RegExp(SITE_PATH_PATTERN);
  const pieces = fc.constantFrom('/', '//', '.', '..', 'a', 'zenit', ':', 'http:', ' ', '\\', '\u0001', '-', '_', '9x:');
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 6 }), (parts) => {
      const candidate = parts.join('');
      return pattern.test(candidate) === isSitePath(candidate);
    }),
    { numRuns: 3000 },
  );
});

test('served from memory at /__admin/config.yml, with the editor page under its own policy', async () => {
  const app = makeApp({ admin: { repoDir: root, localBackend: 'http://127.0.0.1:8081/api/v1', repo: 'o/r' } });
  const served = await app.inject({ url: '/__admin/config.yml' });
  expect(served.statusCode).toBe(200);
  expect(JSON.parse(served.body).collections.map((collection: { name: string }) => collection.name)).toEqual([
    'promotions',
    'markets',
    'texts',
  ]);
  const page = await app.inject({ url: '/__admin/' });
  const policy = String(page.headers['content-security-policy']);
  expect(policy).toContain("default-src 'none'");
  // decap-server is reached through the stand-in (backend-proxy.ts): the page talks to its own origin only.
  expect(policy).toContain("connect-src 'self' blob:");
  expect(JSON.parse(served.body).local_backend.url).toBe('http://localhost:80/__admin/api/v1');
  expect(policy).not.toMatch(/https:/);
  expect(page.body).toContain('<script src="/__admin/decap-cms.js"></script>');
  const bundle = await app.inject({ url: '/__admin/decap-cms.js' });
  expect(bundle.statusCode).toBe(200);
  // Opened again, the editor's 5 MB bundle is not sent again.
  const again = await app.inject({ url: '/__admin/decap-cms.js', headers: { 'if-none-match': String(bundle.headers.etag) } });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  expect((await app.inject({ url: '/__admin/..%2Fpackage.json' })).statusCode).toBe(404);
  await app.close();
});

test('the last day’s field takes exactly the days the build takes', () => {
  const pattern = new RegExp(DATE_WINDOW_PATTERN);
  const day = fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2200, 11, 31)), noInvalidDate: true });
  fc.assert(
    fc.property(day, (date) => {
      const text = date.toISOString().slice(0, 10);
      return pattern.test(text) === (tableDateProblem(text) === null);
    }),
    { numRuns: 3000 },
  );
  const fields = config().collections.find((collection) => collection.name === 'promotions')!.fields!;
  expect(field(fields, 'date').pattern).toEqual([DATE_WINDOW_PATTERN, 'outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")']);
});

test('copy fields stop at the length a phone shows, as the build does', () => {
  const kz = config()
    .collections.find((collection) => collection.name === 'texts')!
    .files!.find((file) => file.name === 'kz')!;
  const [headline, message] = field(kz.fields, 'offer.quiz.title').pattern as [string, string];
  expect(message).toBe('at most 80 characters: a 320 px phone shows no more at 200 % text');
  expect(new RegExp(headline).test('a'.repeat(80))).toBe(true);
  expect(new RegExp(headline).test('a'.repeat(81))).toBe(false);
  expect(field(kz.fields, 'cta.play').pattern).toEqual([
    '^[\\s\\S]{0,60}$',
    'at most 60 characters: a 320 px phone shows no more at 200 % text',
  ]);
  expect(field(kz.fields, 'header.login').pattern).toBeUndefined();
});
