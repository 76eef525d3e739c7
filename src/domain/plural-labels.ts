import type { PluralLabels } from './figures';
import { numberFormat, pluralRules } from './intl-cache';

/** Sample numbers that fall in each category in some language, enough to meet every category. */
const SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 102, 1.5];

/** The unit's word for each plural category of the locale ("день", "дня", "дней"). */
export function unitLabels(unit: 'day' | 'hour' | 'minute' | 'second', locale: string): PluralLabels {
  const rules = pluralRules(locale);
  const format = numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
  const labels: PluralLabels = {};
  for (const sample of SAMPLES) {
    const category = rules.select(sample);
    if (labels[category] !== undefined) continue;
    labels[category] = format
      .formatToParts(sample)
      .filter((part) => part.type === 'unit')
      .map((part) => part.value)
      .join(' ');
  }
  return labels;
}
