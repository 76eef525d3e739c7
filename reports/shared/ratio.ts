/** Shares of page views, with the minimum-data rule and the registrations' Wilson interval. */
import { MIN_PAGE_VIEWS } from './thresholds';
import { wilsonInterval } from './wilson';

/** A share of page views; `rate` is null when `over` is under MIN_PAGE_VIEWS ("not enough data") or zero. */
export interface Ratio {
  count: number;
  over: number;
  rate: number | null;
}

export interface Registrations extends Ratio {
  /** Registrations per 100 views and its 95 % Wilson interval; null without enough data. */
  per100Views: number | null;
  low: number | null;
  high: number | null;
}

export function ratio(part: number, over: number, min: number = MIN_PAGE_VIEWS): Ratio {
  return { count: part, over, rate: over >= min && over > 0 ? part / over : null };
}

export function registrations(done: number, views: number, min: number): Registrations {
  const base = ratio(done, views, min);
  if (base.rate === null || done > views)
    return { ...base, per100Views: base.rate === null ? null : base.rate * 100, low: null, high: null };
  const { low, high } = wilsonInterval(done, views);
  return { ...base, per100Views: base.rate * 100, low: low * 100, high: high * 100 };
}
