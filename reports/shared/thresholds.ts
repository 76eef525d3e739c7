/**
 * The rules a reader of the report must know: the least data a rate is shown on, and the Core Web
 * Vitals thresholds (web.dev/articles/vitals: judged at the 75th percentile of page views).
 */

/** A rate over fewer page views than this is "not enough data": with 100, a 95 % interval is still ±10 points at worst. */
export const MIN_PAGE_VIEWS = 100;

export const VITALS = ['lcp', 'inp', 'cls'] as const;
export type Vital = (typeof VITALS)[number];

export interface VitalRule {
  label: string;
  unit: 'ms' | '';
  /** At or below: good. */
  good: number;
  /** Above: poor; between the two: needs improvement. */
  poor: number;
  /** The plots' bins: their width and how many (the last one holds everything above). */
  binWidth: number;
  bins: number;
}

export const VITAL_RULES: Record<Vital, VitalRule> = {
  lcp: { label: 'LCP', unit: 'ms', good: 2500, poor: 4000, binWidth: 250, bins: 33 },
  inp: { label: 'INP', unit: 'ms', good: 200, poor: 500, binWidth: 25, bins: 33 },
  cls: { label: 'CLS', unit: '', good: 0.1, poor: 0.25, binWidth: 0.025, bins: 21 },
};
