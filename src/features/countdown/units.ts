import type { Countdown } from '../../domain/countdown';

export const COUNTDOWN_UNITS = ['day', 'hour', 'minute', 'second'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

const FIELD: Record<CountdownUnit, keyof Countdown> = { day: 'days', hour: 'hours', minute: 'minutes', second: 'seconds' };

/** The unit's word for this number in the page locale, plural rules included ("1 день", "5 дней"). */
export function unitLabel(value: number, unit: CountdownUnit, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).formatToParts(value);
  return parts
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join(' ');
}

export function valueOf(countdown: Countdown, unit: CountdownUnit): number {
  return countdown[FIELD[unit]];
}
