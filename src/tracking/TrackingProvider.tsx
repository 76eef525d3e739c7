/**
 * Landing tracking for the page: view_landing once per landing view, trackClick for the tracked links,
 * the view's id for every event of it (page-view.ts), and the view's Core Web Vitals. Only types come from
 * the tracking modules here; the tracker itself (with the fingerprint code) is a separate chunk fetched
 * once the page is idle after load (or on an earlier tracked click or funnel step: load-tracker.ts), and
 * web-vitals one fetched at that idle moment too, so they add nothing to the first-load JS and do not
 * compete with hydration.
 */
import React, { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import type { ClickEventCode } from '../domain/tracking';
import { takeOverView, whenTrackingAllowed } from '../early/hand-over';
import { whenIdle } from '../runtime/idle';
import { useVisitor } from '../site/visitor';
import { warnTracking, withTracker } from './load-tracker';
import { beginPageView, countViewFirst, eventTime, setViewCounter, type PageView } from './page-view';
import type { LandingView } from './tracker';

export interface TrackingApi {
  /** Returns at once: the event is sent in the background and never holds the click's navigation. */
  trackClick(code: ClickEventCode): void;
}

/** Outside a provider (component tests, the 404 page) clicks are simply not tracked. */
const NOT_TRACKED: TrackingApi = { trackClick: () => undefined };
const TrackingContext = createContext<TrackingApi>(NOT_TRACKED);

/** The load's speed, measured from the idle moment on and sent as the page is hidden (vitals.ts). */
function watchVitals(view: PageView): void {
  import(/* webpackChunkName: "web-vitals" */ './vitals')
    .then((vitals) => vitals.watchVitals(view))
    .catch((error: unknown) => warnTracking('web_vitals', error));
}

export interface TrackingProviderProps {
  brand: string;
  /** The landing's slug: detail.name, and detail.type through its category (spec 2). */
  slug: string;
  /** The page's language code as in its path ("ru", "br"): detail.language. */
  language: string;
  /** The A/B experiment the landing runs and this page's variant: on every event's detail. */
  experiment?: string | null;
  variant?: string | null;
  children: React.ReactNode;
}

export function TrackingProvider({ brand, slug, language, experiment = null, variant = null, children }: TrackingProviderProps) {
  const { partnerUid } = useVisitor();
  // Set by the first effect below, before any click can be handled.
  const latest = useRef<LandingView | null>(null);
  // StrictMode runs effects twice on one mount; one landing view must still give one event, and one id.
  const viewed = useRef<string | null>(null);
  const watched = useRef<string | null>(null);
  const pageView = useRef<{ key: string; view: PageView } | null>(null);
  const key = `${brand}|${slug}|${language}|${experiment}|${variant}`;

  // Declared first so the view effect below, and every later click, reads this render's values.
  useEffect(() => {
    if (pageView.current?.key !== key)
      pageView.current = { key, view: beginPageView({ brand, country: language, slug, experiment, variant }) };
    const referrer = typeof document === 'undefined' ? '' : document.referrer;
    latest.current = { partnerUid, referrer, view: pageView.current.view };
  });

  useEffect(() => {
    const current = latest.current;
    if (!current) return;
    // The event says when the landing was seen, though it is sent later.
    const seen = eventTime(current.view);
    // Once per view, whoever asks first: the idle moment below, or an event of the view raised before it,
    // which must reach the main site after the view. Not cancelled on cleanup: a landing left before the
    // page went idle was still viewed; the check keeps StrictMode's second run from counting it twice.
    const count = () => {
      if (viewed.current === key) return;
      viewed.current = key;
      withTracker('view_landing', (module) => {
        // The first-screen script counts the view of a visitor who leaves before this (src/early/early.ts):
        // whichever comes first sends it, once; its time is when the script saw the page. Taken over only
        // once the tracker is here, so the script's beacon still counts a view whose tracker never came.
        const handover = takeOverView();
        if (handover.send) module.trackLanding('view_landing', current, handover.at ?? seen);
      });
    };
    setViewCounter(count);
    // Where the market asks for consent, the view (with its speed and the imprint behind it) waits for an accept.
    whenTrackingAllowed(() =>
      whenIdle(
        () => {
          const first = watched.current !== key;
          watched.current = key;
          count();
          if (first) watchVitals(current.view);
        },
        // No settling time after load: every second of waiting loses the views of visitors who leave early.
        { settleMs: 0 },
      ),
    );
  }, [key]);

  const api = useMemo<TrackingApi>(
    () => ({
      trackClick(code) {
        const current = latest.current;
        if (!current) return;
        const at = eventTime(current.view);
        countViewFirst();
        withTracker(code, (module) => module.trackLanding(code, current, at));
      },
    }),
    [],
  );

  return <TrackingContext.Provider value={api}>{children}</TrackingContext.Provider>;
}

export function useTrack(): TrackingApi {
  return useContext(TrackingContext);
}
