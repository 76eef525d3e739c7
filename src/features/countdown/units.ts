import type { Countdown } from '../../domain/countdown';

export const COUNTDOWN_UNITS = ['day', 'hour', 'minute', 'second'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

const FIELD: Record<CountdownUnit, keyof Countdown> = { day: 'days', hour: 'hours', minute: 'minutes', second: 'seconds' };

export function valueOf(countdown: Countdown, unit: CountdownUnit): number {
  return countdown[FIELD[unit]];
}
