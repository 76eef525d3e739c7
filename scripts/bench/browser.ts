/**
 * What Lighthouse cannot say, in Chromium (playwright-core, Debian's binary): the first tap on the
 * registration form at a real CPU slowdown (Event Timing, what INP is made of) and when the preloader
 * lifts against the country call (spec 2).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { BUDGETS, CHROMIUM_FLAGS, CHROMIUM_PATH, FIRST_TAP, HOST_RESOLVER_RULES, PRELOADER } from './config';
import { preloaderVerdict } from './budgets';
import { median } from './lighthouse';

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, HOST_RESOLVER_RULES] });

/** One PerformanceEventTiming entry as the page recorded it; interactionId 0 for events that are no interaction (pointerover). */
export type EventEntry = { name: string } & Record<
  'startMs' | 'durationMs' | 'processingStartMs' | 'processingEndMs' | 'interactionId',
  number
>;

/**
 * The worst interaction of a visit as INP counts it (entries grouped by interactionId, each as long as its
 * longest entry), split into waiting for the main thread, the handlers and until the paint; null if none.
 */
export function worstInteraction(entries: readonly EventEntry[]) {
  let worst: (EventEntry & { events: string[] }) | null = null;
  const ids = [...new Set(entries.filter((entry) => entry.interactionId > 0).map((entry) => entry.interactionId))];
  for (const id of ids) {
    const group = entries.filter((entry) => entry.interactionId === id).sort((a, b) => a.startMs - b.startMs);
    const longest = group.reduce((best, entry) => (entry.durationMs > best.durationMs ? entry : best));
    if (!worst || longest.durationMs > worst.durationMs) worst = { ...longest, events: group.map((entry) => entry.name) };
  }
  if (!worst) return null;
  const { events, durationMs, startMs, processingStartMs, processingEndMs } = worst;
  const presentationMs = startMs + durationMs - processingEndMs;
  return {
    events,
    durationMs,
    inputDelayMs: processingStartMs - startMs,
    processingMs: processingEndMs - processingStartMs,
    presentationMs,
  };
}

/** Installed before any page script: Event Timing entries from the first one on. */
const WATCH_EVENTS = `window.__benchEvents = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchEvents.push({ name: e.name, startMs: e.startTime,
  durationMs: e.duration, processingStartMs: e.processingStart, processingEndMs: e.processingEnd, interactionId: e.interactionId || 0 }); })
  .observe({ type: 'event', durationThreshold: ${FIRST_TAP.durationThresholdMs}, buffered: true });`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once no request has been open for restMs (at most maxMs). */
function networkRest(page: Page) {
  let open = 0;
  let changed = Date.now();
  const change = (delta: number) => ((open = Math.max(0, open + delta)), (changed = Date.now()));
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async (restMs: number, maxMs: number) => {
    for (const until = Date.now() + maxMs; Date.now() < until && (open > 0 || Date.now() - changed < restMs);) await pause(50);
  };
}

/**
 * One fresh visitor on Lighthouse's mobile screen at FIRST_TAP.cpuRate: the page loads and rests, the
 * phone field is scrolled into view, tapped, and a few digits typed a key at a time. A tap that missed the
 * field would measure another visit, so it throws.
 */
export async function tapVisit(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: FIRST_TAP.cpuRate });
    const rest = networkRest(page);
    await page.addInitScript(WATCH_EVENTS);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await rest(500, 15_000);
    await pause(FIRST_TAP.settleMs);
    const field = page.locator(FIRST_TAP.field).first();
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await pause(FIRST_TAP.reachMs);
    await rest(500, 10_000);
    await field.tap();
    for (const key of FIRST_TAP.keys) {
      await pause(FIRST_TAP.keyGapMs);
      await page.keyboard.down(key);
      await pause(FIRST_TAP.keyHoldMs);
      await page.keyboard.up(key);
    }
    await rest(500, 15_000);
    await pause(FIRST_TAP.afterMs);
    const read = await page.evaluate((selector) => {
      const control = document.querySelector<HTMLInputElement>(selector);
      const events = (window as unknown as { __benchEvents: EventEntry[] }).__benchEvents;
      return { events, value: control?.value ?? '', focused: document.activeElement === control };
    }, FIRST_TAP.field);
    if (!read.focused) throw new Error(`the tap did not put the focus in ${FIRST_TAP.field} on ${url}`);
    const worst = worstInteraction(read.events);
    const ms = worst?.durationMs ?? 0;
    // "tap 112 ms = 79 + 6 + 27": waiting for the main thread, the handlers, until the paint.
    const parts = worst && [worst.inputDelayMs, worst.processingMs, worst.presentationMs].map(Math.round).join(' + ');
    return {
      ms,
      shown: worst ? `${worst.events[0]} ${Math.round(ms)} ms = ${parts}` : '< 16 ms',
      keysKept: read.value.endsWith(FIRST_TAP.keys),
    };
  } finally {
    await context.close();
  }
}

/** Installed before any page script: the moment #preloader, once seen, is gone. */
const WATCH_PRELOADER = `window.__benchLift = null; let seen = false;
new MutationObserver(() => { if (window.__benchLift !== null) return; if (document.getElementById('preloader')) seen = true;
  else if (seen) window.__benchLift = performance.now(); }).observe(document, { childList: true, subtree: true });`;

/** A fresh load on a 360 px screen: when the preloader lifted and when the country call ended (ms from navigation start). */
export async function preloaderLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_PRELOADER);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (window as unknown as { __benchLift: number | null }).__benchLift !== null, undefined, {
      timeout: 20_000,
      polling: 50,
    });
    const { liftMs, settleMs } = await page.evaluate(() => {
      const call = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/ajax/data/country')) as
        PerformanceResourceTiming | undefined;
      return {
        liftMs: (window as unknown as { __benchLift: number }).__benchLift,
        settleMs: call && call.responseEnd > 0 ? call.responseEnd : null,
      };
    });
    return { liftMs, settleMs, ...preloaderVerdict(liftMs, settleMs, BUDGETS) };
  } finally {
    await context.close();
  }
}

/**
 * The preloader with the country call answered after delayMs: fresh loads, each judged by its own
 * lift − due, the median of those judged (not medians taken from different loads).
 */
export async function preloaderScenario(browser: Browser, url: string, delayMs: number) {
  const loads: Array<Awaited<ReturnType<typeof preloaderLoad>>> = [];
  for (let run = 0; run < PRELOADER.runs; run += 1) loads.push(await preloaderLoad(browser, url));
  const of = (pick: (load: (typeof loads)[number]) => number | null) => median(loads.map((load) => pick(load) ?? NaN));
  const shown = (load: (typeof loads)[number]) =>
    `${Math.round(load.liftMs)}/${load.settleMs === null ? 'never' : Math.round(load.settleMs)}`;
  const [liftMs, settleMs, dueMs, deltaMs] = [of((l) => l.liftMs), of((l) => l.settleMs), of((l) => l.dueMs), of((l) => l.deltaMs)];
  return { delayMs, liftMs, settleMs, dueMs, deltaMs, loads: loads.map(shown).join(', ') };
}
