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
