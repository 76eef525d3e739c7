/** A wrong table edit must stop the build and say which file, which entry and why. */
import { loadSite, TableError } from '../../src/tables/load';
import { DATA_DIR as DATA, editedData, editedPromotions as promotions, promotionRow as row } from '../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

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
  [
    'broken JSON',
    () => editedData('promotions.json', () => '{"promotions": [}'),
    'data/promotions.json: (file): ',
  ],
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

test('a chain through an expired landing is a warning, not an error', () => {
  const dir = promotions((json) => {
    row(json, 'zenit/ru/freebet35').date = '2022-05-01';
  });
  const site = loadSite(dir, NOW);
  expect(site.warnings.map((w) => `${w.entry}: ${w.message}`)).toContain(
    'zenit/ru/freebet5000: redirect chain: /zenit/ru/freebet5000/ → /zenit/ru/freebet35/ → /zenit/ru/freebet30/; point redirect_to at the open landing',
  );
});
