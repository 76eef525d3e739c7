/**
 * The form and the casino tiles come alive as a visitor turns to them (src/runtime/intent.ts), so on a
 * phone the first tap on one of their buttons always comes before their code: it wakes the part and is
 * played once the part is alive, exactly once (the first-screen script keeps it, src/early).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, standInCalls, test } from './fixtures';

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

/**
 * A phone's touch where the browser has one; Playwright over BiDi has none in Firefox (tap() needs hasTouch
 * and then does nothing), so there the first turn is a click, which wakes the part the same way.
 */
const firstTouch = (target: Locator, browserName: string): Promise<void> => (browserName === 'firefox' ? target.click() : target.tap());

test('a first tap on “by e-mail” wakes the form and switches it to e-mail', async ({ page, browserName }) => {
  await page.goto('/promo/zenit/ru/bonus20000/');
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  const island = page.locator('[data-island="registration"]');
  await expect(island).not.toHaveAttribute('data-hydrated');
  await expect(page.getByLabel(ru['reg.email'])).toHaveCount(0);

  await firstTouch(page.getByRole('button', { name: ru['reg.byEmail'] }), browserName);
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(page.getByLabel(ru['reg.email'])).toBeVisible();
  await expect(page.getByRole('button', { name: ru['reg.byEmail'] })).toHaveAttribute('aria-pressed', 'true');
});

test('a first tap on a game’s demo wakes the tiles and starts the demo once', async ({ page, request, browserName }) => {
  // Known bug, open: on a loaded host (CI; locally with two busy cores) the phone Chromium's tap wakes and
  // hydrates the tiles but no click reaches the demo button, before and after the folder move alike. Not
  // yet known whether a visitor's tap is lost too or only Playwright's (its touch end waits for the busy
  // page to take the touch start, which may then read as a long press). Firefox's click passes.
  test.fixme(browserName !== 'firefox', 'a first tap on a demo is lost on a loaded host: see the comment above');
  const before = (await standInCalls(request, '/ajax/casino/init_demo')).length;
  await page.goto('/promo/zenit/ru/slot_machine/');
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  const island = page.locator('[data-island="casino"]');
  await expect(island).not.toHaveAttribute('data-hydrated');

  await firstTouch(page.getByRole('button', { name: /Sweet Bonanza/ }).last(), browserName);
  // The game's page for the visitor's device, with the landing's code: Firefox here is a desktop browser.
  const prefix = browserName === 'firefox' ? '' : '/m';
  await expect(page).toHaveURL(
    (url) => url.pathname === `${prefix}/casino/pragmatic-sweet-bonanza` && url.searchParams.get('promo_code') === 'ZCASINO20K',
    { timeout: 15_000 },
  );
  expect((await standInCalls(request, '/ajax/casino/init_demo')).length).toBe(before + 1);
});
