/**
 * Promotions end at the end of their end date in the operator's time zone, Moscow (UTC+3, no DST),
 * the same zone the main site's line uses (spec 7 timezone=3). Evaluating in one fixed zone makes a
 * landing expire at the same instant for every visitor and for the build.
 */
export const OPERATOR_UTC_OFFSET_HOURS = 3;

/** The landing every expired promotion falls back to (spec 2). */
export const FALLBACK_SLUG = 'freebet30';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The days a table may name: none before the site's first promotions, none after the last day of the
 * year that means "permanent". A date outside it is a slip (1900 for 2099), which would end a landing
 * at once or never.
 */
export const FIRST_TABLE_DATE = '2020-01-01';
export const LAST_TABLE_DATE = '2099-12-31';

/** Why `value` is not a day a table may name, or null when it is one. */
export function tableDateProblem(value: string): string | null {
  if (!isCalendarDate(value)) return 'is not a date (YYYY-MM-DD)';
  if (value < FIRST_TABLE_DATE || value > LAST_TABLE_DATE) {
    return `is outside ${FIRST_TABLE_DATE} … ${LAST_TABLE_DATE} (${LAST_TABLE_DATE} is "permanent")`;
  }
  return null;
}

/** First instant (epoch ms) at which a promotion ending on `endDate` is over: next midnight, Moscow time. */
export function promotionEndInstant(endDate: string): number {
  if (!isCalendarDate(endDate)) throw new Error(`"${endDate}" is not a date (YYYY-MM-DD)`);
  const [year, month, day] = endDate.split('-').map(Number);
  return Date.UTC(year, month - 1, day + 1) - OPERATOR_UTC_OFFSET_HOURS * 3_600_000;
}

/** The operator's calendar day (YYYY-MM-DD, Moscow time) at `now`: the day a build made then judges expiry by. */
export function operatorDay(now: number): string {
  return new Date(now + OPERATOR_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** The end date is inclusive: a promotion ending 2026-12-31 runs through that whole day. */
export function isPromotionExpired(endDate: string, now: number): boolean {
  return now >= promotionEndInstant(endDate);
}

/** A landing's days: the last one, and the first when it opens after it is built (a launch prepared ahead). */
export interface PromotionDays {
  date: string;
  first_day?: string;
}

/** First instant (epoch ms) a promotion whose first day is `firstDay` runs: that midnight, Moscow time. */
export function promotionStartInstant(firstDay: string): number {
  return promotionEndInstant(firstDay) - 86_400_000;
}

/** Before its first day, like after its last one, a landing answers as an expired one: it redirects. */
export function isPromotionUpcoming(days: PromotionDays, now: number): boolean {
  return days.first_day !== undefined && now < promotionStartInstant(days.first_day);
}

/** Closed: past its last day or before its first. The one test of whether a landing's address redirects. */
export function isPromotionClosed(days: PromotionDays, now: number): boolean {
  return isPromotionExpired(days.date, now) || isPromotionUpcoming(days, now);
}

/** Years from which on a table date means "no end planned" (spec 3: 2099 is effectively permanent). */
export const PERMANENT_FROM_YEAR = 2099;

export function isPermanent(endDate: string): boolean {
  return Number(endDate.slice(0, 4)) >= PERMANENT_FROM_YEAR;
}

/** Where an expired landing sends the visitor: its own redirect_to, or the brand's freebet30 in its language. */
export function expiryTarget(brand: string, language: string, redirectTo?: string | null): string {
  return redirectTo || `/${brand}/${language}/${FALLBACK_SLUG}/`;
}

export type PromotionStatus = 'permanent' | 'active' | 'expiring' | 'expired';

/** Promotions ending within this many days are flagged for marketers. */
export const EXPIRING_WITHIN_DAYS = 14;

/** A landing's status as marketers read it: upcoming before its first day, otherwise by its last day. */
export type LandingStatus = PromotionStatus | 'upcoming';

export function landingStatus(days: PromotionDays, now: number): LandingStatus {
  return isPromotionUpcoming(days, now) && !isPromotionExpired(days.date, now) ? 'upcoming' : promotionStatus(days.date, now);
}

export function promotionStatus(endDate: string, now: number): PromotionStatus {
  if (isPromotionExpired(endDate, now)) return 'expired';
  if (isPermanent(endDate)) return 'permanent';
  return promotionEndInstant(endDate) - now <= EXPIRING_WITHIN_DAYS * 86_400_000 ? 'expiring' : 'active';
}
