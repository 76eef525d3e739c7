/**
 * What the first-screen script's consent part (consent.ts) leaves on the window and in the page: names and
 * types only, so the page's code and the server renderer read them without carrying the script.
 */
import type { ConsentMode, ConsentValue } from '../domain/consent';

export const CONSENT_GLOBAL = '__promoConsent';
/** Where a third party's loader is handed, to run once tracking is allowed: `window.__promoTrackers.push(fn)`. */
export const CONSENT_QUEUE = '__promoTrackers';
/** Raised on the window when an accept allows tracking on a page that had not allowed it. */
export const CONSENT_EVENT = 'promo:consent';
/** Set on <html> while the choice is asked for: the sheet shows by it (the build's CSS). */
export const CONSENT_ASK_ATTRIBUTE = 'data-consent-ask';
export const CONSENT_SHEET_ID = 'promo-consent';
/** The footer's link that opens the choice again. */
export const CONSENT_OPEN = '[data-consent-open]';

export interface ConsentState {
  mode: ConsentMode;
  choice: ConsentValue | null;
  /** Whether anything may be tracked now. */
  allowed: boolean;
  /** Whether it was as the page was asked for: the host assigned an experiment's variant only then. */
  allowedAtLoad: boolean;
}

export type ConsentWindow = Window & {
  [CONSENT_GLOBAL]?: ConsentState;
  [CONSENT_QUEUE]?: { push(loader: () => void): void };
  dataLayer?: unknown[];
};
