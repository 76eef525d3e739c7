/**
 * Spec 4 and 8, faults: Gatsby's page loader when a page, its data or its code is missing or failing,
 * and its prefetching on slow or data-saving connections. Only the index and the 404 page hold
 * client-side <Link>s inside /promo, so the navigations start from the index. What Gatsby's loader
 * does (node_modules/gatsby/cache-dir/loader.js, navigation.js):
 * - page-data 404: the 404 page's data, then a HEAD for the page without the /promo prefix (the main
 *   site, which answers 404 here), so the 404 page renders client-side at the address asked for.
 * - page-data 500: /500.html's data, which this site lacks, so the load is an error.
 * - any other failure (0, 503, …): up to 3 retries (spec 4), then the load is an error.
 * - a load that ends in error: a full document navigation to the address (spec 8).
 * - prefetch: links entering the viewport are queued, the queue starts 3 s later, skipped on "2g" or
 *   saveData connections. Hovering a link is not prefetching: that page loads on every connection.
 */
import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForHydration, waitForPreloaderToLift } from './fixtures';
import { NO_SERVICE_WORKER_SCRIPT } from './fault-matrix';
import { tally } from './tally';

const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../data/i18n/${language}.json`), 'utf8'));

const TARGET = '/promo/zenit/kz/freebet30/';
const TARGET_DATA = `**/promo/page-data/zenit/kz/freebet30/page-data.json`;
const TARGET_LINK_NAME = 'Қазақша';

const isTargetData = (request: Request) => request.url().endsWith('/promo/page-data/zenit/kz/freebet30/page-data.json');
const isTargetDocument = (request: Request) => request.resourceType() === 'document' && new URL(request.url()).pathname === TARGET;

/**
 * Records, in order, the loader's own page-data requests for the target (XHR, not <link rel=prefetch>)
 * and document requests for it. Until the full navigation has started, `fault` answers the target's
 * page data (or its chunk); afterwards the real files are served, so the reloaded page can run.
 */
async function recordTarget(page: Page) {
  const events: string[] = [];
  let reloaded = false;
  page.on('request', (request) => {
    if (isTargetDocument(request)) {
      reloaded = true;
      events.push('document');
    } else if (isTargetData(request) && request.resourceType() === 'xhr') {
      events.push('page-data');
    }
  });
  return { events, reloaded: () => reloaded };
}

/** Index → kz landing with the keyboard: a click would also hover, and hovering loads the page once more. */
async function goToTargetFromIndex(page: Page) {
  await page.goto('/promo/');
  await expect(page.locator('#preloader')).toHaveCount(0);
  const link = page.getByRole('link', { name: TARGET_LINK_NAME }).first();
  await expect(link).toHaveAttribute('href', TARGET);
  await waitForHydration(link);
  await link.focus();
  await page.keyboard.press('Enter');
}

test.describe('the page loader', () => {
  // The offline service worker would answer page data and chunks itself, out of reach of page.route.
  test.use({ serviceWorkers: 'block' });

  test('a missing landing answers 404 with the 404 page in the language of its address', async ({ page }) => {
    const ru = texts('ru');
    const response = await page.goto('/promo/zenit/ru/no-such-landing/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru['notFound.title']);
    await expect(page.getByText(ru['notFound.text'])).toBeVisible();
    await expect(page.getByRole('link', { name: ru['notFound.action'] })).toHaveAttribute('href', '/promo/zenit/ru/freebet30/');
    await expect(page).toHaveURL(/\/promo\/zenit\/ru\/no-such-landing\/$/);
  });

  // Without a language in the address, the 404 page speaks English.
  for (const [address, language] of [
    ['/promo/%2F%2Fx/', 'en'],
    ['/promo//zenit/ru/no-such-landing/', 'ru'],
    ['/promo/%5Cevil.example/', 'en'],
  ] as const) {
    test(`an address the router cannot match (${address}) still shows the 404 page, never a blank one`, async ({ page, consoleErrors }) => {
      const words = texts(language);
      // Blocked workers make Gatsby log a registration error; without the API it registers none, quietly.
      await page.addInitScript(NO_SERVICE_WORKER_SCRIPT);
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      // The browser moves on to the tidy address, where the router renders the 404 page.
      await expect(page).toHaveURL((url) => !/\/\/|%2f|%5c|\\/i.test(url.pathname));
      expect(new URL(page.url()).host).toBe(new URL(response!.url()).host);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['notFound.title']);
      // Hydration has run, after the loader settled on the 404 page: the link is a working one, not the
      // blank page of a failed render. Not "networkidle": the first document is left mid-load, and a
      // request it started can stay counted as in flight, so that state may never come.
      const action = page.getByRole('link', { name: words['notFound.action'] });
      await expect(action).toBeVisible();
      await waitForHydration(action);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['notFound.title']);
      expect(consoleErrors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    });
  }

  test('a client-side navigation to a page whose page data is missing shows the 404 page, without reloading', async ({ page }) => {
    tally('faults');
    const kz = texts('kz');
    await page.route(TARGET_DATA, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }));
    const recorded = await recordTarget(page);
    await goToTargetFromIndex(page);
    await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(kz['notFound.title']);
    await expect(page.getByRole('link', { name: kz['notFound.action'] })).toBeVisible();
    // Answered in place: the 404 page came from the loader, the address was never loaded as a document.
    expect(recorded.events).toEqual(['page-data']);
  });

  test('page data answering 500 makes the browser load the address itself, which then works', async ({ page }) => {
    tally('faults');
    const recorded = await recordTarget(page);
    await page.route(TARGET_DATA, (route) =>
      recorded.reloaded() ? route.continue() : route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await goToTargetFromIndex(page);
    await expect.poll(() => recorded.reloaded(), { timeout: 15_000 }).toBe(true);
    await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
    await waitForPreloaderToLift(page);
    await expect(page.locator('#offer h1, #offer h2').first()).toBeVisible();
    // 500 is not retried (spec 4 "On 500: error"): one request, then the full navigation, then the new page's own load.
    expect(recorded.events.slice(0, 2)).toEqual(['page-data', 'document']);
  });

  test('a page chunk that fails to load makes the browser load the address itself, which then works', async ({ page }) => {
    tally('faults');
    const recorded = await recordTarget(page);
    let aborted = 0;
    await page.route(/\/promo\/component---src-templates-landing-tsx-[^/]*\.js$/, (route) => {
      if (recorded.reloaded()) return route.continue();
      aborted += 1;
      return route.abort('connectionreset');
    });
    await goToTargetFromIndex(page);
    await expect.poll(() => recorded.reloaded(), { timeout: 15_000 }).toBe(true);
    expect(aborted).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
    await waitForPreloaderToLift(page);
    await expect(page.locator('#offer h1, #offer h2').first()).toBeVisible();
  });

  test('page data answering 503 is retried 3 times (4 requests), then the address is loaded in full', async ({ page }) => {
    tally('faults');
    const recorded = await recordTarget(page);
    await page.route(TARGET_DATA, (route) =>
      recorded.reloaded() ? route.continue() : route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    await goToTargetFromIndex(page);
    await expect.poll(() => recorded.reloaded(), { timeout: 15_000 }).toBe(true);
    const beforeReload = recorded.events.slice(0, recorded.events.indexOf('document'));
    expect(beforeReload).toEqual(['page-data', 'page-data', 'page-data', 'page-data']);
    await waitForPreloaderToLift(page);
    await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
  });

  test('page data dropped mid-way (status 0) is retried the same way, then the address is loaded in full', async ({ page }) => {
    tally('faults');
    const recorded = await recordTarget(page);
    await page.route(TARGET_DATA, (route) => (recorded.reloaded() ? route.continue() : route.abort('connectionreset')));
    await goToTargetFromIndex(page);
    await expect.poll(() => recorded.reloaded(), { timeout: 15_000 }).toBe(true);
    expect(recorded.events.slice(0, recorded.events.indexOf('document'))).toHaveLength(4);
    await waitForPreloaderToLift(page);
  });
});

/** Page-data files of other pages the index fetched ahead: by <link rel=prefetch> or the loader's XHR. */
async function prefetchedAfterLinksSeen(page: Page): Promise<string[]> {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/promo\/page-data\/(zenit|zenbet|cupis)\//.test(url.pathname)) fetched.add(url.pathname);
  });
  await page.clock.install();
  await page.goto('/promo/');
  await page.waitForFunction(() => typeof (window as unknown as { ___loader?: unknown }).___loader === 'object');
  await expect(page.getByRole('link', { name: TARGET_LINK_NAME }).first()).toBeVisible();
  // Every link passes through the viewport, then the page's clock passes Gatsby's 3 s queue delay.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('link').last()).toBeInViewport();
  await page.clock.runFor(5_000);
  return [...fetched];
}

async function prefetchLinks(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="prefetch"][href*="/page-data/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test.describe('prefetching of page data', () => {
  test.use({ serviceWorkers: 'block' });

  test('on a normal connection, the landings linked from the index are fetched ahead', async ({ page }) => {
    await prefetchedAfterLinksSeen(page);
    await expect.poll(() => prefetchLinks(page)).not.toEqual([]);
    const [first] = await prefetchLinks(page);
    expect(first).toMatch(/^\/promo\/page-data\/(zenit|zenbet|cupis)\/[a-z]{2}\/freebet30\/page-data\.json$/);
  });

  test('on a normal connection, hovering a link loads its page data', async ({ page }) => {
    await page.goto('/promo/');
    await page.waitForFunction(() => typeof (window as unknown as { ___loader?: unknown }).___loader === 'object');
    const data = page.waitForRequest(isTargetData);
    await page.getByRole('link', { name: TARGET_LINK_NAME }).first().hover();
    expect((await data).method()).toBe('GET');
  });

  test('on a 2g connection nothing is fetched ahead', async ({ page }) => {
    // Chromium 150 no longer derives navigator.connection from DevTools' network emulation (with a 1.5 s
    // emulated round trip its effectiveType stays "4g"), so the page is given what a 2g phone reports.
    await page.addInitScript(() => {
      const connection = {
        effectiveType: '2g',
        saveData: false,
        rtt: 1500,
        downlink: 0.05,
        addEventListener() {},
        removeEventListener() {},
      };
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
    });
    const fetched = await prefetchedAfterLinksSeen(page);
    expect(await prefetchLinks(page)).toEqual([]);
    expect(fetched).toEqual([]);
  });

  test('with data saver on (Chromium emulation) nothing is fetched ahead', async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    const fetched = await prefetchedAfterLinksSeen(page);
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true);
    expect(await prefetchLinks(page)).toEqual([]);
    expect(fetched).toEqual([]);
  });
});
