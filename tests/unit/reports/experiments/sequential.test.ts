/**
 * The always-valid test against the paper's formulas, worked by hand (Python's math module), and against
 * GrowthBook's gbstats: the expected values its own tests hold (packages/stats/tests/frequentist/
 * test_tests.py, class TestSequentialTTest) and the figures its SequentialTwoSidedTTest gives for our
 * inputs (gbstats from github.com/growthbook/growthbook at commit 8f1db44569, run with Python 3, numpy and
 * scipy; ProportionStatistic, SequentialConfig(difference_type="absolute", sequential_tuning_parameter=N)).
 */
import {
  sequentialCriticalValue,
  sequentialDifference,
  sequentialHalfWidth,
  sequentialPValue,
  sequentialRho,
  sequentialVisitorsPerVariant,
} from '../../../../reports/experiments/sequential';

describe('the paper: Waudby-Smith et al., "Time-uniform central limit theory and asymptotic confidence sequences"', () => {
  it('tunes ρ so that n·ρ² = −2·ln α + ln(1 − 2·ln α) = 7.93615 at the planned n (eq. 161)', () => {
    // By hand: −2·ln 0.05 = 5.991465, ln(6.991465) = 1.944690; √(7.936155 / 5000) = 0.0398401, √(7.936155 / 1000) = 0.0890851.
    expect(sequentialRho(0.05, 5000)).toBeCloseTo(0.03984007, 8);
    expect(sequentialRho(0.05, 1000)).toBeCloseTo(0.0890851, 8);
    expect(5000 * sequentialRho(0.05, 5000) ** 2).toBeCloseTo(7.936155, 6);
  });

  it('gives the half-width √s2 · √(2(nρ² + 1)·ln(√(nρ² + 1)/α) / (nρ)²) of eq. 9: s2 = 0.25, n = 1000, ρ = 0.05 → 0.0503535', () => {
    expect(sequentialHalfWidth(0.25, 1000, 0.05, 0.05)).toBeCloseTo(0.05035355, 8);
  });

  it('gives the p-value 1 / e-value of eq. 155: estimate 0.04, standard error 0.015, n = 1000, ρ = 0.05 → 0.147592', () => {
    expect(sequentialPValue(0.04, 0.015, 1000, 0.05)).toBeCloseTo(0.14759237, 8);
  });

  it('puts 3.0352 standard errors on each side at the tuned n, where the fixed-horizon interval puts 1.96', () => {
    expect(sequentialCriticalValue(0.05)).toBeCloseTo(3.035209, 6);
    // The same figure from the half-width: at n = tuning, s2 = se²·n.
    const n = 20_000;
    expect(sequentialHalfWidth(n * 0.01 ** 2, n, sequentialRho(0.05, n), 0.05) / 0.01).toBeCloseTo(3.035209, 6);
  });

  it('has p below α exactly when the interval at α leaves out zero', () => {
    const n = 6000;
    const rho = sequentialRho(0.05, 10_000);
    const se = 0.01;
    const halfWidth = sequentialHalfWidth(se ** 2 * n, n, rho, 0.05);
    expect(sequentialPValue(halfWidth, se, n, rho)).toBeCloseTo(0.05, 10);
    expect(sequentialPValue(halfWidth * 1.01, se, n, rho)).toBeLessThan(0.05);
    expect(sequentialPValue(halfWidth * 0.99, se, n, rho)).toBeGreaterThan(0.05);
  });

  it('never gives a p above 1, and a tiny one rather than an overflow for a huge effect', () => {
    expect(sequentialPValue(0, 0.01, 1000, 0.05)).toBe(1);
    expect(sequentialPValue(1, 0.0001, 1_000_000, 0.01)).toBe(0);
  });
});

describe("gbstats' own expected values (test_tests.py, TestSequentialTTest)", () => {
  // Those tests give the relative effect's estimate and standard error (the "uplift" they expect), the
  // visitors of both sides and the tuning; the interval must follow from them.
  it('test_sequential_test_runs_prop: 1396/3000 against 2422/3461, tuning 5000 → (0.40098, 0.60675), p 0.0', () => {
    const n = 3000 + 3461;
    const rho = sequentialRho(0.05, 5000);
    const halfWidth = sequentialHalfWidth(0.03386 ** 2 * n, n, rho, 0.05);
    expect(0.50386 - halfWidth).toBeCloseTo(0.40098, 4);
    expect(0.50386 + halfWidth).toBeCloseTo(0.60675, 4);
    expect(sequentialPValue(0.50386, 0.03386, n, rho)).toBeCloseTo(0, 5);
  });

  it('test_sequential_test_runs: means over 3000 and 3461, tuning 1000 → (−0.55844, 1.56516), p 1', () => {
    const n = 3000 + 3461;
    const rho = sequentialRho(0.05, 1000);
    const halfWidth = sequentialHalfWidth(0.33341 ** 2 * n, n, rho, 0.05);
    expect(0.50336 - halfWidth).toBeCloseTo(-0.55844, 4);
    expect(0.50336 + halfWidth).toBeCloseTo(1.56516, 4);
    expect(sequentialPValue(0.50336, 0.33341, n, rho)).toBe(1);
  });
});

describe('sequentialDifference against gbstats SequentialTwoSidedTTest, absolute difference of proportions', () => {
  it.each([
    // [variant, control, alpha, tuning, estimate, low, high, p]
    ['2422/3461 against 1396/3000', [2422, 3461, 1396, 3000], 0.05, 5000, 0.23446441, 0.1980488, 0.27088003, 6.300128e-76],
    ['160/2000 against 100/2000, the default tuning', [160, 2000, 100, 2000], 0.05, 31_232, 0.03, 0.00164595, 0.05835405, 0.03352298],
    ['130/2000 against 100/2000', [130, 2000, 100, 2000], 0.05, 10_000, 0.015, -0.0079842, 0.0379842, 0.42073567],
    [
      '600/10000 against 520/10000 at α 0.025 (three variants)',
      [600, 10_000, 520, 10_000],
      0.025,
      31_232,
      0.008,
      -0.0027187,
      0.0187187,
      0.19765429,
    ],
  ])('%s', (_name, [x1, n1, x2, n2], alpha, tuning, estimate, low, high, p) => {
    const result = sequentialDifference(x1, n1, x2, n2, alpha, tuning);
    expect(result?.difference).toBeCloseTo(estimate, 8);
    expect(result?.interval.low).toBeCloseTo(low, 7);
    expect(result?.interval.high).toBeCloseTo(high, 7);
    if (p < 1e-10) expect(Math.abs(Math.log10(result?.pValue ?? 1) - Math.log10(p))).toBeLessThan(0.01);
    else expect(result?.pValue).toBeCloseTo(p, 7);
  });

  it('has nothing to test when neither side has a registration', () => {
    expect(sequentialDifference(0, 500, 0, 400, 0.05, 1000)).toBeNull();
  });

  it('refuses counts that are not counts', () => {
    expect(() => sequentialDifference(11, 10, 1, 10, 0.05, 1000)).toThrow(RangeError);
    expect(() => sequentialDifference(1, 0, 1, 10, 0.05, 1000)).toThrow(RangeError);
    expect(() => sequentialRho(0.05, 0)).toThrow(RangeError);
  });
});

describe('sequentialVisitorsPerVariant: (c(α) + z(power))² · (p1q1 + p2q2) / (p1 − p2)²', () => {
  // scipy: c = 3.035209 as above, norm.ppf(0.8) = 0.841621.
  it('asks 15,616 visitors a variant to find 5 % → 6 % at power 0.8 (15,615.98), against 8,158 for the fixed test', () => {
    expect(sequentialVisitorsPerVariant({ baseline: 0.05, relativeEffect: 0.2, alpha: 0.05, power: 0.8 })).toBeCloseTo(15615.98, 1);
  });

  it('asks 101,888 to find 3 % → 3.3 % (101,887.10), and 17,644 for 5 % → 6 % at α 0.025 (c = 3.279214)', () => {
    expect(sequentialVisitorsPerVariant({ baseline: 0.03, relativeEffect: 0.1, alpha: 0.05, power: 0.8 })).toBeCloseTo(101887.1, 1);
    expect(sequentialVisitorsPerVariant({ baseline: 0.05, relativeEffect: 0.2, alpha: 0.025, power: 0.8 })).toBeCloseTo(17643.55, 1);
  });

  it('refuses a plan no test could meet', () => {
    expect(() => sequentialVisitorsPerVariant({ baseline: 0.03, relativeEffect: 0, alpha: 0.05, power: 0.8 })).toThrow(RangeError);
  });
});
