/**
 * Decap filters entries by a regular expression over a field, so a landing's status (as `npm run promos`
 * computes it from the last day) becomes one pattern per status over `date`, valid for the day it is
 * made on: the editor's config is made afresh for every page load.
 */
import { EXPIRING_WITHIN_DAYS, operatorDay, PERMANENT_FROM_YEAR, promotionStatus, type PromotionStatus } from '../../src/domain/expiry';

const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A pattern matching the YYYY-MM-DD strings that sort before `date` (same length, so string order is date order). */
export function beforePattern(date: string): string {
  const alternatives: string[] = [];
  for (let at = 0; at < date.length; at++) {
    const digit = date[at];
    if (digit < '1' || digit > '9') continue;
    const below = digit === '1' ? '0' : `[0-${String(Number(digit) - 1)}]`;
    const rest = date.slice(at + 1).replace(/\d/g, '\\d');
    alternatives.push(`${date.slice(0, at)}${below}${rest}`);
  }
  return alternatives.length ? `^(?:${alternatives.join('|')})$` : '^(?!)$';
}

/** The first day, in the operator's zone, whose landings are not over yet at `now`. */
function firstRunningDay(now: number): string {
  // Days around now in UTC cover the operator's day whatever its offset; the status function decides.
  for (let day = now - 2 * DAY_MS; ; day += DAY_MS) {
    if (promotionStatus(isoDay(day), now) !== 'expired') return isoDay(day);
  }
}

/** One pattern over `date` per status, in the order the editor lists them. */
export function statusPatterns(now: number): Record<PromotionStatus, string> {
  const first = firstRunningDay(now);
  const expiring: string[] = [];
  for (let day = Date.parse(`${first}T00:00:00Z`); promotionStatus(isoDay(day), now) === 'expiring'; day += DAY_MS) {
    expiring.push(isoDay(day));
  }
  const expired = beforePattern(first);
  const expiringPattern = expiring.length ? `^(?:${expiring.join('|')})$` : '^(?!)$';
  const permanent = `^(?!${beforePattern(`${PERMANENT_FROM_YEAR}-01-01`).slice(1, -1)}$)\\d{4}-\\d{2}-\\d{2}$`;
  return {
    active: `^(?!${expired.slice(1, -1)}$)(?!${expiringPattern.slice(1, -1)}$)(?!${permanent.slice(1, -1)}$)\\d{4}-\\d{2}-\\d{2}$`,
    expiring: expiringPattern,
    expired,
    permanent,
  };
}

/** A pattern over `first_day` matching the days after the operator's day at `now`: the landings not open yet. */
export function upcomingPattern(now: number): string {
  const tomorrow = operatorDay(now + DAY_MS);
  return `^(?!${beforePattern(tomorrow).slice(1, -1)}$)\\d{4}-\\d{2}-\\d{2}$`;
}

export const STATUS_HINT = `upcoming (before its first day), active, expiring (ends within ${EXPIRING_WITHIN_DAYS} days), expired, permanent (from ${PERMANENT_FROM_YEAR})`;
