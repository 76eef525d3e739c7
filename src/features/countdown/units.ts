import type { Countdown } from '../../domain/countdown';

/** The id of the built countdown, which the page's code fills (run-countdown.ts). */
export const COUNTDOWN_ID = 'countdown';

export const COUNTDOWN_UNITS = ['day', 'hour', 'minute', 'second'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

const FIELD: Record<CountdownUnit, keyof Countdown> = { day: 'days', hour: 'hours', minute: 'minutes', second: 'seconds' };

export function valueOf(countdown: Countdown, unit: CountdownUnit): number {
  return countdown[FIELD[unit]];
}
