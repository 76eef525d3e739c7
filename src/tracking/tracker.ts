/**
 * The page's tracker. Loaded lazily by TrackingProvider, so it and the fingerprint code are
 * not in the first-load bundle. It never throws and never makes a click or a navigation wait.
 */
import { accountData } from '../site/account-data';
import { KAFKA_LOG_PATH, sendTrackingEvent, trackingBeaconBody } from './calls/tracking';
import { parsePartnerParams } from '../domain/partner';
import {
  buildTrackingEvent,
  landingViewDetail,
  type LandingEventCode,
  type TrackingAccount,
  type TrackingDetail,
  type TrackingEvent,
  type TrackingEventCode,
} from '../domain/tracking';
import { safeStorage } from '../runtime/storage';
import { readPartnerParams } from '../early/partner-storage';
import { ensureImprint, storedImprint } from './imprint';
import type { PageView } from './page-view';
import { keysOf } from './view-keys';

/** Events wait this long at most for the account and the imprint, then go with what is known. */
export const CONTEXT_WAIT_MS = 2000;

export interface Tracker {
  /**
   * Queues the event and returns at once; `at` is when the visitor acted (defaults to now). The queue sends
   * one event at a time, the next when the one before has answered or failed, so the main site receives
   * them in the order they were tracked.
   */
  track(code: TrackingEventCode, detail: TrackingDetail, at?: Date): void;
  /**
   * Hands every event not yet delivered to sendBeacon, in the queue's order; called on pagehide and when
   * the page is hidden. A refused beacon stops it there: the rest stay queued behind that event.
   */
  flush(): void;
  /**
   * Sends the event now by sendBeacon, after the queued ones, with whatever context is known, for an
   * event made as the page is hidden (web_vitals). A refused beacon leaves a kept-alive POST, which
   * outlives the page as well; behind a queue a refused beacon kept, it joins the queue instead.
   */
  beacon(code: TrackingEventCode, detail: TrackingDetail, at?: Date): void;
  dispose(): void;
}

export interface TrackerDeps {
  account: Promise<TrackingAccount | null>;
  imprint: Promise<string | null>;
  /** A hash already known (stored on an earlier visit): events need not wait for the imprint then. */
  initialImprint?: string | null;
  send?: (event: TrackingEvent, signal: AbortSignal) => Promise<unknown>;
  beacon?: (url: string, body: Blob) => boolean;
  userAgent?: string;
  host?: string;
  waitMs?: number;
  /** Where pagehide / visibilitychange are listened for; null in tests that flush by hand. */
  window?: Window | null;
}

interface Pending {
  code: TrackingEventCode;
  detail: TrackingDetail;
  at: Date;
  controller: AbortController;
}

function warn(what: string, error: unknown): void {
  console.warn(`[promo] ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

function browserBeacon(url: string, body: Blob): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon(url, body) : false;
}

export function createTracker(deps: TrackerDeps): Tracker {
  const send = deps.send ?? sendTrackingEvent;
  const beacon = deps.beacon ?? browserBeacon;
  const target = deps.window === undefined ? (typeof window === 'undefined' ? null : window) : deps.window;
  const userAgent = deps.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const host = deps.host ?? (typeof location === 'undefined' ? '' : location.host);

  const known: { account: TrackingAccount | null; imprint: string | null } = { account: null, imprint: deps.initialImprint ?? null };

  const accountSettled = deps.account.then(
    (account) => {
      known.account = account;
    },
    (error: unknown) => warn('account data for tracking failed', error),
  );
  const imprintSettled = deps.imprint.then(
    (hash) => {
      if (hash) known.imprint = hash;
    },
    (error: unknown) => warn('imprint for tracking failed', error),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = Promise.race([
    Promise.all([accountSettled, known.imprint ? undefined : imprintSettled]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deps.waitMs ?? CONTEXT_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));

  const build = (entry: Pending): TrackingEvent =>
    buildTrackingEvent({
      code: entry.code,
      detail: entry.detail,
      account: known.account,
      imprintHash: known.imprint,
      userAgent,
      host,
      now: entry.at,
    });

  // In the order tracked; the first is the one on the wire, if any is.
  const queue: Pending[] = [];
  let sending = false;

  function sendNext(): void {
    const entry = queue[0];
    if (sending || !entry) return;
    sending = true;
    ready
      // Already handed to sendBeacon while it waited.
      .then(() => (entry.controller.signal.aborted ? undefined : send(build(entry), entry.controller.signal)))
      // A failure is logged only (spec 8): it must not hold back or lose the events behind it.
      .catch((error: unknown) => warn(`tracking ${entry.code} failed`, error))
      .finally(() => {
        if (queue[0] === entry) queue.shift();
        sending = false;
        sendNext();
      });
  }

  function track(code: TrackingEventCode, detail: TrackingDetail, at: Date = new Date()): void {
    try {
      queue.push({ code, detail, at, controller: new AbortController() });
      sendNext();
    } catch (error) {
      warn(`tracking ${code} failed`, error);
    }
  }

  function flush(): void {
    while (queue.length > 0) {
      const entry = queue[0];
      let queued = false;
      try {
        queued = beacon(KAFKA_LOG_PATH, trackingBeaconBody(build(entry)));
      } catch (error) {
        warn(`tracking ${entry.code} beacon failed`, error);
      }
      // A refused beacon (payload limit, no API) leaves it, and those behind it, to the POSTs if the page lives on.
      if (!queued) return;
      queue.shift();
      // The page may only be hidden, not unloaded: the POST must not deliver the event a second time.
      entry.controller.abort();
    }
  }

  function beaconNow(code: TrackingEventCode, detail: TrackingDetail, at: Date = new Date()): void {
    try {
      flush();
      if (queue.length > 0) return track(code, detail, at);
      const event = build({ code, detail, at, controller: new AbortController() });
      let queued = false;
      try {
        queued = beacon(KAFKA_LOG_PATH, trackingBeaconBody(event));
      } catch (error) {
        warn(`tracking ${code} beacon failed`, error);
      }
      if (!queued) send(event, new AbortController().signal).catch((error: unknown) => warn(`tracking ${code} failed`, error));
    } catch (error) {
      warn(`tracking ${code} failed`, error);
    }
  }

  const onPageHide = () => flush();
  const onVisibility = () => {
    if (target?.document.visibilityState === 'hidden') flush();
  };
  target?.addEventListener('pagehide', onPageHide);
  target?.document.addEventListener('visibilitychange', onVisibility);

  return {
    track,
    flush,
    beacon: beaconNow,
    dispose() {
      target?.removeEventListener('pagehide', onPageHide);
      target?.document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

let page: Tracker | null = null;

/** One tracker per page load: one account call, one imprint, one set of unload listeners. */
export function pageTracker(): Tracker {
  if (!page) {
    const storage = safeStorage();
    page = createTracker({
      account: accountData().then((result) => (result.ok ? result.data : null)),
      imprint: ensureImprint(storage),
      initialImprint: storedImprint(storage),
    });
  }
  return page;
}

/** What TrackingProvider knows of the view; the partner uid is a hint, the URL and storage back it up. */
export interface LandingView {
  partnerUid: string | null;
  referrer: string;
  view: PageView;
}

/**
 * The visitor context may not have read the URL yet when the provider mounts, so the partner uid is
 * looked up the same way it captures it: the URL first, then what an earlier visit stored.
 */
function partnerUidOf(hint: string | null): string | null {
  if (hint) return hint;
  if (typeof location === 'undefined') return null;
  return parsePartnerParams(location.search).partnerUid ?? readPartnerParams(safeStorage()).partnerUid;
}

/** Landing events (view and clicks) all carry the view detail, so each can be told apart by landing. */
export function trackLanding(code: LandingEventCode, landing: LandingView, at: Date = new Date()): void {
  try {
    const { pageViewId, brand, country, slug, experiment, variant } = keysOf(landing.view);
    const partnerUid = partnerUidOf(landing.partnerUid);
    const detail = landingViewDetail({
      partnerUid,
      language: country,
      referrer: landing.referrer,
      slug,
      brand,
      pageViewId,
      experiment,
      variant,
    });
    pageTracker().track(code, detail, at);
  } catch (error) {
    warn(`tracking ${code} failed`, error);
  }
}
