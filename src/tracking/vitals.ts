/**
 * Core Web Vitals from the visitor's own browser (Google's web-vitals): LCP, INP, CLS, FCP and TTFB of the
 * page load, sent as ONE web_vitals event when the page is first hidden, the library's recommended
 * batching. Its chunk is fetched once the page is idle after load, never in the first load: the
 * library reads the buffered entries of what happened before it came. Once per page load: a later view
 * of a client-side navigation has no load of its own to measure.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { WEB_VITALS, webVitalsDetail, type VitalName } from '../domain/tracking';
import { eventTime, type PageView } from './page-view';
import { pageTracker } from './tracker';
import { keysOf } from './view-keys';
import { inNextTask } from '../early/next-task';

type NetworkInformation = { effectiveType?: unknown };

let watching = false;

/**
 * Starts measuring (once per page load) and sends the view's measures once, by beacon, as the page is
 * first hidden (leaving it hides it too). Without reportAllChanges the library gives each metric's value
 * for the view by then: its own listeners (on the window, in the capture phase) settle INP and CLS before
 * ours runs.
 */
export function watchVitals(view: PageView, win: Window = window): void {
  if (watching) return;
  watching = true;
  const values: Partial<Record<VitalName, number>> = {};
  const keep = (metric: Metric) => {
    values[metric.name] = metric.value;
  };
  // Each measure starts in a task of its own: all at once, their reading of what the browser kept for
  // them makes one task that a phone stretches into a long one. Ours listen after the library's.
  const starts = [onLCP, onINP, onCLS, onFCP, onTTFB];
  const startFrom = (at: number) => {
    if (at === starts.length) return listen();
    starts[at](keep);
    inNextTask(win, () => startFrom(at + 1));
  };

  const flush = () => {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onVisibility);
    try {
      const connection = (win.navigator as Navigator & { connection?: NetworkInformation }).connection;
      pageTracker().beacon(WEB_VITALS, webVitalsDetail(keysOf(view), values, connection?.effectiveType), eventTime(view));
    } catch (error) {
      console.warn(`[promo] tracking web_vitals failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  const listen = () => {
    win.document.addEventListener('visibilitychange', onVisibility);
    // A page left while visible is hidden just after its pagehide (the library settles CLS and INP then), so
    // pagehide sends only for a page hidden all along (opened in a background tab), which says nothing more.
    win.addEventListener('pagehide', onVisibility);
  };
  startFrom(0);
}
