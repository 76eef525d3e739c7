/**
 * The visitor's consent to tracking (docs/landings.md, "Tracking and consent"): the market's mode (its
 * table, data/markets/) and the visitor's choice (a first-party cookie) decide whether anything is
 * tracked. The first-screen script, the page's code, the stand-in and nginx all read the rule here.
 */
import type { ConsentMode } from './markets';
import type { ConsentChoice } from './tracking';

export type { ConsentMode };

/** The first-party cookie that keeps the choice: read by the first-screen script, nginx and the stand-in. */
export const CONSENT_COOKIE = 'promo_consent';
/** About six months, in seconds: long enough not to ask at every visit, short enough to ask again. */
export const CONSENT_MAX_AGE = 15_552_000;

/** What the cookie can hold. */
export const CONSENT_VALUES = ['accept', 'refuse'] as const;
export type ConsentValue = (typeof CONSENT_VALUES)[number];
/** The choice in a Cookie header (or document.cookie); null without one, or with a value it never holds. */
export function consentFromCookies(cookies: string): ConsentValue | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (CONSENT_VALUES as readonly string[]).includes(value)) return value as ConsentValue;
  }
  return null;
}

/** The Set-Cookie value (or document.cookie assignment): the whole host's pages share one choice. */
export function consentCookie(value: ConsentValue, secure: boolean): string {
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** opt-in: only after an accept; opt-out: until a refuse; none: always. */
export function trackingAllowed(mode: ConsentMode, choice: ConsentValue | null): boolean {
  if (mode === 'none') return true;
  if (mode === 'opt-out') return choice !== 'refuse';
  return choice === 'accept';
}

/** Whether the choice is put before the visitor as the page opens: a market that asks, and no choice yet. */
export function asksOnArrival(mode: ConsentMode, choice: ConsentValue | null): boolean {
  return mode !== 'none' && choice === null;
}

/** The choice a tap on accept or refuse makes, given the choice before it. */
export function choiceMade(value: ConsentValue, before: ConsentValue | null): ConsentChoice {
  return value === 'refuse' && before === 'accept' ? 'withdraw' : value;
}

/** Cookies the tag manager's and the counter's scripts set on the site's own host (Google Analytics, Metrika). */
export const THIRD_PARTY_COOKIE = /^(?:_ga|_gid|_gat|_gcl_|_ym)/;

/** The Google Consent Mode v2 fields, all denied by default and all granted on an accept. */
export const CONSENT_MODE_FIELDS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;

export function consentModeState(granted: boolean): Record<(typeof CONSENT_MODE_FIELDS)[number], 'granted' | 'denied'> {
  const value = granted ? 'granted' : 'denied';
  return { ad_storage: value, analytics_storage: value, ad_user_data: value, ad_personalization: value };
}
