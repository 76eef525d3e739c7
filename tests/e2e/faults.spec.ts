/**
 * Faults injected into the stand-in apply to every visitor of it, so these run on their own, one at a
 * time, after the other browser tests (the "faults" project in playwright.config.ts).
 */
import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForPreloaderToLift } from './fixtures';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await request.delete('/__stand-in/faults');
});

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

/** Resolves once the stand-in has seen a call to `pathPattern` (exact, or a prefix ending in *). */
async function callMade(request: APIRequestContext, pathPattern: string): Promise<void> {
  await expect
    .poll(async () => (await (await request.get(`/__stand-in/calls?path=${encodeURIComponent(pathPattern)}`)).json()).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

test.beforeEach(async ({ request }) => {
  await request.delete('/__stand-in/calls');
});

test('when the line fails the cards are hidden and the page stays usable', async ({ page, request }) => {
  await request.put('/__stand-in/faults', { data: { '/ajax/line/*': { status: 500 } } });
  await page.goto('/promo/zenit/ru/freebet35/');
  await waitForPreloaderToLift(page);
  await callMade(request, '/ajax/line/*');
  await expect(page.getByRole('heading', { name: ru['odds.title'] })).toHaveCount(0);
  await expect(page.getByTestId('odds-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#offer a').first()).toHaveAttribute('href', /registration/);
});

test('the preloader lifts even when the country call fails', async ({ page, request }) => {
  await request.put('/__stand-in/faults', { data: { '/ajax/data/country': { status: 500 } } });
  await page.goto('/promo/zenit/ru/bonus20000/');
  await callMade(request, '/ajax/data/country');
  await waitForPreloaderToLift(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the preloader waits for a slow country call, then lifts', async ({ page, request }) => {
  await request.put('/__stand-in/faults', { data: { '/ajax/data/country': { delayMs: 2500 } } });
  await page.goto('/promo/zenit/ru/bonus20000/');
  await page.waitForTimeout(1500);
  await expect(page.locator('#preloader')).toBeVisible();
  await waitForPreloaderToLift(page);
});
