/**
 * Wilson's score interval for a binomial proportion (Wilson 1927; "method 3" of Newcombe 1998): unlike
 * p ± z·se it stays inside [0, 1] and keeps its coverage near 0 and 1, where small landings' rates live.
 */

/** The two-sided 95 % normal quantile. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || trials <= 0 || successes < 0 || successes > trials) {
    throw new RangeError(`wilsonInterval needs 0 <= successes <= trials, trials > 0; got ${successes} of ${trials}`);
  }
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0 or n successes one end is exactly 0 or 1; the subtraction alone can miss it by a rounding step.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}
