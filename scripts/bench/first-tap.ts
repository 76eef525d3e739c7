/**
 * The first tap on the registration form, in Chromium (playwright-core, Debian's binary) slowed down for
 * real: a fresh visitor (a new context, nothing cached) lands on Lighthouse's mobile screen, lets the page
 * settle, scrolls the phone field into view, taps it and types a few digits. Event Timing gives each
 * interaction's duration to the next paint; long animation frames say which scripts ran meanwhile.
 */
import type { Browser, Page } from 'playwright-core';
import { busyBetween, RECORD_LONG_FRAMES, scriptName, type LongFrame } from './frames';
import { worstInteraction, interactionsOf, summarizeVisits, type EventEntry, type TapVisit } from './interactions';
import { roundOrder } from './stats';

export interface FirstTapSettings {
  cpuRate: number;
  field: string;
  keys: string;
  keyHoldMs: number;
  keyGapMs: number;
  settleMs: number;
  reachMs: number;
  afterMs: number;
  durationThresholdMs: number;
}

/** One page of the first-tap row: each visit, their median and the visit whose figure is the median one. */
export interface FirstTapPage {
  key: string;
  url: string;
  medianMs: number | null;
  visits: TapVisit[];
  typical: TapVisit | null;
}

/** Lighthouse's mobile screen, as in the chunk timeline: a phone with touch. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Installed before any page script: Event Timing entries, long animation frames, the moment the form's island hydrates. */
function watchScript(field: string, thresholdMs: number): string {
  return `(() => {
  const state = { events: [], frames: [], hydratedAt: null };
  window.__benchTap = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.events.push({
          name: entry.name,
          startMs: entry.startTime,
          durationMs: entry.duration,
          processingStartMs: entry.processingStart,
          processingEndMs: entry.processingEnd,
          interactionId: entry.interactionId || 0,
        });
      }
    }).observe({ type: 'event', durationThreshold: ${thresholdMs}, buffered: true });
  } catch (error) {}
  ${RECORD_LONG_FRAMES}
  new MutationObserver((records) => {
    if (state.hydratedAt !== null) return;
    for (const record of records) {
      const target = record.target;
      if (target.hasAttribute && target.hasAttribute('data-hydrated') && target.querySelector(${JSON.stringify(field)})) {
        state.hydratedAt = performance.now();
        return;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
})();`;
}

/** Requests in flight, counted from the browser side, so "the network at rest" means no request open for a while. */
function trackRequests(page: Page): { quiet: (restMs: number, maxMs: number) => Promise<void> } {
  let open = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    open = Math.max(0, open + delta);
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    quiet: async (restMs, maxMs) => {
      const until = Date.now() + maxMs;
      while (Date.now() < until) {
        if (open === 0 && Date.now() - lastChange >= restMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PageState {
  events: EventEntry[];
  frames: LongFrame[];
  hydratedAt: number | null;
}

/** One visit: land, settle, scroll to the field, tap it, type; what the page recorded. */
export async function tapVisit(browser: Browser, url: string, settings: FirstTapSettings): Promise<TapVisit> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpuRate });
    const network = trackRequests(page);
    await page.addInitScript(watchScript(settings.field, settings.durationThresholdMs));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await network.quiet(500, 15_000);
    await pause(settings.settleMs);
    const field = page.locator(settings.field).first();
    if ((await field.count()) === 0) throw new Error(`no ${settings.field} on ${url}`);
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await pause(settings.reachMs);
    await network.quiet(500, 10_000);
    const tapAt = await page.evaluate(() => performance.now());
    await field.tap();
    for (const key of settings.keys) {
      await pause(settings.keyGapMs);
      await page.keyboard.down(key);
      await pause(settings.keyHoldMs);
      await page.keyboard.up(key);
    }
    await network.quiet(500, 15_000);
    await pause(settings.afterMs);
    const read = await page.evaluate(
      ({ selector, since }) => {
        const state = (window as unknown as { __benchTap: PageState }).__benchTap;
        const control = document.querySelector(selector) as HTMLInputElement | null;
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => /\.js(\?|$)/.test(entry.name) && entry.startTime >= since)
          .map((entry) => entry.name);
        return {
          state,
          value: control?.value ?? null,
          focused: document.activeElement === control,
          scripts,
        };
      },
      { selector: settings.field, since: tapAt },
    );
    // A tap that missed the field would measure another visit.
    if (!read.focused) throw new Error(`the tap did not put the focus in ${settings.field} on ${url}`);
    const interactions = interactionsOf(read.state.events);
    const worst = worstInteraction(read.state.events);
    return {
      worst,
      interactions,
      keysKept: read.value?.endsWith(settings.keys) ?? false,
      hydratedAfterTapMs: read.state.hydratedAt === null ? null : read.state.hydratedAt - tapAt,
      scriptsAfterTap: read.scripts.map(scriptName),
      busyScripts: worst ? busyBetween(read.state.frames, worst.startMs, worst.startMs + worst.durationMs).scripts.slice(0, 4) : [],
    };
  } finally {
    await context.close();
  }
}

/**
 * Rounds over the pages, each in another order (stats.ts roundOrder), so a burst of load lands on one
 * visit of every page rather than on every visit of one. A failed visit is reported and left out;
 * `more(round, lastRoundSeconds)` says whether another round fits in the time left.
 */
export async function firstTapRounds(
  browser: Browser,
  pages: Array<{ key: string; url: string }>,
  settings: FirstTapSettings,
  rounds: number,
  more: (round: number, lastRoundSeconds: number) => boolean,
  onError: (message: string) => void,
): Promise<{ rounds: number; pages: FirstTapPage[] }> {
  const visits = new Map<string, TapVisit[]>(pages.map((page) => [page.key, []]));
  let done = 0;
  let lastRoundSeconds = 0;
  for (let round = 1; round <= rounds && more(round, lastRoundSeconds); round += 1) {
    const started = Date.now();
    for (const page of roundOrder(pages, round)) {
      try {
        visits.get(page.key)!.push(await tapVisit(browser, page.url, settings));
      } catch (error) {
        onError(`first tap ${page.key} round ${round}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    done = round;
    lastRoundSeconds = (Date.now() - started) / 1000;
  }
  return {
    rounds: done,
    pages: pages.map((page) => {
      const list = visits.get(page.key) ?? [];
      return { key: page.key, url: page.url, visits: list, ...summarizeVisits(list) };
    }),
  };
}
