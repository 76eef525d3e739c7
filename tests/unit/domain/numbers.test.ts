import { formatAbbreviatedFigure } from '../../../src/domain/figure-money';
import { abbreviateAmount } from '../../../src/domain/numbers';
import { figureFormat } from '../../../tables/figure-format';

describe('abbreviateAmount (spec 9 "Number abbreviation")', () => {
  test.each([0, 1, 30, 999, 5_000, 9_999])('spec 9: %d has fewer than 5 digits and stays as it is', (amount) => {
    expect(abbreviateAmount(amount)).toEqual({ value: amount, suffix: '' });
  });

  test.each([
    [10_000, 10],
    [10_500, 10.5],
    [10_010, 10.01],
    [12_345, 12.34],
    [20_000, 20],
    [35_000, 35],
    [99_999, 99.99],
    [100_000, 100],
    [123_456, 123.45],
    [999_990, 999.99],
    [999_999, 999.99],
  ])('spec 9: %d has 5 or 6 digits and reads %pk (up to 2 decimals, truncated)', (amount, value) => {
    expect(abbreviateAmount(amount)).toEqual({ value, suffix: 'k' });
  });

  test.each([
    [1_000_000, 1],
    [1_005_000, 1],
    [1_010_000, 1.01],
    [1_150_000, 1.15],
    [1_230_000, 1.23],
    [1_234_567, 1.23],
    [9_999_999, 9.99],
    [25_000_000, 25],
    [123_456_789, 123.45],
    [1_234_567_890, 1234.56],
  ])('spec 9: %d has 7 or more digits and reads %pkk (up to 2 decimals, truncated)', (amount, value) => {
    expect(abbreviateAmount(amount)).toEqual({ value, suffix: 'kk' });
  });

  test('spec 9: truncation, so 999999 never reads as 1000k', () => {
    expect(abbreviateAmount(999_999)).toEqual({ value: 999.99, suffix: 'k' });
  });
});

describe('formatAbbreviatedFigure (spec 9, written in the page locale of spec 3 "Language to locale")', () => {
  test.each([
    ['ru', 12_345, '12,34k'],
    ['ru', 999_999, '999,99k'],
    ['ru', 1_234_567, '1,23kk'],
    ['ru', 10_500, '10,5k'],
    ['ru', 10_000, '10k'],
    ['ru', 999, '999'],
    ['en', 12_345, '12.34k'],
    ['en', 999_999, '999.99k'],
    ['en', 1_234_567, '1.23kk'],
    ['en', 10_000, '10k'],
    ['en', 999, '999'],
    ['de', 12_345, '12,34k'],
    ['de', 1_234_567, '1,23kk'],
    ['de', 999, '999'],
    ['ar-ae', 12_345, '12.34k'],
    ['ar-ae', 1_234_567, '1.23kk'],
    ['ar-ae', 999, '999'],
    ['fa', 12_345, '۱۲٫۳۴k'],
    ['fa', 999_999, '۹۹۹٫۹۹k'],
    ['fa', 1_234_567, '۱٫۲۳kk'],
    ['fa', 10_000, '۱۰k'],
    ['fa', 999, '۹۹۹'],
  ])('spec 9: in %s, %d is written %s', (locale, amount, expected) => {
    expect(formatAbbreviatedFigure(amount, figureFormat(locale, 'USD'))).toBe(expected);
  });
});
