/**
 * The landing before its JavaScript has arrived: the page's scripts are held back at
 * the network, so only the built HTML and its inline first-screen script run. What a visitor does then
 * must not be lost: the preloader lifts on the country answer alone, what they type stays when the form
 * comes alive (in place, nothing moves), a visitor who leaves early is counted once (a submit then:
 * form-before-code.once.spec.ts).
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, landingViews, standInCalls, test, waitForIslands } from './fixtures';

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));
const LANDING = '/promo/zenit/ru/bonus20000/';
const PROMO_CODE = 'ZBONUS20K';

/** Holds every script file of the site until `release()`: the page has its HTML and inline scripts only. */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void>; held: () => number }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(/\/promo\/.*\.js(\?|$)/, async (route) => {
    if (released) await route.continue();
    else waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: async () => {
      released = true;
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

/** The page's layout shifts not caused by input (what CLS sums), from the first paint on. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Counts the pagehide listeners the page adds, from its first script on. */
async function recordPageHideListeners(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { __pageHideListeners: number };
    counted.__pageHideListeners = 0;
    const add = window.addEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<typeof add>) {
      if (args[0] === 'pagehide') counted.__pageHideListeners += 1;
      return add.apply(this, args);
    } as typeof add;
  });
}

/**
 * The window in which a late second count of a landing left behind would show: until a beacon sent from
 * the page the visitor went on to has reached the stand-in. What the landing sent as it was hidden was
 * queued before this page even loaded, so it arrives first. The beacon's body is no event: the stand-in
 * records it and turns it away, and it counts as no view.
 */
async function beaconFromHereArrived(page: Page, request: APIRequestContext) {
  const marker = `after-${Date.now()}`;
  expect(await page.evaluate((value) => navigator.sendBeacon('/ajax/kafka/log', new URLSearchParams({ marker: value })), marker)).toBe(
    true,
  );
  await expect
    .poll(async () => (await standInCalls(request, '/ajax/kafka/log')).some((call) => call.body?.marker === marker), { timeout: 10_000 })
    .toBe(true);
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));

test('typed before the code arrives: the preloader lifts without it, the values stay and nothing moves when the form comes alive', async ({
  page,
  consoleErrors,
}) => {
  await recordLayoutShifts(page);
  const scripts = await holdScripts(page);
  // Not until `load`: the held scripts would keep it from ever coming.
  await page.goto(LANDING, { waitUntil: 'commit' });
  // Spec 2 and 4: the preloader waits for the country answer, not for the bundle.
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  // The page asks for its code after its first frame, which may come after the lift: it is held then.
  await expect.poll(() => scripts.held(), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.locator('[data-island="registration"]')).not.toHaveAttribute('data-hydrated');

  const form = page.locator('#registration form');
  await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  await expect(page.getByLabel(ru['reg.promoCode'])).toHaveValue(PROMO_CODE);
  await page.getByLabel(ru['reg.phone']).fill('+79001112233');
  await page.getByLabel(ru['reg.password']).fill('secret-pass-1');
  await page.getByLabel(ru['reg.birthdate']).fill('17.05.1990');
  await page.getByLabel(ru['reg.promoCode']).fill('MYCODE7');
  const before = await form.boundingBox();

  await scripts.release();
  await waitForIslands(page);
  await expect(page.getByLabel(ru['reg.phone'])).toHaveValue('+79001112233');
  await expect(page.getByLabel(ru['reg.password'])).toHaveValue('secret-pass-1');
  await expect(page.getByLabel(ru['reg.birthdate'])).toHaveValue('17.05.1990');
  await expect(page.getByLabel(ru['reg.promoCode'])).toHaveValue('MYCODE7');
  // Live data (the countries of the main site) may reach the form after hydration: give it its time.
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel(ru['reg.phone'])).toHaveValue('+79001112233');
  expect(await form.boundingBox()).toEqual(before);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  expect(consoleErrors).toEqual([]);
});

test('a visitor who leaves right after the first paint, before the code, is counted exactly once', async ({ page, request }) => {
  const partner = `early${Date.now()}`;
  await holdScripts(page);
  await recordPageHideListeners(page);
  await page.goto(`${LANDING}?zpartner_uid=${partner}`, { waitUntil: 'commit' });
  // The first paint entry of either kind: Firefox records only first-contentful-paint.
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  // Leaves as soon as the first-screen script listens for it, the only script on the page then.
  await page.waitForFunction(() => (window as unknown as { __pageHideListeners: number }).__pageHideListeners > 0);
  // None of the page's code has run (its files, asked for or not yet, are held).
  expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
  await page.goto('/m/');
  await expect.poll(() => landingViews(request, partner), { timeout: 10_000 }).toBe(1);
  // The beacon is not followed by a second count later (the tracker never came on that page).
  await beaconFromHereArrived(page, request);
  expect(await landingViews(request, partner)).toBe(1);
});

test('a visitor who stays until the tracker came, then leaves, is counted exactly once too', async ({ page, request }) => {
  const partner = `stayed${Date.now()}`;
  await page.goto(`${LANDING}?zpartner_uid=${partner}`);
  await expect.poll(() => landingViews(request, partner), { timeout: 15_000 }).toBe(1);
  await page.goto('/m/');
  await beaconFromHereArrived(page, request);
  expect(await landingViews(request, partner)).toBe(1);
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ browserName }) => browserName === 'firefox', "Playwright over BiDi cannot turn a page's scripts off");

  test('no preloader stands in the way; the offer and the form are there, and the form leads to the main site', async ({ page }) => {
    await page.goto(LANDING);
    await expect(page.locator('#preloader')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel(ru['reg.phone']).fill('+79001112255');
    await page.getByLabel(ru['reg.password']).fill('secret-pass-3');
    await page.getByRole('button', { name: ru['reg.submit'], exact: true }).click();
    await page.waitForURL(/\/m\/registration\/phone\?/);
    expect(new URL(page.url()).searchParams.get('promo_code')).toBe(PROMO_CODE);
    expect(page.url()).not.toContain('secret-pass-3');
  });
});
