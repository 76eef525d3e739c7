/**
 * The page view the landing's events name (detail.pageViewId and the landing keys, domain/tracking.ts).
 * The view the HTML was loaded for takes the id the first-screen script made and already sent with its
 * early view beacon; each later view (a client-side navigation) gets one of its own, made when its first
 * event needs it (view-keys.ts), so nothing of the tracking's rules is in the first-load JS. TrackingProvider
 * begins the view; the registration form, an island with a React root of its own that cannot read the
 * page's context, finds it here. Here too is the view's clock, which gives each of its events a time of
 * its own, and the way its first event gets the view itself counted before it.
 */
import { nextEventTime } from '../domain/event-time';
import type { PageVariant } from '../domain/tracking';
import { earlyState, servedByTheSplit } from '../early/hand-over';

export interface PageView extends Partial<PageVariant> {
  brand: string;
  /** The page's country code as in its path ("ru", "br"). */
  country: string;
  slug: string;
  /** Null until an event of the view needs it. */
  id: string | null;
  /** The time given to the view's last event (ms since the epoch); null before the first. */
  lastEventAt: number | null;
}

let current: PageView | null = null;
let earlyIdTaken = false;
let countView: (() => void) | null = null;

export function beginPageView(landing: Omit<PageView, 'id' | 'lastEventAt'>): PageView {
  const early = earlyIdTaken ? null : earlyState();
  earlyIdTaken = true;
  // The first-screen script's view time is the view's first event: every later one comes after it.
  const seen = early ? Date.parse(early.view.at) : NaN;
  const id = early?.pageViewId ?? null;
  const lastEventAt = Number.isFinite(seen) ? seen : null;
  // A page served without consent was not assigned by the split: its events name no experiment arm.
  current = servedByTheSplit() ? { ...landing, id, lastEventAt } : { ...landing, experiment: null, variant: null, id, lastEventAt };
  countView = null;
  return current;
}

/** The view now shown; null outside a landing (no TrackingProvider): its events are not tracked. */
export function currentPageView(): PageView | null {
  return current;
}

/**
 * The time of an event of `view` raised now: strictly after the view's last one. The page's monotonic
 * clock, so a change of the system clock cannot step a view's events back.
 */
export function eventTime(view: PageView): Date {
  const now = typeof performance !== 'undefined' && performance.timeOrigin > 0 ? performance.timeOrigin + performance.now() : Date.now();
  view.lastEventAt = nextEventTime(view.lastEventAt, now);
  return new Date(view.lastEventAt);
}

/** TrackingProvider's way to count the current view; it counts it once, whoever asks first. */
export function setViewCounter(count: () => void): void {
  countView = count;
}

/** Counts the view now if it was not yet: an event of the view raised before the page went idle goes after it. */
export function countViewFirst(): void {
  countView?.();
}
