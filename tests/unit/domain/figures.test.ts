/**
 * The browser writes figures without Intl, from symbols the build read off Intl (tables/figure-format.ts).
 * Here the two are held against each other in every page language: what a visitor reads in the browser is
 * what Intl with full locale data writes.
 */
import fc from 'fast-check';
import { formatKickoff, persianMonthDay } from '../../../src/domain/figure-dates';
import { formatMoneyFigure } from '../../../src/domain/figure-money';
import { formatFigure } from '../../../src/domain/figure-numbers';
import { formatInteger, pickLabel, pluralCategory } from '../../../src/domain/figures';
import { abbreviateAmount } from '../../../src/domain/numbers';
import { formattingLocale } from '../../../src/domain/locale';
import { figureFormat, KICKOFF_OPTIONS } from '../../../tables/figure-format';
import languages from '../../../data/languages.json';
import offers from '../../../data/offers.json';

const PAGES = Object.entries(languages.languages).map(([code, language]) => {
  const locale = formattingLocale(language.locale, language.region);
  const currency = (offers as unknown as Record<string, { currency: string }>)[code].currency;
  return { code, locale, currency, format: figureFormat(locale, currency) };
});

test('every page language of the tables is covered', () => {
  expect(PAGES.map((page) => page.code).sort()).toEqual([
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
});

/** The previous Intl-only way of writing a money amount, kept here as the oracle. */
function intlMoney(amount: number, currency: string, locale: string): string {
  const { value, suffix } = abbreviateAmount(amount);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2, minimumFractionDigits: 0 });
  if (!suffix) return format.format(value);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value) + suffix;
  let placed = false;
  return format
    .formatToParts(value)
    .map((part) => {
      if (!['integer', 'group', 'decimal', 'fraction'].includes(part.type)) return part.value;
      if (placed) return '';
      placed = true;
      return number;
    })
    .join('');
}

const OPTION_SETS = [
  { minimumIntegerDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { maximumFractionDigits: 2, useGrouping: false },
  { maximumFractionDigits: 2 },
  {},
] as const;

describe.each(PAGES)('$code ($locale)', ({ locale, currency, format }) => {
  test.each(OPTION_SETS)('numbers are written as Intl writes them with %j', (options) => {
    const intl = new Intl.NumberFormat(locale, options);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 2_000_000_000 }),
          fc.double({ min: 0, max: 1e9, noNaN: true }),
          fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000),
        ),
        (value) => formatFigure(value, format, options) === intl.format(value),
      ),
      { numRuns: 300 },
    );
  });

  test('whole numbers (the countdown) are written as Intl writes them, grouped or not', () => {
    const grouped = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
    const plain = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (value) =>
          formatInteger(value, format, { minimumIntegerDigits: 2 }) === grouped.format(value) &&
          formatInteger(value, format, { minimumIntegerDigits: 2, useGrouping: false }) === plain.format(value),
      ),
      { numRuns: 300 },
    );
  });

  test('halves round away from zero on the written decimal, as Intl rounds (1.005 → 1.01)', () => {
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const value of [1.005, 2.675, 0.125, 9.995, 99.995, 1.845]) {
      expect(formatFigure(value, format, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe(intl.format(value));
    }
  });

  test('money amounts, abbreviated by spec 9, read as Intl writes them in the page currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000_000 }),
        (amount) => formatMoneyFigure(amount, format) === intlMoney(amount, currency, locale),
      ),
      { numRuns: 300 },
    );
  });

  test('kick-off day, month, hour and minute read as Intl writes them, in the visitor time zone', () => {
    const intl = new Intl.DateTimeFormat(locale, KICKOFF_OPTIONS);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => formatKickoff(date, format) === intl.format(date),
      ),
      { numRuns: 500 },
    );
  });

  // Below a million: Portuguese and Spanish have a "many" for whole millions, which no countdown reaches.
  test('plural categories follow the locale rules for every count a countdown can show', () => {
    const rules = new Intl.PluralRules(locale);
    for (let n = 0; n <= 1000; n += 1) expect([n, pluralCategory(n, format.plural)]).toEqual([n, rules.select(n)]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => pluralCategory(n, format.plural) === rules.select(n)),
      { numRuns: 500 },
    );
  });
});

test('Persian pages count days and months in the Solar Hijri calendar, on every day of 2000–2060', () => {
  const intl = new Intl.DateTimeFormat('fa-IR-u-nu-latn', { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  for (let time = Date.UTC(2000, 0, 1); time <= Date.UTC(2060, 11, 31); time += 86_400_000) {
    const date = new Date(time);
    const [month, day] = intl.format(date).split('/').map(Number);
    expect([date.toISOString().slice(0, 10), persianMonthDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())]).toEqual([
      date.toISOString().slice(0, 10),
      { month, day },
    ]);
  }
});

test('the unit word follows the count: 1 день, 3 дня, 5 дней, 21 день, 111 дней', () => {
  const ru = PAGES.find((page) => page.code === 'ru')!.format;
  const labels = { one: 'день', few: 'дня', many: 'дней', other: 'дня' };
  expect([1, 3, 5, 21, 111, 1002].map((n) => pickLabel(labels, n, ru.plural))).toEqual(['день', 'дня', 'дней', 'день', 'дней', 'дня']);
});
