/**
 * The page view the landing's events name (detail.pageViewId and the landing keys, domain/tracking.ts).
 * The view the HTML was loaded for takes the id the first-screen script made and already sent with its
 * early view beacon; each later view (a client-side navigation) gets one of its own, made when its first
 * event needs it (view-keys.ts), so nothing of the tracking's rules is in the first-load JS. TrackingProvider
 * begins the view; the registration form, an island with a React root of its own that cannot read the
 * page's context, finds it here.
 */
import type { PageVariant } from '../domain/tracking';
import { earlyState, servedByTheSplit } from '../early/hand-over';

export interface PageView extends Partial<PageVariant> {
  brand: string;
  /** The page's country code as in its path ("ru", "br"). */
  country: string;
  slug: string;
  /** Null until an event of the view needs it. */
  id: string | null;
}

let current: PageView | null = null;
let earlyIdTaken = false;

export function beginPageView(landing: Omit<PageView, 'id'>): PageView {
  const early = earlyIdTaken ? null : (earlyState()?.pageViewId ?? null);
  earlyIdTaken = true;
  // A page served without consent was not assigned by the split: its events name no experiment arm.
  current = servedByTheSplit() ? { ...landing, id: early } : { ...landing, experiment: null, variant: null, id: early };
  return current;
}

/** The view now shown; null outside a landing (no TrackingProvider): its events are not tracked. */
export function currentPageView(): PageView | null {
  return current;
}
