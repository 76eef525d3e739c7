/** Kick-off times written from the build's pattern, without the browser's Intl (see figures.ts). */
import type { DateField, FigureFormat } from './figures';
import { formatInteger } from './figures';

function twoDigits(value: number, format: FigureFormat): string {
  return formatInteger(value, format, { minimumIntegerDigits: 2, useGrouping: false });
}

function hourOf(date: Date, cycle: FigureFormat['hourCycle']): number {
  const hour = date.getHours();
  if (cycle === 'h23') return hour;
  if (cycle === 'h24') return hour === 0 ? 24 : hour;
  if (cycle === 'h11') return hour % 12;
  return hour % 12 === 0 ? 12 : hour % 12;
}

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/**
 * Month and day in the Solar Hijri calendar, by the 33-year arithmetic cycle Intl's Persian calendar
 * uses (checked against Intl for every day of 2000–2060 in tests/unit/domain/figures.test.ts).
 */
export function persianMonthDay(year: number, month: number, day: number): { month: number; day: number } {
  const since1600 = year - 1600;
  const yearForLeap = month > 2 ? since1600 + 1 : since1600;
  let days =
    365 * since1600 +
    Math.floor((yearForLeap + 3) / 4) -
    Math.floor((yearForLeap + 99) / 100) +
    Math.floor((yearForLeap + 399) / 400) -
    80 +
    day +
    DAYS_BEFORE_MONTH[month - 1];
  days %= 12053;
  days %= 1461;
  if (days > 365) days = (days - 1) % 365;
  return days < 186
    ? { month: 1 + Math.floor(days / 31), day: 1 + (days % 31) }
    : { month: 7 + Math.floor((days - 186) / 30), day: 1 + ((days - 186) % 30) };
}

function monthDay(date: Date, calendar: FigureFormat['calendar']): { month: number; day: number } {
  if (calendar === 'persian') return persianMonthDay(date.getFullYear(), date.getMonth() + 1, date.getDate());
  return { month: date.getMonth() + 1, day: date.getDate() };
}

/** Day, month, hour and minute of a kick-off in the visitor's time zone, numbers only. */
export function formatKickoff(at: Date | number, format: FigureFormat): string {
  const date = new Date(at);
  const { month, day } = monthDay(date, format.calendar);
  const values: Record<DateField, string> = {
    day: twoDigits(day, format),
    month: twoDigits(month, format),
    hour: twoDigits(hourOf(date, format.hourCycle), format),
    minute: twoDigits(date.getMinutes(), format),
    dayPeriod: format.dayPeriods?.[date.getHours()] ?? '',
  };
  return format.kickoff.map((token) => ('field' in token ? values[token.field] : token.text)).join('');
}
