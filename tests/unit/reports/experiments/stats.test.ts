/**
 * The experiments' statistics against values published by others (each case names its source; R 4.2.2
 * prints the same figures for the R calls quoted).
 */
import { equalProportionsTest, goodnessOfFit, newcombeDifference, visitorsPerVariant } from '../../../../reports/experiments/stats';

describe('equalProportionsTest: R prop.test(x, n, correct = FALSE)', () => {
  it('matches the smokers example of R ?prop.test: X-squared = 12.6, df = 3, p-value = 0.005585', () => {
    const result = equalProportionsTest([83, 90, 129, 70], [86, 93, 136, 82]);
    expect(result.statistic).toBeCloseTo(12.6, 1);
    expect(result.degreesOfFreedom).toBe(3);
    expect(result.pValue).toBeCloseTo(0.005585, 6);
  });

  it('matches the Whickham survey, smokers 443 of 582 alive against 502 of 732 (Appleton et al. 1996, in Faraway 2006, section 4.4): X² = 9.121, p = 0.002527', () => {
    const result = equalProportionsTest([443, 502], [582, 732]);
    expect(result.statistic).toBeCloseTo(9.121, 3);
    expect(result.degreesOfFreedom).toBe(1);
    expect(result.pValue).toBeCloseTo(0.002527, 6);
  });

  it('is symmetric in its groups and gives p = 1 for equal rates', () => {
    expect(equalProportionsTest([502, 443], [732, 582]).statistic).toBeCloseTo(equalProportionsTest([443, 502], [582, 732]).statistic, 10);
    expect(equalProportionsTest([30, 60], [1000, 2000])).toEqual({ statistic: 0, degreesOfFreedom: 1, pValue: 1 });
  });

  it('has nothing to compare when no one (or everyone) succeeded', () => {
    expect(equalProportionsTest([0, 0], [500, 400]).pValue).toBe(1);
    expect(equalProportionsTest([500, 400], [500, 400]).pValue).toBe(1);
  });

  it('refuses counts that are not counts', () => {
    expect(() => equalProportionsTest([5], [10])).toThrow(RangeError);
    expect(() => equalProportionsTest([11, 1], [10, 10])).toThrow(RangeError);
    expect(() => equalProportionsTest([1, 1], [0, 10])).toThrow(RangeError);
  });
});

describe('goodnessOfFit: R chisq.test(x, p = weights, rescale.p = TRUE)', () => {
  it("matches Mendel's peas against 9:3:3:1 (Crawley, The R Book, 2007): X-squared = 0.47002, df = 3, p-value = 0.9254", () => {
    const result = goodnessOfFit([315, 101, 108, 32], [9, 3, 3, 1]);
    expect(result.statistic).toBeCloseTo(0.470024, 5);
    expect(result.degreesOfFreedom).toBe(3);
    expect(result.pValue).toBeCloseTo(0.9254, 4);
  });

  it('matches 58 heads in 100 tosses of a fair coin (r-statistics.co, chi-square goodness of fit): X-squared = 2.56, p ≈ 0.11 (R: 0.1096)', () => {
    const result = goodnessOfFit([58, 42], [50, 50]);
    expect(result.statistic).toBeCloseTo(2.56, 10);
    expect(result.pValue).toBeCloseTo(0.1096, 4);
  });

  it('takes weights on any scale', () => {
    expect(goodnessOfFit([315, 101, 108, 32], [0.5625, 0.1875, 0.1875, 0.0625]).statistic).toBeCloseTo(0.470024, 5);
  });

  it('refuses a weight of zero, which no count could fit', () => {
    expect(() => goodnessOfFit([10, 0], [1, 0])).toThrow(RangeError);
  });
});

describe('newcombeDifference: the hybrid score interval (Newcombe 1998, Statistics in Medicine 17:873, Table II, method 10)', () => {
  // The same values are the "Newcombe score" rows of the SAS paper WUSS 2016 #127 (page 9).
  it.each([
    ['(a) 56/70 − 48/80', [56, 70, 48, 80], 0.0524, 0.3339],
    ['(b) 9/10 − 3/10', [9, 10, 3, 10], 0.1705, 0.809],
    ['(d) 5/56 − 0/29', [5, 56, 0, 29], -0.0381, 0.1926],
    ['(e) 0/10 − 0/20', [0, 10, 0, 20], -0.1611, 0.2775],
    ['10/10 − 0/20, at the edge', [10, 10, 0, 20], 0.6791, 1],
  ])('%s', (_name, [x1, n1, x2, n2], low, high) => {
    const interval = newcombeDifference(x1, n1, x2, n2);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });
});

describe('visitorsPerVariant: what R power.prop.test(p1, p2, power) solves for n', () => {
  it('matches R ?power.prop.test: p1 = 0.50, p2 = 0.75, power = 0.90 gives n = 76.7', () => {
    expect(visitorsPerVariant({ baseline: 0.5, relativeEffect: 0.5, alpha: 0.05, power: 0.9 })).toBeCloseTo(76.7, 1);
  });

  it('needs about 53,210 visitors a variant to find 3 % → 3.3 % at alpha 0.05 and power 0.8', () => {
    // R: power.prop.test(p1 = 0.03, p2 = 0.033, power = 0.8) prints n = 53210.3; by hand (bc) from R's power equation,
    // (1.959964·√(0.063·0.9685) + 0.841621·√(0.0291 + 0.031911))² / 0.003² = 53,210.30.
    expect(visitorsPerVariant({ baseline: 0.03, relativeEffect: 0.1, alpha: 0.05, power: 0.8 })).toBeCloseTo(53210.3, 1);
  });

  it('needs more visitors for a stricter alpha, more power or a smaller effect', () => {
    const base = { baseline: 0.03, relativeEffect: 0.1, alpha: 0.05, power: 0.8 };
    const n = visitorsPerVariant(base);
    expect(visitorsPerVariant({ ...base, alpha: 0.01 })).toBeGreaterThan(n);
    expect(visitorsPerVariant({ ...base, power: 0.9 })).toBeGreaterThan(n);
    expect(visitorsPerVariant({ ...base, relativeEffect: 0.05 })).toBeGreaterThan(n);
  });

  it('refuses a plan no test could meet', () => {
    expect(() => visitorsPerVariant({ baseline: 0, relativeEffect: 0.1, alpha: 0.05, power: 0.8 })).toThrow(RangeError);
    expect(() => visitorsPerVariant({ baseline: 0.6, relativeEffect: 1, alpha: 0.05, power: 0.8 })).toThrow(RangeError);
    expect(() => visitorsPerVariant({ baseline: 0.03, relativeEffect: 0, alpha: 0.05, power: 0.8 })).toThrow(RangeError);
    expect(() => visitorsPerVariant({ baseline: 0.03, relativeEffect: 0.1, alpha: 1.5, power: 0.8 })).toThrow(RangeError);
  });
});
