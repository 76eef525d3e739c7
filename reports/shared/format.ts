/** How the report writes its figures, the same in the terminal and on the QA page. */
import type { Ratio, Registrations } from './ratio';
import { VITAL_RULES, type Vital } from './thresholds';

export const NOT_ENOUGH_DATA = 'not enough data';

export const count = (value: number): string => value.toLocaleString('en-US');

export const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

export const ratioText = (ratio: Ratio): string => (ratio.rate === null ? NOT_ENOUGH_DATA : percent(ratio.rate));

/** "4.2 (3.1–5.6)": registrations per 100 views and the 95 % interval. */
export function registrationsText(registrations: Registrations): string {
  if (registrations.per100Views === null) return NOT_ENOUGH_DATA;
  const figure = registrations.per100Views.toFixed(1);
  return registrations.low === null || registrations.high === null
    ? figure
    : `${figure} (${registrations.low.toFixed(1)}–${registrations.high.toFixed(1)})`;
}

export function vitalText(metric: Vital, value: number | null): string {
  if (value === null) return NOT_ENOUGH_DATA;
  return VITAL_RULES[metric].unit === 'ms' ? `${count(Math.round(value))} ms` : value.toFixed(3);
}

/** The "good" limit: "2,500 ms", "0.1". */
export function goodLimitText(metric: Vital): string {
  const rule = VITAL_RULES[metric];
  return rule.unit === 'ms' ? `${count(rule.good)} ms` : String(rule.good);
}

export const thresholdText = (metric: Vital): string => `${VITAL_RULES[metric].label} ≤ ${goodLimitText(metric)}`;

/** "12 events from the editor's preview and the QA index not counted": their views are not visitors'. */
export const previewsText = (previews: number): string =>
  `${count(previews)} ${previews === 1 ? 'event' : 'events'} from the editor's preview and the QA index not counted`;
