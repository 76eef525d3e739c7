/**
 * The statistics behind an experiment's verdict, pure and checked against published values
 * (tests/unit/reports/experiments/stats.test.ts): the test that variants share one registration rate, the interval
 * of a variant's difference from the control, the sample-ratio check and the visitors a test needs.
 * The distributions are jStat's; the rate interval is the funnel report's Wilson interval.
 */
import { jStat } from 'jstat';
import { wilsonInterval, Z_95, type Interval } from '../shared/wilson';

export interface ChiSquareResult {
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

const isCount = (value: number): boolean => Number.isInteger(value) && value >= 0;

/** The upper tail of chi-square. One degree of freedom goes through the normal: 1 − cdf loses the small p-values. */
export function chiSquareTail(statistic: number, degreesOfFreedom: number): number {
  if (statistic <= 0) return 1;
  if (degreesOfFreedom === 1) return 2 * jStat.normal.cdf(-Math.sqrt(statistic), 0, 1);
  return Math.max(0, 1 - jStat.chisquare.cdf(statistic, degreesOfFreedom));
}

/** The normal quantile: 1.96 for 0.975. */
export const normalQuantile = (p: number): number => jStat.normal.inv(p, 0, 1);

/**
 * Pearson's chi-square test that k groups share one proportion, without continuity correction: R's
 * prop.test(x, n, correct = FALSE). For two groups it is the pooled two-proportion z-test, z² = statistic.
 * With no success or no failure at all there is nothing to tell the groups apart: statistic 0, p 1.
 */
export function equalProportionsTest(successes: readonly number[], trials: readonly number[]): ChiSquareResult {
  if (successes.length < 2 || successes.length !== trials.length)
    throw new RangeError('equalProportionsTest needs two or more groups, as many counts as trials');
  successes.forEach((count, index) => {
    if (!isCount(count) || !isCount(trials[index]) || trials[index] === 0 || count > trials[index]) {
      throw new RangeError(`group ${index + 1}: needs 0 <= successes <= trials, trials > 0; got ${count} of ${trials[index]}`);
    }
  });
  const degreesOfFreedom = successes.length - 1;
  const pooled = sum(successes) / sum(trials);
  if (pooled === 0 || pooled === 1) return { statistic: 0, degreesOfFreedom, pValue: 1 };
  // The k × 2 table's two cells per group fold into one term: (x − n·p)² / (n·p·(1 − p)).
  const statistic = sum(successes.map((count, index) => (count - trials[index] * pooled) ** 2 / (trials[index] * pooled * (1 - pooled))));
  return { statistic, degreesOfFreedom, pValue: chiSquareTail(statistic, degreesOfFreedom) };
}

/**
 * Pearson's chi-square goodness of fit of counts to weights (any positive numbers, rescaled to shares):
 * R's chisq.test(x, p = weights, rescale.p = TRUE). No count at all: statistic 0, p 1.
 */
export function goodnessOfFit(observed: readonly number[], weights: readonly number[]): ChiSquareResult {
  if (observed.length < 2 || observed.length !== weights.length)
    throw new RangeError('goodnessOfFit needs two or more categories, one weight each');
  if (!observed.every(isCount)) throw new RangeError(`goodnessOfFit counts must be whole and not negative; got ${observed.join(', ')}`);
  if (!weights.every((weight) => Number.isFinite(weight) && weight > 0))
    throw new RangeError(`goodnessOfFit weights must be positive; got ${weights.join(', ')}`);
  const degreesOfFreedom = observed.length - 1;
  const total = sum(observed);
  if (total === 0) return { statistic: 0, degreesOfFreedom, pValue: 1 };
  const weightTotal = sum(weights);
  const statistic = sum(
    observed.map((count, index) => {
      const expected = (total * weights[index]) / weightTotal;
      return (count - expected) ** 2 / expected;
    }),
  );
  return { statistic, degreesOfFreedom, pValue: chiSquareTail(statistic, degreesOfFreedom) };
}

/**
 * The interval of p1 − p2 by Newcombe's hybrid score method ("method 10" of Newcombe 1998, Statistics in
 * Medicine 17:873): each side of the difference takes its width from the two groups' Wilson intervals.
 * Unlike the Wald interval it keeps its coverage at rates of a few percent and never leaves [−1, 1].
 */
export function newcombeDifference(successes1: number, trials1: number, successes2: number, trials2: number, z: number = Z_95): Interval {
  const p1 = successes1 / trials1;
  const p2 = successes2 / trials2;
  const first = wilsonInterval(successes1, trials1, z);
  const second = wilsonInterval(successes2, trials2, z);
  const difference = p1 - p2;
  return {
    low: Math.max(-1, difference - Math.sqrt((p1 - first.low) ** 2 + (second.high - p2) ** 2)),
    high: Math.min(1, difference + Math.sqrt((first.high - p1) ** 2 + (p2 - second.low) ** 2)),
  };
}

export interface PlanInput {
  /** The control's registration rate, 0 < baseline < 1. */
  baseline: number;
  /** The smallest change worth finding, relative to the baseline: 0.1 for +10 %. */
  relativeEffect: number;
  /** Two-sided significance level. */
  alpha: number;
  /** The chance of finding an effect of that size when it is there. */
  power: number;
}

/** The two rates a plan compares, after checking that a test could tell them apart. */
export function planRates({ baseline, relativeEffect, alpha, power }: PlanInput): { p1: number; p2: number } {
  const p1 = baseline;
  const p2 = baseline * (1 + relativeEffect);
  if (!(p1 > 0 && p1 < 1)) throw new RangeError(`the baseline must lie between 0 and 100 %; got ${baseline}`);
  if (relativeEffect === 0 || !Number.isFinite(relativeEffect)) throw new RangeError('the effect to find must not be zero');
  if (!(p2 > 0 && p2 < 1)) throw new RangeError(`the baseline changed by the effect must stay between 0 and 100 %; got ${p2}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must lie between 0 and 1; got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must lie between 0 and 1; got ${power}`);
  return { p1, p2 };
}

/**
 * Visitors each variant needs for the two-sided two-proportion test to find the effect: the closed form of
 * the power equation R's power.prop.test solves (Fleiss' formula without continuity correction),
 *   n = (z(1 − α/2)·√((p1 + p2)(1 − (p1 + p2)/2)) + z(power)·√(p1(1 − p1) + p2(1 − p2)))² / (p1 − p2)².
 * Fractional, as R prints it; a plan rounds it up.
 */
export function visitorsPerVariant(input: PlanInput): number {
  const { p1, p2 } = planRates(input);
  const spreadUnderNull = Math.sqrt((p1 + p2) * (1 - (p1 + p2) / 2));
  const spreadUnderEffect = Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  const root = normalQuantile(1 - input.alpha / 2) * spreadUnderNull + normalQuantile(input.power) * spreadUnderEffect;
  return root ** 2 / (p1 - p2) ** 2;
}
