/** A wrong table edit must stop the build and say which file, which entry and why. */
import { loadSite, TableError } from '../../../../build/tables/load';
import { DATA_DIR as DATA, editedData, editedPromotions as promotions, promotionRow as row } from '../../../fixtures/tables';

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
    'data/promotions.json: zenit/ru/freebet30: date "2025-13-01" is not a date',
  ],
  [
    'a date in another format',
    () => promotions((json) => (row(json, 'zenbet/br/bonus20000').date = '31.12.2099')),
    'data/promotions.json: zenbet/br/bonus20000: date "31.12.2099" is not a date',
  ],
  [
    'redirect_to to another host',
    () => promotions((json) => (row(json, 'zenit/de/bonus30000').redirect_to = 'https://example.com/')),
    'data/promotions.json: zenit/de/bonus30000: redirect_to "https://example.com/" is not a path on this site',
  ],
  [
    'a protocol-relative redirect_to',
    () => promotions((json) => (row(json, 'zenit/de/bonus30000').redirect_to = '//example.com/promo')),
    'data/promotions.json: zenit/de/bonus30000: redirect_to "//example.com/promo" is not a path on this site',
  ],
  [
    'a landing without a row',
    () => promotions((json) => (json.promotions = json.promotions.filter((r: Json) => r !== row(json, 'cupis/ru/quiz')))),
    'data/promotions.json: cupis/ru/quiz: missing entry',
  ],
  [
    'two rows for one landing',
    () => promotions((json) => json.promotions.push({ ...row(json, 'zenit/tr/people') })),
    'data/promotions.json: zenit/tr/people: duplicate entry',
  ],
  [
    'a row for a country the brand does not have',
    () => promotions((json) => json.promotions.push({ brand: 'zenbet', country: 'tm', slug: 'bonus20000', date: '2099-12-31' })),
    'data/promotions.json: zenbet/tm/bonus20000: no such landing',
  ],
  [
    'a redirect to a landing that does not exist',
    () => promotions((json) => (row(json, 'zenit/fr/people').redirect_to = '/zenit/fr/bonus99999/')),
    'data/promotions.json: zenit/fr/people: redirects to /zenit/fr/bonus99999/, which is not a landing',
  ],
  [
    'a redirect loop written into the table',
    () =>
      promotions((json) => {
        row(json, 'zenit/mx/people').redirect_to = '/zenit/mx/products/';
        row(json, 'zenit/mx/products').redirect_to = '/zenit/mx/people/';
      }),
    'data/promotions.json: zenit/mx/people: redirect loop: /zenit/mx/people/ → /zenit/mx/products/ → /zenit/mx/people/',
  ],
  [
    'an expired fallback landing',
    () => promotions((json) => (row(json, 'zenbet/vi/freebet30').date = '2022-01-01')),
    'data/promotions.json: zenbet/vi/freebet30: is over and its redirects never reach an open landing',
  ],
  [
    'an unknown field in a row',
    () => promotions((json) => (row(json, 'zenit/ru/people').ends = '2099-12-31')),
    'data/promotions.json: zenit/ru/people: Unrecognized key: "ends"',
  ],
  ['broken JSON', () => editedData('promotions.json', () => '{"promotions": [}'), 'data/promotions.json: (file): '],
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
    `data/promotions.json: zenit/de/bonus30000: redirect_to ${JSON.stringify(target)} is ${reason} (one leading "/", no scheme, no host)`,
  );
});

test.each<[string, (json: Json) => void, string]>([
  [
    'a landing redirecting to itself',
    (json) => (row(json, 'zenit/kz/people').redirect_to = '/zenit/kz/people/'),
    'data/promotions.json: zenit/kz/people: redirect loop: /zenit/kz/people/ → /zenit/kz/people/',
  ],
  [
    'a loop through three landings',
    (json) => {
      row(json, 'zenit/tr/people').redirect_to = '/zenit/tr/products/';
      row(json, 'zenit/tr/products').redirect_to = '/zenit/tr/android/';
      row(json, 'zenit/tr/android').redirect_to = '/zenit/tr/people/';
    },
    'data/promotions.json: zenit/tr/people: redirect loop: /zenit/tr/people/ → /zenit/tr/products/ → /zenit/tr/android/ → /zenit/tr/people/',
  ],
  [
    'a redirect written with the /promo prefix (targets are site paths without it)',
    (json) => (row(json, 'zenit/ru/people').redirect_to = '/promo/zenit/ru/freebet30/'),
    'data/promotions.json: zenit/ru/people: redirects to /promo/zenit/ru/freebet30/, which is not a landing',
  ],
  [
    'a redirect to a country the brand does not have',
    (json) => (row(json, 'zenbet/br/people').redirect_to = '/zenbet/tm/freebet30/'),
    'data/promotions.json: zenbet/br/people: redirects to /zenbet/tm/freebet30/, which is not a landing',
  ],
  [
    'a redirect to a main-site page',
    (json) => (row(json, 'cupis/ru/people').redirect_to = '/m/registration'),
    'data/promotions.json: cupis/ru/people: redirects to /m/registration/, which is not a landing',
  ],
  [
    'an expired landing whose fallback is gone from the catalogue',
    (json) => {
      row(json, 'zenit/ua/people').date = '2022-01-01';
      row(json, 'zenit/ua/people').redirect_to = '/zenit/ua/bonus99999/';
    },
    'data/promotions.json: zenit/ua/people: redirects to /zenit/ua/bonus99999/, which is not a landing',
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
