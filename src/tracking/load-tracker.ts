/**
 * The tracker's chunk (tracker.ts, with the fingerprint code behind it), fetched the first time an event
 * needs it: the view once the page is idle, or a tracked click or a funnel step before that. So it adds
 * nothing to the first-load JS and does not compete with hydration.
 */
import { consentAllowsTracking } from '../early/hand-over';

type TrackerModule = typeof import('./tracker');

let tracker: Promise<TrackerModule> | null = null;

export function loadTracker(): Promise<TrackerModule> {
  if (!tracker) {
    tracker = import('./tracker').catch((error: unknown) => {
      // The chunk did not come (offline): forget it so a later event may try again.
      tracker = null;
      throw error;
    });
  }
  return tracker;
}

export function warnTracking(code: string, error: unknown): void {
  console.warn(`[promo] tracking ${code} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Runs `run` with the tracker once its chunk is there; never throws, never makes the caller wait. Nothing
 * runs where the visitor's consent does not allow tracking (src/early/consent.ts): the event is dropped.
 */
export function withTracker(code: string, run: (module: TrackerModule) => void): void {
  if (!consentAllowsTracking()) return;
  try {
    loadTracker()
      .then(run)
      .catch((error: unknown) => warnTracking(code, error));
  } catch {
    // Tracking must never break the page.
  }
}
