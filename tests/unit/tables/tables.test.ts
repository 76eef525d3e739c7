/** A wrong table edit must stop the build and say which file, which entry and why. */
import { loadSite, TableError } from '../../../tables/load';
import fs from 'node:fs';
import path from 'node:path';
import {
  DATA_DIR as DATA,
  editedData,
  editedPromotionFile,
  editedPromotions as promotions,
  promotionRow as row,
} from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

type Json = any;

function problemsOf(dir: string): string[] {
  try {
    loadSite(dir, NOW);
  } catch (error) {
    if (error instanceof TableError) return error.message.split('\n').slice(1);
    throw error;
  }
  return [];
}

test('the shipped tables load: 720 landings, no errors', () => {
  const site = loadSite(DATA, NOW);
  expect(site.landings).toHaveLength(720);
});

test.each<[string, () => string, string]>([
  [
    'an impossible date',
    () => promotions((json) => (row(json, 'zenit/ru/freebet30').date = '2025-13-01')),
    'data/promotions/zenit/ru/freebet30.json: zenit/ru/freebet30: date "2025-13-01" is not a date',
  ],
  [
    'a date in another format',
    () => promotions((json) => (row(json, 'zenbet/br/bonus20000').date = '31.12.2099')),
    'data/promotions/zenbet/br/bonus20000.json: zenbet/br/bonus20000: date "31.12.2099" is not a date',
  ],
  [
    'redirect_to to another host',
    () => promotions((json) => (row(json, 'zenit/de/bonus30000').redirect_to = 'https://example.com/')),
    'data/promotions/zenit/de/bonus30000.json: zenit/de/bonus30000: redirect_to "https://example.com/" is not a path on this site',
  ],
  [
    'a protocol-relative redirect_to',
    () => promotions((json) => (row(json, 'zenit/de/bonus30000').redirect_to = '//example.com/promo')),
    'data/promotions/zenit/de/bonus30000.json: zenit/de/bonus30000: redirect_to "//example.com/promo" is not a path on this site',
  ],
  [
    'a landing without a row',
    () => promotions((json) => (json.promotions = json.promotions.filter((r: Json) => r !== row(json, 'cupis/ru/quiz')))),
    'data/promotions/cupis/ru/quiz.json: cupis/ru/quiz: missing entry',
  ],
  [
    "a landing's file holding another landing's row",
    () => editedPromotionFile('zenit/tr/people2', JSON.stringify({ brand: 'zenit', country: 'tr', slug: 'people', date: '2099-12-31' })),
    "data/promotions/zenit/tr/people2.json: zenit/tr/people2: brand, country and slug say zenit/tr/people, but the file's place says zenit/tr/people2: move the file to data/promotions/zenit/tr/people.json or correct them",
  ],
  [
    'a row in the wrong country folder',
    () => editedPromotionFile('zenit/kz/quiz', JSON.stringify({ brand: 'zenit', country: 'ru', slug: 'quiz', date: '2099-12-31' })),
    "data/promotions/zenit/kz/quiz.json: zenit/kz/quiz: brand, country and slug say zenit/ru/quiz, but the file's place says zenit/kz/quiz",
  ],
  [
    'a row without its slug',
    () => editedPromotionFile('zenit/ru/quiz', JSON.stringify({ brand: 'zenit', country: 'ru', date: '2099-12-31' })),
    'data/promotions/zenit/ru/quiz.json: zenit/ru/quiz: slug: Invalid input: expected string, received undefined',
  ],
  [
    'a "$schema" key in a landing\'s file',
    () =>
      editedPromotionFile(
        'zenit/ru/quiz',
        JSON.stringify({
          $schema: '../../../schemas/promotions.schema.json',
          brand: 'zenit',
          country: 'ru',
          slug: 'quiz',
          date: '2099-12-31',
        }),
      ),
    'data/promotions/zenit/ru/quiz.json: zenit/ru/quiz: Unrecognized key: "$schema"',
  ],
  [
    'a row for a country the brand does not have',
    () => promotions((json) => json.promotions.push({ brand: 'zenbet', country: 'tm', slug: 'bonus20000', date: '2099-12-31' })),
    'data/promotions/zenbet/tm/bonus20000.json: zenbet/tm/bonus20000: no such landing',
  ],
  [
    'a redirect to a landing that does not exist',
    () => promotions((json) => (row(json, 'zenit/fr/people').redirect_to = '/zenit/fr/bonus99999/')),
    'data/promotions/zenit/fr/people.json: zenit/fr/people: redirects to /zenit/fr/bonus99999/, which is not a landing',
  ],
  [
    'a redirect loop written into the table',
    () =>
      promotions((json) => {
        row(json, 'zenit/mx/people').redirect_to = '/zenit/mx/products/';
        row(json, 'zenit/mx/products').redirect_to = '/zenit/mx/people/';
      }),
    'data/promotions/zenit/mx/people.json: zenit/mx/people: redirect loop: /zenit/mx/people/ → /zenit/mx/products/ → /zenit/mx/people/',
  ],
  [
    'an expired fallback landing',
    () => promotions((json) => (row(json, 'zenbet/vi/freebet30').date = '2022-01-01')),
    'data/promotions/zenbet/vi/freebet30.json: zenbet/vi/freebet30: is over and its redirects never reach an open landing',
  ],
  [
    'an unknown field in a row',
    () => promotions((json) => (row(json, 'zenit/ru/people').ends = '2099-12-31')),
    'data/promotions/zenit/ru/people.json: zenit/ru/people: Unrecognized key: "ends"',
  ],
  [
    "broken JSON in a landing's file",
    () => editedPromotionFile('zenit/ru/quiz', '{"brand": "zenit", "country": "ru",}'),
    'data/promotions/zenit/ru/quiz.json: zenit/ru/quiz: ',
  ],
  ['broken JSON in a table', () => editedData('slugs.json', () => '{"quiz": }'), 'data/slugs.json: (file): '],
  [
    'a slug pointing at an unknown promo key',
    () => editedData('slugs.json', (json) => ({ ...json, people: { ...json.people, promo: 'bonus99k' } })),
    'data/slugs.json: people: promo "bonus99k" is not a key of data/promo-codes.json',
  ],
  [
    'a promo code with a symbol',
    () => editedData('promo-codes.json', (json) => ((json.casino.zenit.promo_code = 'CASINO-1'), json)),
    'data/promo-codes.json: casino/zenit: promo_code must be letters and digits only',
  ],
  [
    'a brand country without a language',
    () => editedData('brands.json', (json) => ((json.zenbet.countries = [...json.zenbet.countries, 'xx']), json)),
    'data/brands.json: zenbet/countries: "xx" is not in data/languages.json',
  ],
  [
    'a country without an offer amount',
    () => editedData('offers.json', (json) => (delete json.kz.amounts.bonus30000, json)),
    'data/offers.json: kz/amounts: no amount for bonus30000',
  ],
  [
    'a missing translation',
    () => editedData('i18n/kz.json', (json) => (delete json['header.login'], json)),
    'data/i18n/kz.json: header.login: missing translation',
  ],
  [
    'a translation that lost its placeholder',
    () => editedData('i18n/de.json', (json) => ((json['offer.freebet.title'] = 'Gratiswette'), json)),
    'data/i18n/de.json: offer.freebet.title: placeholders [] differ from ["amount"] in en.json',
  ],
  [
    'a social link without https',
    () => editedData('socials.json', (json) => ((json.zenit.ru.vk = 'http://vk.com/zenitbet'), json)),
    'data/socials.json: zenit/ru: vk: must be an https:// address',
  ],
])('%s fails with the file, the entry and the reason', (_name, makeData, message) => {
  const problems = problemsOf(makeData());
  expect(problems).toContainEqual(expect.stringContaining(message));
});

test.each<[string, (dir: string) => void, string]>([
  [
    'a file beside the brands in data/promotions/',
    (dir) => fs.writeFileSync(path.join(dir, 'promotions', 'zenit.json'), '{}'),
    "data/promotions/zenit.json: (file): not a landing's file: each landing has data/promotions/{brand}/{country}/{slug}.json and the folder holds nothing else",
  ],
  [
    'a file that is not JSON in a country folder',
    (dir) => fs.writeFileSync(path.join(dir, 'promotions', 'zenit', 'ru', 'quiz.json.orig'), '{}'),
    "data/promotions/zenit/ru/quiz.json.orig: (file): not a landing's file",
  ],
  [
    'a folder one level too deep',
    (dir) => fs.mkdirSync(path.join(dir, 'promotions', 'zenit', 'ru', 'quiz')),
    "data/promotions/zenit/ru/quiz: (file): not a landing's file",
  ],
  [
    'no data/promotions/ folder',
    (dir) => fs.rmSync(path.join(dir, 'promotions'), { recursive: true }),
    'data/promotions/: (folder): ENOENT',
  ],
])('%s fails the build naming it', (_what, change, message) => {
  const dir = promotions(() => undefined);
  change(dir);
  expect(problemsOf(dir)).toContainEqual(expect.stringContaining(message));
});

/* Hostile input: redirect_to off the site, in a loop or to a missing landing stops the build, naming file, entry and reason. */
test.each<[string, string, string]>([
  ['a javascript: URL', 'javascript:alert(1)', 'not a path on this site'],
  ['a data: URL', 'data:text/html,<script>alert(1)</script>', 'not a path on this site'],
  ['a slash and a backslash', '/\\evil.example/', 'not a path on this site'],
  ['two backslashes', '\\\\evil.example/', 'not a path on this site'],
  ['a tab between two slashes (browsers drop it)', '/\t/evil.example/', 'not a path on this site'],
  ['"//" inside the path', '/zenit/ru//evil.example/', 'not a path on this site'],
  ['dot segments', '/zenit/../../evil.example/', 'not a path on this site'],
  ['an absolute URL with user info', 'https://main.example@evil.example/', 'not a path on this site'],
])('redirect_to with %s fails the build with file, entry and reason', (_what, target, reason) => {
  const problems = problemsOf(promotions((json) => (row(json, 'zenit/de/bonus30000').redirect_to = target)));
  expect(problems).toContainEqual(
    `data/promotions/zenit/de/bonus30000.json: zenit/de/bonus30000: redirect_to ${JSON.stringify(target)} is ${reason} (one leading "/", no scheme, no host)`,
  );
});

test.each<[string, (json: Json) => void, string]>([
  [
    'a landing redirecting to itself',
    (json) => (row(json, 'zenit/kz/people').redirect_to = '/zenit/kz/people/'),
    'data/promotions/zenit/kz/people.json: zenit/kz/people: redirect loop: /zenit/kz/people/ → /zenit/kz/people/',
  ],
  [
    'a loop through three landings',
    (json) => {
      row(json, 'zenit/tr/people').redirect_to = '/zenit/tr/products/';
      row(json, 'zenit/tr/products').redirect_to = '/zenit/tr/android/';
      row(json, 'zenit/tr/android').redirect_to = '/zenit/tr/people/';
    },
    'data/promotions/zenit/tr/people.json: zenit/tr/people: redirect loop: /zenit/tr/people/ → /zenit/tr/products/ → /zenit/tr/android/ → /zenit/tr/people/',
  ],
  [
    'a redirect written with the /promo prefix (targets are site paths without it)',
    (json) => (row(json, 'zenit/ru/people').redirect_to = '/promo/zenit/ru/freebet30/'),
    'data/promotions/zenit/ru/people.json: zenit/ru/people: redirects to /promo/zenit/ru/freebet30/, which is not a landing',
  ],
  [
    'a redirect to a country the brand does not have',
    (json) => (row(json, 'zenbet/br/people').redirect_to = '/zenbet/tm/freebet30/'),
    'data/promotions/zenbet/br/people.json: zenbet/br/people: redirects to /zenbet/tm/freebet30/, which is not a landing',
  ],
  [
    'a redirect to a main-site page',
    (json) => (row(json, 'cupis/ru/people').redirect_to = '/m/registration'),
    'data/promotions/cupis/ru/people.json: cupis/ru/people: redirects to /m/registration/, which is not a landing',
  ],
  [
    'an expired landing whose fallback is gone from the catalogue',
    (json) => {
      row(json, 'zenit/ua/people').date = '2022-01-01';
      row(json, 'zenit/ua/people').redirect_to = '/zenit/ua/bonus99999/';
    },
    'data/promotions/zenit/ua/people.json: zenit/ua/people: redirects to /zenit/ua/bonus99999/, which is not a landing',
  ],
])('%s fails the build with file, entry and reason', (_what, edit, message) => {
  expect(problemsOf(promotions(edit))).toContainEqual(message);
});

test('a chain through an expired landing is a warning, not an error', () => {
  const dir = promotions((json) => {
    row(json, 'zenit/ru/freebet35').date = '2022-05-01';
  });
  const site = loadSite(dir, NOW);
  expect(site.warnings.map((w) => `${w.entry}: ${w.message}`)).toContain(
    'zenit/ru/freebet5000: redirect chain: /zenit/ru/freebet5000/ → /zenit/ru/freebet35/ → /zenit/ru/freebet30/; point redirect_to at the open landing',
  );
});
