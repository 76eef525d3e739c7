/**
 * The form and the casino tiles come alive as a visitor turns to them (src/site/intent.ts), so on a
 * phone the first tap on one of their buttons always comes before their code: it wakes the part and is
 * played once the part is alive, exactly once (the first-screen script keeps it, src/early).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, standInCalls, test } from './fixtures';

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

// A phone's touch is what this is about, and Playwright over BiDi has none: tap() needs hasTouch and then does nothing.
test.skip(({ browserName }) => browserName === 'firefox', 'no touch input in Firefox over BiDi');

test('a first tap on “by e-mail” wakes the form and switches it to e-mail', async ({ page }) => {
  await page.goto('/promo/zenit/ru/bonus20000/');
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  const island = page.locator('[data-island="registration"]');
  await expect(island).not.toHaveAttribute('data-hydrated');
  await expect(page.getByLabel(ru['reg.email'])).toHaveCount(0);

  await page.getByRole('button', { name: ru['reg.byEmail'] }).tap();
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(page.getByLabel(ru['reg.email'])).toBeVisible();
  await expect(page.getByRole('button', { name: ru['reg.byEmail'] })).toHaveAttribute('aria-pressed', 'true');
});

test('a first tap on a game’s demo wakes the tiles and starts the demo once', async ({ page, request }) => {
  const before = (await standInCalls(request, '/ajax/casino/init_demo')).length;
  await page.goto('/promo/zenit/ru/slot_machine/');
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  const island = page.locator('[data-island="casino"]');
  await expect(island).not.toHaveAttribute('data-hydrated');

  await page
    .getByRole('button', { name: /Sweet Bonanza/ })
    .last()
    .tap();
  await expect(page).toHaveURL(/\/m\/casino\/pragmatic-sweet-bonanza\?promo_code=ZCASINO20K&/);
  expect((await standInCalls(request, '/ajax/casino/init_demo')).length).toBe(before + 1);
});
