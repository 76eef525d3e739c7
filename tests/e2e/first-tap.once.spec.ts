/**
 * The form and the casino tiles come alive as a visitor turns to them (src/runtime/intent.ts), so on a
 * phone the first tap on one of their buttons always comes before their code: it wakes the part and is
 * played once the part is alive, exactly once (the first-screen script keeps it, src/early).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, visitorTap } from './fixtures';

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

test('a first tap on “by e-mail” wakes the form and switches it to e-mail', async ({ page }) => {
  await page.goto('/promo/zenit/ru/bonus20000/');
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  const island = page.locator('[data-island="registration"]');
  await expect(island).not.toHaveAttribute('data-hydrated');
  await expect(page.getByLabel(ru['reg.email'])).toHaveCount(0);

  await visitorTap(page.getByRole('button', { name: ru['reg.byEmail'] }));
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(page.getByLabel(ru['reg.email'])).toBeVisible();
  await expect(page.getByRole('button', { name: ru['reg.byEmail'] })).toHaveAttribute('aria-pressed', 'true');
});

test('a first tap on a game’s demo wakes the tiles and starts the demo once', async ({ page, browserName }) => {
  // This page's own calls: other tests start demos on the same stand-in meanwhile.
  const demoCalls: string[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === '/ajax/casino/init_demo') demoCalls.push(call.url());
  });
  await page.goto('/promo/zenit/ru/slot_machine/');
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  const island = page.locator('[data-island="casino"]');
  await expect(island).not.toHaveAttribute('data-hydrated');

  await visitorTap(page.getByRole('button', { name: /Sweet Bonanza/ }).last());
  // The game's page for the visitor's device, with the landing's code: Firefox here is a desktop browser.
  const prefix = browserName === 'firefox' ? '' : '/m';
  await expect(page).toHaveURL(
    (url) => url.pathname === `${prefix}/casino/pragmatic-sweet-bonanza` && url.searchParams.get('promo_code') === 'ZCASINO20K',
    { timeout: 15_000 },
  );
  expect(demoCalls).toHaveLength(1);
});
