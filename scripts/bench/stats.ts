/** Small number helpers shared by the bench modules. */

/** Median of the finite values; NaN when there are none. */
export function median(values: number[]): number {
  const finite = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const middle = Math.floor(finite.length / 2);
  return finite.length % 2 === 1 ? finite[middle] : (finite[middle - 1] + finite[middle]) / 2;
}

/** value / baseline, or null when either is missing or the baseline is 0 (CLS and TBT of a bare page often are). */
export function ratio(value: number | null | undefined, baseline: number | null | undefined): number | null {
  if (value === null || value === undefined || baseline === null || baseline === undefined) return null;
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return null;
  return value / baseline;
}

export function kb(bytes: number): number {
  return bytes / 1024;
}

/**
 * The pages of one Lighthouse round in the order they run. Round 1 runs them as listed; each later round
 * starts one place further on and steps through the list by another stride prime to its length, so a
 * page runs in another place and after another page from round to round: whatever a place costs (the
 * last browser still shutting down, a burst on the host as a round starts) falls on every page in turn,
 * not always on the same one, as it could in a fixed order.
 */
export function roundOrder<T>(pages: readonly T[], round: number): T[] {
  const count = pages.length;
  if (count < 2) return [...pages];
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const strides = Array.from({ length: count - 1 }, (_, index) => index + 1).filter((stride) => gcd(stride, count) === 1);
  const index = Math.max(0, round - 1);
  const stride = strides[index % strides.length];
  const start = index % count;
  return pages.map((_, place) => pages[(start + place * stride) % count]);
}
