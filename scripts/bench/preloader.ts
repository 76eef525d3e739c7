/**
 * In Chromium (playwright-core, Debian's binary): when does #preloader leave the page, and when did the
 * country call settle? Also which chunks a landing fetches with no input and which on interaction.
 */
import { chromium, type Browser } from 'playwright-core';
import { preloaderVerdict } from './budgets';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, HOST_RESOLVER_RULES } from './config';
import { busyBetween, RECORD_LONG_FRAMES, type LongFrame } from './frames';
import { median } from './stats';

export interface PreloaderRun {
  /** performance.now() when #preloader was removed (ms from navigation start). */
  liftMs: number;
  /** responseEnd of the /ajax/data/country call (ms from navigation start); null if it never ended. */
  settleMs: number | null;
  /** requestStart of that call: how late the page asks. */
  countryRequestMs: number | null;
  expectedMs: number;
  deltaMs: number;
  /** Main-thread time in long frames between the call settling and the lift, and whose scripts ran then. */
  busyAfterSettleMs: number;
  busyScripts: Array<{ script: string; ms: number }>;
}

export interface PreloaderScenario {
  delayMs: number;
  runs: PreloaderRun[];
  median: { liftMs: number; settleMs: number; countryRequestMs: number; expectedMs: number; deltaMs: number };
  /** The load whose lift − due is the median one. */
  typical: PreloaderRun;
  pass: boolean;
}

/** Installed before any page script: notes the moment #preloader, once seen, is gone. */
const WATCH_PRELOADER = `(() => {
  const state = { seen: false, liftedAt: null, frames: [] };
  window.__benchPreloader = state;
  ${RECORD_LONG_FRAMES}
  new MutationObserver(() => {
    if (state.liftedAt !== null) return;
    if (document.getElementById('preloader')) state.seen = true;
    else if (state.seen) state.liftedAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
})();`;

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, HOST_RESOLVER_RULES], headless: true });
}

type RawRun = Omit<PreloaderRun, 'expectedMs' | 'deltaMs' | 'busyAfterSettleMs' | 'busyScripts'> & { frames: LongFrame[] };

export async function measurePreloaderOnce(browser: Browser, url: string): Promise<RawRun> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_PRELOADER);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () => (window as unknown as { __benchPreloader: { liftedAt: number | null } }).__benchPreloader.liftedAt !== null,
      undefined,
      {
        timeout: 20_000,
        polling: 50,
      },
    );
    // Long frames are reported once they end: give the lift's frame a moment to be delivered.
    await page.waitForTimeout(300);
    return await page.evaluate(() => {
      const state = (window as unknown as { __benchPreloader: { liftedAt: number; frames: LongFrame[] } }).__benchPreloader;
      const country = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/ajax/data/country')) as
        PerformanceResourceTiming | undefined;
      return {
        liftMs: state.liftedAt,
        settleMs: country && country.responseEnd > 0 ? country.responseEnd : null,
        countryRequestMs: country ? country.startTime : null,
        frames: state.frames,
      };
    });
  } finally {
    await context.close();
  }
}

export async function measurePreloader(
  browser: Browser,
  url: string,
  delayMs: number,
  runs: number,
  minimumMs: number,
  slackMs: number,
): Promise<PreloaderScenario> {
  const results: PreloaderRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { frames, ...raw } = await measurePreloaderOnce(browser, url);
    const { expectedMs, deltaMs } = preloaderVerdict(raw.liftMs, raw.settleMs, minimumMs, slackMs);
    const busy = busyBetween(frames, expectedMs, raw.liftMs);
    results.push({ ...raw, expectedMs, deltaMs, busyAfterSettleMs: busy.busyMs, busyScripts: busy.scripts.slice(0, 4) });
  }
  const of = (pick: (run: PreloaderRun) => number | null) => median(results.map((run) => pick(run) ?? Number.NaN));
  // The verdict is on the median of each load's own lift − due, not on medians taken from different loads.
  const deltaMs = of((r) => r.deltaMs);
  const typical = [...results].sort((a, b) => a.deltaMs - b.deltaMs)[Math.floor((results.length - 1) / 2)];
  return {
    delayMs,
    runs: results,
    median: {
      liftMs: of((r) => r.liftMs),
      settleMs: of((r) => r.settleMs),
      countryRequestMs: of((r) => r.countryRequestMs),
      expectedMs: of((r) => r.expectedMs),
      deltaMs,
    },
    typical,
    pass: Number.isFinite(deltaMs) && deltaMs >= -1 && deltaMs <= slackMs,
  };
}

export interface ScriptLoad {
  file: string;
  startMs: number;
  endMs: number;
  phase: 'before input' | 'on interaction';
}

export interface LayoutShift {
  value: number;
  startMs: number;
  hadRecentInput: boolean;
  /** The elements that moved: "section[aria-labelledby=steps-title] y 700→1100". */
  sources: string[];
}

export interface Resize {
  element: string;
  from: number;
  to: number;
  atMs: number;
}

export interface ChunkTimeline {
  url: string;
  viewport: string;
  loadEventMs: number;
  preloaderLiftMs: number | null;
  interactionAtMs: number;
  interactions: string[];
  scripts: ScriptLoad[];
  layoutShifts: LayoutShift[];
  /** Height changes of the page's top-level blocks (main's children, header, footer). */
  resizes: Resize[];
}

/** Lighthouse's mobile screen (moto g power), so the shifts seen here are the ones it counts. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Records layout shifts with the elements that moved, described while they still exist. */
const WATCH_SHIFTS = `(() => {
  const shifts = [];
  window.__benchShifts = shifts;
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node && node.nodeName ? node.nodeName.toLowerCase() : '?';
    let text = node.tagName.toLowerCase();
    if (node.id) text += '#' + node.id;
    const labelled = node.getAttribute('aria-labelledby');
    if (labelled) text += '[aria-labelledby=' + labelled + ']';
    else if (node.classList.length) text += '.' + node.classList[0];
    return text;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        shifts.push({
          value: entry.value,
          startMs: entry.startTime,
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources || []).map((source) =>
            describe(source.node) + ' y ' + Math.round(source.previousRect.y) + '→' + Math.round(source.currentRect.y) +
            ' h ' + Math.round(source.previousRect.height) + '→' + Math.round(source.currentRect.height)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (error) {}
  // What grew or shrank: the page's top-level blocks, watched as they appear.
  const resizes = [];
  window.__benchResizes = resizes;
  const heights = new Map();
  const resizeObserver = new ResizeObserver((entries) => {
    const atMs = performance.now();
    for (const entry of entries) {
      const box = entry.borderBoxSize && entry.borderBoxSize[0];
      const height = Math.round(box ? box.blockSize : entry.contentRect.height);
      const before = heights.get(entry.target);
      heights.set(entry.target, height);
      if (before !== undefined && before !== height) resizes.push({ element: describe(entry.target), from: before, to: height, atMs });
    }
  });
  const watch = () => document.querySelectorAll('main > *, header, footer').forEach((node) => resizeObserver.observe(node));
  const timer = setInterval(watch, 100);
  setTimeout(() => clearInterval(timer), 15000);
})();`;

/**
 * Loads a landing on Lighthouse's mobile screen, waits for the network to rest and idle callbacks to
 * run (whenIdle's 3 s timeout), then scrolls, points at the registration section and opens the
 * rules: every script fetched is listed with the phase it came in, and every layout shift with what moved.
 */
export async function chunkTimeline(browser: Browser, url: string, prefix: string): Promise<ChunkTimeline> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_PRELOADER);
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4_000);
    await page.waitForLoadState('networkidle');
    const interactionAtMs = await page.evaluate(() => performance.now());
    const interactions: string[] = [];
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    interactions.push('scroll to the bottom');
    const registration = page.locator('#registration');
    if ((await registration.count()) > 0) {
      await registration.hover().catch(() => undefined);
      interactions.push('pointer on #registration');
      const field = registration.locator('input').first();
      if ((await field.count()) > 0) {
        await field.focus().catch(() => undefined);
        interactions.push('focus the first registration field');
      }
    }
    const rules = page.locator('button[aria-haspopup="dialog"]').first();
    if ((await rules.count()) > 0) {
      await rules.click().catch(() => undefined);
      interactions.push('open the rules dialog');
    }
    await page.waitForTimeout(1_500);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const lifted = (window as unknown as { __benchPreloader?: { liftedAt: number | null } }).__benchPreloader?.liftedAt ?? null;
      const shifts = (window as unknown as { __benchShifts?: LayoutShift[] }).__benchShifts ?? [];
      const resizes = (window as unknown as { __benchResizes?: Resize[] }).__benchResizes ?? [];
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\.js(\?|$)/.test(entry.name))
        .map((entry) => ({ name: entry.name, startMs: entry.startTime, endMs: entry.responseEnd }));
      return { loadEventMs: navigation?.loadEventEnd ?? 0, lifted, scripts, shifts, resizes };
    });
    return {
      url,
      viewport: `${MOBILE.viewport.width}×${MOBILE.viewport.height}`,
      loadEventMs: timing.loadEventMs,
      preloaderLiftMs: timing.lifted,
      interactionAtMs,
      interactions,
      scripts: timing.scripts.map((script) => {
        const pathname = new URL(script.name).pathname;
        const file = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1) : pathname;
        return {
          file,
          startMs: script.startMs,
          endMs: script.endMs,
          phase: script.startMs < interactionAtMs ? 'before input' : 'on interaction',
        };
      }),
      layoutShifts: timing.shifts,
      resizes: timing.resizes,
    };
  } finally {
    await context.close();
  }
}
