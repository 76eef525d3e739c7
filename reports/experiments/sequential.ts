/**
 * The always-valid test of a variant against the control: the asymptotic confidence sequence of
 * Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas, "Time-uniform central limit theory and asymptotic
 * confidence sequences" (Annals of Statistics, 2024; arXiv 2103.06476), in the form GrowthBook's gbstats
 * runs it (SequentialTwoSidedTTest). Its interval and p-value stay valid however often they are read, so a
 * verdict may be taken the day it appears. Pure; checked in tests/unit/reports/experiments/sequential.test.ts.
 */
import type { Interval } from '../shared/wilson';
import { normalQuantile, planRates, type PlanInput } from './stats';

const isCount = (value: number): boolean => Number.isInteger(value) && value >= 0;

/** −2·ln α + ln(1 − 2·ln α): n·ρ² at the sample size the sequence is tuned for (the paper's eq. 161). */
const tunedNRhoSquared = (alpha: number): number => -2 * Math.log(alpha) + Math.log(1 - 2 * Math.log(alpha));

/**
 * The mixture's spread ρ that makes the sequence narrowest after `tuning` observations (for two groups,
 * the visitors of both together): gbstats' sequential_rho.
 */
export function sequentialRho(alpha: number, tuning: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must lie between 0 and 1; got ${alpha}`);
  if (!(tuning > 0 && Number.isFinite(tuning))) throw new RangeError(`the tuning sample size must be positive; got ${tuning}`);
  return Math.sqrt(tunedNRhoSquared(alpha) / tuning);
}

/**
 * Half the width of the sequence after n observations of variance s2 (eq. 9 of the paper):
 *   √s2 · √(2(nρ² + 1) · ln(√(nρ² + 1) / α) / (nρ)²).
 * For a difference of two means s2 is n times its squared standard error, as gbstats takes it.
 */
export function sequentialHalfWidth(s2: number, n: number, rho: number, alpha: number): number {
  const nRho2 = n * rho ** 2;
  return Math.sqrt(s2) * Math.sqrt((2 * (nRho2 + 1) * Math.log(Math.sqrt(nRho2 + 1) / alpha)) / (n * rho) ** 2);
}

/**
 * The always-valid p-value of an estimate with its standard error after n observations: 1 over the
 * mixture's e-value, exp(ρ²·n·z² / (2(nρ² + 1))) / √(nρ² + 1), capped at 1 (eq. 155; gbstats'
 * SequentialTwoSidedTTest.p_value). Below α exactly when the sequence at α leaves out zero. Worked in
 * logarithms, so a large z gives a tiny p rather than an overflow.
 */
export function sequentialPValue(estimate: number, standardError: number, n: number, rho: number): number {
  const nRho2 = n * rho ** 2;
  const logEvalue = (rho ** 2 * n * (estimate / standardError) ** 2) / (2 * (nRho2 + 1)) - Math.log(nRho2 + 1) / 2;
  return Math.min(1, Math.exp(-logEvalue));
}

export interface SequentialDifference {
  /** rate 1 − rate 2. */
  difference: number;
  standardError: number;
  interval: Interval;
  pValue: number;
}

/**
 * Rate 1 − rate 2 with its sequence at level α and its p-value, tuned for `tuning` visitors of the two
 * groups together. The standard error is the unpooled one, √(p1(1 − p1)/n1 + p2(1 − p2)/n2), gbstats'
 * for proportions. Null when it is zero (no registration, or only registrations, on both sides): there
 * is no spread to test against.
 */
export function sequentialDifference(
  successes1: number,
  trials1: number,
  successes2: number,
  trials2: number,
  alpha: number,
  tuning: number,
): SequentialDifference | null {
  [
    [successes1, trials1],
    [successes2, trials2],
  ].forEach(([count, trials], index) => {
    if (!isCount(count) || !isCount(trials) || trials === 0 || count > trials) {
      throw new RangeError(`group ${index + 1}: needs 0 <= successes <= trials, trials > 0; got ${count} of ${trials}`);
    }
  });
  const p1 = successes1 / trials1;
  const p2 = successes2 / trials2;
  const standardError = Math.sqrt((p1 * (1 - p1)) / trials1 + (p2 * (1 - p2)) / trials2);
  if (standardError === 0) return null;
  const n = trials1 + trials2;
  const rho = sequentialRho(alpha, tuning);
  const halfWidth = sequentialHalfWidth(standardError ** 2 * n, n, rho, alpha);
  const difference = p1 - p2;
  return {
    difference,
    standardError,
    interval: { low: difference - halfWidth, high: difference + halfWidth },
    pValue: sequentialPValue(difference, standardError, n, rho),
  };
}

/**
 * What the sequence's half-width is in standard errors at the sample size it is tuned for: the
 * sequential test's counterpart of z(1 − α/2). 3.04 at α = 0.05, against 1.96.
 */
export function sequentialCriticalValue(alpha: number): number {
  const c = tunedNRhoSquared(alpha);
  return Math.sqrt((2 * (c + 1) * Math.log(Math.sqrt(c + 1) / alpha)) / c);
}

/**
 * Visitors each variant needs for the sequential test, tuned for that many, to find the effect by the
 * time they have come, with the given power:
 *   n = (c(α) + z(power))² · (p1(1 − p1) + p2(1 − p2)) / (p1 − p2)²,
 * c(α) being sequentialCriticalValue. It counts the last look only; earlier looks can only add to the
 * power. Fractional; a plan rounds it up.
 */
export function sequentialVisitorsPerVariant(input: PlanInput): number {
  const { p1, p2 } = planRates(input);
  const root = sequentialCriticalValue(input.alpha) + normalQuantile(input.power);
  return (root ** 2 * (p1 * (1 - p1) + p2 * (1 - p2))) / (p1 - p2) ** 2;
}

/**
 * The sequence's half-width in standard errors after n observations when it is tuned for another count:
 * sequentialCriticalValue is this at n = tuning, its narrowest; before and after it is wider.
 */
export function sequentialCriticalValueAt(alpha: number, n: number, tuning: number): number {
  const nRho2 = n * sequentialRho(alpha, tuning) ** 2;
  return Math.sqrt((2 * (nRho2 + 1) * Math.log(Math.sqrt(nRho2 + 1) / alpha)) / nRho2);
}

/**
 * Visitors each variant needs for the report's sequential test, tuned for `tuning` visitors of two groups
 * together, to find the effect with the given power: the smallest n with
 *   (c(2n) + z(power)) · √((p1(1 − p1) + p2(1 − p2)) / n) ≤ |p1 − p2|,
 * c(2n) being the sequence's half-width in standard errors at both groups' 2n visitors
 * (sequentialCriticalValueAt). Tuned for 2n itself, it is sequentialVisitorsPerVariant. The left side less
 * the right grows with n past its one crossing, so halving the bracket finds it. Fractional.
 */
export function sequentialVisitorsNeeded(input: PlanInput, tuning: number): number {
  const { p1, p2 } = planRates(input);
  const spread = Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  const effect = Math.abs(p1 - p2);
  const zPower = normalQuantile(input.power);
  const short = (n: number) => (sequentialCriticalValueAt(input.alpha, 2 * n, tuning) + zPower) * spread - effect * Math.sqrt(n);
  let low = 1e-9;
  let high = 1;
  while (short(high) > 0) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-9 * high; step++) {
    const middle = (low + high) / 2;
    if (short(middle) > 0) low = middle;
    else high = middle;
  }
  return high;
}
