/**
 * Tests that inject faults into the stand-in or count calls in its shared record: they change or read
 * what every page sees, so they run alone, one at a time, after the rest (the "isolated" project).
 */
import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRELOADER_MIN_MS } from '../../src/domain/timing';
import { expect, scrollToOdds, standInCalls as calls, test, waitForPreloaderToLift, type StandInCall } from './fixtures';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await request.delete('/__stand-in/faults');
});

/** A view_landing event of the landing `slug` that carries the imprint `hash`. */
function isViewOf(call: StandInCall, slug: string, hash: string | null): boolean {
  const body = call.body as {
    action?: string;
    additional_data?: { detail?: { name?: string }; additional_data?: { imprintHash?: string } };
  } | null;
  return (
    body?.action === 'view_landing' &&
    body.additional_data?.detail?.name === slug &&
    body.additional_data?.additional_data?.imprintHash === hash
  );
}

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

/** Resolves once the stand-in has seen a call to `pathPattern` (exact, or a prefix ending in *). */
async function callMade(request: APIRequestContext, pathPattern: string): Promise<void> {
  await expect.poll(async () => (await calls(request, pathPattern)).length, { timeout: 15_000 }).toBeGreaterThan(0);
}

test.beforeEach(async ({ request }) => {
  await request.delete('/__stand-in/calls');
});

test('when the line fails the cards are hidden and the page stays usable', async ({ page, request }) => {
  await request.put('/__stand-in/faults', { data: { '/ajax/line/*': { status: 500 } } });
  await page.goto('/promo/zenit/ru/freebet35/');
  await waitForPreloaderToLift(page);
  await scrollToOdds(page);
  await callMade(request, '/ajax/line/*');
  await expect(page.getByRole('heading', { name: ru['odds.title'] })).toHaveCount(0);
  await expect(page.getByTestId('odds-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#offer a:visible').first()).toHaveAttribute('href', /registration/);
});

test('the preloader lifts even when the country call fails', async ({ page, request }) => {
  await request.put('/__stand-in/faults', { data: { '/ajax/data/country': { status: 500 } } });
  await page.goto('/promo/zenit/ru/bonus20000/');
  await callMade(request, '/ajax/data/country');
  await waitForPreloaderToLift(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the preloader waits for a slow country call, then lifts', async ({ page }) => {
  // The country call is held until the test lets it go, and the page's clock moves only when the test
  // moves it: past the preloader's minimum with the answer still out, however slowly the page started.
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const asked = new Promise<void>((resolve) =>
    page.route(/\/ajax\/data\/country/, async (route) => {
      resolve();
      await answered;
      await route.continue();
    }),
  );
  // Installed and stopped: from here the page's clock moves only when the test moves it, however long
  // the machine takes to load the page.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_500);
  await page.goto('/promo/zenit/ru/bonus20000/', { waitUntil: 'commit' });
  await asked;
  const poses = () => page.locator('#preloader [data-layer]').evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).transform));
  await expect(page.locator('#preloader [data-layer]')).toHaveCount(2);
  const before = await poses();
  await page.clock.runFor(PRELOADER_MIN_MS + 1);
  // Past its minimum, the answer still held: the preloader stays.
  await expect(page.locator('#preloader')).toBeVisible();
  // Spec 4: the brand's icon moves, ring and bolt each (poses on the icons' boxes, stepped by the first-screen script).
  expect(
    (await poses()).map((pose, layer) => pose !== before[layer]),
    'ring and bolt each move',
  ).toEqual([true, true]);
  // Posed, not animated: a CSS animation would have the compositor draw a frame at every refresh (motion.ts).
  expect(await page.locator('#preloader [data-layer]').evaluateAll((icons) => icons.flatMap((icon) => icon.getAnimations()).length)).toBe(
    0,
  );
  answer();
  await expect(page.locator('#preloader')).toHaveCount(0);
  await page.clock.resume();
  await waitForPreloaderToLift(page);
});

test('the imprint is computed on idle and sent once per visitor, across pages', async ({ page, request }) => {
  // The fingerprint starts a settling time after load: the page's clock moves a second per look until
  // the imprint has come, so the wait is for the call, whatever the machine's speed.
  test.setTimeout(90_000);
  const imprints = async () => (await calls(request, '/ajax/cookie/imprint')).length;
  const before = await imprints();
  await page.clock.install();
  await page.goto('/promo/zenbet/de/bonus20000/');
  await waitForPreloaderToLift(page);
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1000);
        return imprints();
      },
      { timeout: 30_000 },
    )
    .toBe(before + 1);
  const hash = await page.evaluate(() => localStorage.getItem('imprint'));
  expect(hash).toMatch(/^[a-z0-9]{8,128}$/i);
  await page.goto('/promo/zenbet/de/freebet30/');
  await waitForPreloaderToLift(page);
  // The window: until this page's view event, carrying the stored hash, has reached the stand-in. The
  // tracker sends it once the page is idle, and makes its imprint decision as it is created, before that
  // event: a hash it sent again would leave first.
  await expect
    .poll(async () => (await calls(request, '/ajax/kafka/log')).some((call) => isViewOf(call, 'freebet30', hash)), { timeout: 30_000 })
    .toBe(true);
  expect(await imprints()).toBe(before + 1);
  const events = (await calls(request, '/ajax/kafka/log')).filter(
    (call) => ((call.body?.additional_data as { additional_data?: { imprintHash?: string } })?.additional_data?.imprintHash ?? '') === hash,
  );
  expect(events.length).toBeGreaterThan(0);
});
