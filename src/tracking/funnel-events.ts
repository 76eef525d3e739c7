/**
 * The registration funnel's events (domain/tracking.ts), handed over by the form. The form is an island,
 * a React root of its own that does not see the page's tracking context: it names its view through
 * page-view.ts and hands its events here, which pass them to the tracker once its chunk is there (fetched
 * now if the page has not fetched it yet), in the order raised and after the view itself. An event waiting
 * for the chunk when the page is hidden leaves by beacon with what is known then, after the first-screen
 * script's view beacon. Never throws, never waits; sends nothing where the visitor's consent does not
 * allow tracking.
 */
import { buildTrackingEvent, funnelCodesToSend, funnelDetail, type FunnelEventCode, type TrackingDetail } from '../domain/tracking';
import type { RegistrationMethod } from '../domain/registration';
import { KAFKA_LOG_PATH, trackingBeaconBody } from './calls/tracking';
import { safeStorage } from '../runtime/storage';
import { storedImprint } from './imprint';
import { loadTracker, warnTracking } from './load-tracker';
import { consentAllowsTracking } from '../early/hand-over';
import { countViewFirst, currentPageView, eventTime } from './page-view';
import { keysOf } from './view-keys';

interface Waiting {
  code: FunnelEventCode;
  detail: TrackingDetail;
  at: Date;
}

/** The codes the current view has sent, for those sent once a view. */
let sent: { view: string; codes: Set<FunnelEventCode> } | null = null;
const waiting: Waiting[] = [];
let listening = false;

function sendWaitingByBeacon(): void {
  while (waiting.length > 0) {
    const { code, detail, at } = waiting[0];
    try {
      const event = buildTrackingEvent({
        code,
        detail,
        imprintHash: storedImprint(safeStorage()),
        userAgent: navigator.userAgent,
        host: location.host,
        now: at,
      });
      // Refused (no beacon, over its limit): it stays for the tracker, should the page live on.
      if (!navigator.sendBeacon(KAFKA_LOG_PATH, trackingBeaconBody(event))) return;
    } catch (error) {
      warnTracking(code, error);
      return;
    }
    waiting.shift();
  }
}

function listenForHide(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('pagehide', sendWaitingByBeacon);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendWaitingByBeacon();
  });
}

function handOver(entry: Waiting): void {
  waiting.push(entry);
  listenForHide();
  loadTracker().then(
    ({ pageTracker }) => {
      // In the order they came; any already sent by beacon is no longer here.
      for (const { code, detail, at } of waiting.splice(0)) pageTracker().track(code, detail, at);
    },
    // Kept: the next event asks for the chunk again, and a hidden page sends them by beacon.
    (error: unknown) => warnTracking(entry.code, error),
  );
}

/**
 * The visitor did what `code` says, just now, registering by `method`. A code sent once a view is dropped
 * when this view has sent it; reg_start goes first if it has not gone yet.
 */
export function trackFunnel(code: FunnelEventCode, method: RegistrationMethod): void {
  if (!consentAllowsTracking()) return;
  try {
    const page = currentPageView();
    if (!page) return;
    const view = keysOf(page);
    if (sent?.view !== view.pageViewId) sent = { view: view.pageViewId, codes: new Set() };
    // The view goes first, then each event with a time of its own, in the order raised.
    countViewFirst();
    for (const each of funnelCodesToSend(code, sent.codes)) {
      sent.codes.add(each);
      handOver({ code: each, detail: funnelDetail(view, method), at: eventTime(page) });
    }
  } catch (error) {
    warnTracking(code, error);
  }
}
