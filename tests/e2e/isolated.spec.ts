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

test('the preloader waits for a slow country call, then lifts', async ({ page, request }) => {
  await request.put('/__stand-in/faults', { data: { '/ajax/data/country': { delayMs: 3500 } } });
  // Not until `load`: on a busy machine that can come after the slow answer, when the preloader is rightly gone.
  await page.goto('/promo/zenit/ru/bonus20000/', { waitUntil: 'commit' });
  await callMade(request, '/ajax/data/country');
  // Past its minimum, the answer still on its way: the preloader stays. The window ends when a page timer
  // due just after the minimum has run: timers run in the order they are due, so the first-screen
  // script's own check at that mark has run by then, and the answer is still held for seconds.
  await page.evaluate(
    (mark) =>
      new Promise<void>((resolve) => {
        const wait = () => {
          const left = Math.ceil(mark - performance.now());
          if (left > 0) setTimeout(wait, left);
          else setTimeout(resolve, 1);
        };
        wait();
      }),
    PRELOADER_MIN_MS + 1,
  );
  await expect(page.locator('#preloader')).toBeVisible();
  // Spec 4: the brand's icon moves, ring and bolt each (poses on the icons' boxes, stepped by the first-screen script).
  const poses = () => page.locator('#preloader [data-layer]').evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).transform));
  const before = await poses();
  expect(before).toHaveLength(2);
  await expect
    .poll(async () => (await poses()).map((pose, layer) => pose !== before[layer]), { message: 'ring and bolt each move' })
    .toEqual([true, true]);
  // Posed, not animated: a CSS animation would have the compositor draw a frame at every refresh (motion.ts).
  expect(await page.locator('#preloader [data-layer]').evaluateAll((icons) => icons.flatMap((icon) => icon.getAnimations()).length)).toBe(
    0,
  );
  await waitForPreloaderToLift(page);
});

test('the imprint is computed on idle and sent once per visitor, across pages', async ({ page, request }) => {
  // The fingerprint starts IMPRINT_SETTLE_MS (10 s) after load.
  test.setTimeout(90_000);
  const imprints = async () => (await calls(request, '/ajax/cookie/imprint')).length;
  const before = await imprints();
  await page.goto('/promo/zenbet/de/bonus20000/');
  await waitForPreloaderToLift(page);
  await expect.poll(imprints, { timeout: 30_000 }).toBe(before + 1);
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
