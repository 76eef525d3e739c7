/**
 * Landing tracking for the page: view_landing once per landing view, and trackClick for the tracked
 * links. Only types come from the tracking modules here; the tracker itself (with the fingerprint code)
 * is a separate chunk fetched once the page is idle after load (or on an earlier tracked click), so
 * it adds nothing to the first-load JS and does not compete with hydration.
 */
import React, { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import type { ClickEventCode } from '../../domain/tracking';
import { takeOverView } from '../../site/early-answers';
import { whenIdle } from '../../site/idle';
import { useVisitor } from '../../site/visitor';
import type { LandingView } from './tracker';

type TrackerModule = typeof import('./tracker');

export interface TrackingApi {
  /** Returns at once: the event is sent in the background and never holds the click's navigation. */
  trackClick(code: ClickEventCode): void;
}

/** Outside a provider (component tests, the 404 page) clicks are simply not tracked. */
const NOT_TRACKED: TrackingApi = { trackClick: () => undefined };
const TrackingContext = createContext<TrackingApi>(NOT_TRACKED);

let tracker: Promise<TrackerModule> | null = null;

function loadTracker(): Promise<TrackerModule> {
  if (!tracker) {
    tracker = import('./tracker').catch((error: unknown) => {
      // The chunk did not come (offline): forget it so a later click may try again.
      tracker = null;
      throw error;
    });
  }
  return tracker;
}

function later(code: string, run: (module: TrackerModule) => void): void {
  try {
    loadTracker()
      .then(run)
      .catch((error: unknown) =>
        console.warn(`[promo] tracking ${code} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  } catch {
    // Tracking must never break the page.
  }
}

export interface TrackingProviderProps {
  /** The landing's slug: detail.name, and detail.type through its category (spec 2). */
  slug: string;
  /** The page's language code as in its path ("ru", "br"): detail.language. */
  language: string;
  children: React.ReactNode;
}

export function TrackingProvider({ slug, language, children }: TrackingProviderProps) {
  const { partnerUid } = useVisitor();
  const latest = useRef<LandingView>({ partnerUid, language, referrer: '', slug });
  // StrictMode runs effects twice on one mount; one landing view must still give one event.
  const viewed = useRef<string | null>(null);

  // Declared first so the view effect below, and every later click, reads this render's values.
  useEffect(() => {
    latest.current = { partnerUid, language, referrer: typeof document === 'undefined' ? '' : document.referrer, slug };
  });

  useEffect(() => {
    const key = `${slug}|${language}`;
    if (viewed.current === key) return;
    // The event says when the landing was seen, though it is sent later.
    const seen = new Date();
    const current = latest.current;
    // Not cancelled on cleanup: a landing left before the page went idle was still viewed. The check
    // inside keeps StrictMode's second effect run from sending a second event.
    whenIdle(
      () => {
        if (viewed.current === key) return;
        viewed.current = key;
        // The first-screen script counts the view of a visitor who leaves before this (src/early/early.ts):
        // whichever comes first sends it, once; its time is when the script saw the page.
        const handover = takeOverView();
        if (!handover.send) return;
        later('view_landing', (module) => module.trackLanding('view_landing', current, handover.at ?? seen));
      },
      // No settling time after load: every second of waiting loses the views of visitors who leave early.
      { settleMs: 0 },
    );
  }, [slug, language]);

  const api = useMemo<TrackingApi>(
    () => ({
      trackClick(code) {
        const at = new Date();
        const current = latest.current;
        later(code, (module) => module.trackLanding(code, current, at));
      },
    }),
    [],
  );

  return <TrackingContext.Provider value={api}>{children}</TrackingContext.Provider>;
}

export function useTrack(): TrackingApi {
  return useContext(TrackingContext);
}
