/**
 * Wilson's score interval against published values: Newcombe, "Two-sided confidence intervals for the
 * single proportion: comparison of seven methods", Statistics in Medicine 17 (1998) 857–872, method 3
 * (score interval without continuity correction), 95 %, as printed to four places.
 */
import { wilsonInterval } from '../../../../reports/shared/wilson';

describe('wilsonInterval', () => {
  test.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ])('%i of %i: %f to %f (Newcombe 1998)', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  test('ends exactly at 0 and 1 when nothing or everything succeeded', () => {
    expect(wilsonInterval(0, 7).low).toBe(0);
    expect(wilsonInterval(7, 7).high).toBe(1);
  });

  test.each([
    [1, 0],
    [-1, 10],
    [11, 10],
    [1.5, 10],
  ])('refuses %p of %p', (successes, trials) => {
    expect(() => wilsonInterval(successes, trials)).toThrow(RangeError);
  });
});
