/**
 * A visitor who only looks costs the least: the calls the page makes by itself (country,
 * account, session, the view) go by fetch; the form stays the built HTML, its code not run, until the
 * visitor turns to it (src/runtime/intent.ts), yet it shows the promo code they brought; and the
 * registration calls' code (axios, the heaviest library of the site) is fetched only then, before they can send it.
 */
import { expect, landingViews, test } from './fixtures';

const LANDING = '/promo/zenit/ru/bonus20000/';
const REGISTRATION_CALLS_CODE = /\/promo\/main-site-ajax-[0-9a-f]+\.js$/;

test('a plain visit is counted and opens the session, shows the brought promo code in the built form and runs none of its code; turning to the form brings it to life and fetches the calls’ code', async ({
  page,
  request,
}) => {
  const partner = `plain${Date.now()}`;
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  const session = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/session.php');
  await page.goto(`${LANDING}?zpartner_uid=${partner}&promocode=PARTNER7`);
  await session;
  await expect.poll(() => landingViews(request, partner), { timeout: 10_000 }).toBe(1);
  const promoField = page.locator('#reg-promoCode');
  await expect(promoField).toHaveValue('PARTNER7');
  const form = page.locator('[data-island="registration"]');
  await expect(form).not.toHaveAttribute('data-hydrated');
  expect(scripts.some((pathname) => REGISTRATION_CALLS_CODE.test(pathname))).toBe(false);

  await page.locator('input[type="password"]').first().focus();
  await expect(form).toHaveAttribute('data-hydrated', '');
  await expect.poll(() => scripts.filter((pathname) => REGISTRATION_CALLS_CODE.test(pathname)).length).toBe(1);
  await expect(promoField).toHaveValue('PARTNER7');
});
