/** Expiry redirects, the index, the 404 page and main-site links, as a visitor's browser meets them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForHydration, waitForPreloaderToLift } from './fixtures';

/** The title the build wrote into a landing's document. */
const builtTitle = (landing: string) =>
  /<title[^>]*>([^<]*)<\/title>/.exec(readFileSync(path.resolve(__dirname, '../../public', landing, 'index.html'), 'utf8'))?.[1] ?? '';

test('a landing over at build time is redirected by the host, keeping the partner query', async ({ page }) => {
  await page.goto('/promo/zenit/de/US-Open/?promo_code=PARTNER7');
  await expect(page).toHaveURL(/\/promo\/zenit\/de\/freebet35\/\?promo_code=PARTNER7$/);
});

test('cupis US-Open goes to the promo root', async ({ page }) => {
  await page.goto('/promo/cupis/ru/US-Open/');
  await expect(page).toHaveURL(/\/promo\/$/);
});

test('a landing that ends after the build is redirected in the browser once its day is over', async ({ page }) => {
  // zenit/ru/quiz runs through 2026-12-31 (Moscow): on 2027-01-01 the visitor goes to freebet30.
  await page.clock.install({ time: new Date('2027-01-01T09:00:00Z') });
  await page.goto('/promo/zenit/ru/quiz/');
  await expect(page).toHaveURL(/\/promo\/zenit\/ru\/freebet30\/$/, { timeout: 15_000 });
});

test('the same landing before its end stays', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-12-31T20:59:00Z') });
  await page.goto('/promo/zenit/ru/quiz/');
  await waitForPreloaderToLift(page);
  await expect(page).toHaveURL(/\/promo\/zenit\/ru\/quiz\/$/);
  await expect(page.getByRole('timer')).toBeVisible();
});

test('/promo/ lists the brands and their languages with no loader', async ({ page }) => {
  await page.goto('/promo/');
  await expect(page.locator('#preloader')).toHaveCount(0);
  await page.getByRole('link', { name: 'Қазақша' }).first().click();
  await expect(page).toHaveURL(/\/promo\/zenit\/kz\/freebet30\/$/);
  // A client-side navigation: the landing's head comes from the Head API, the same as the server writes.
  expect(builtTitle('zenit/kz/freebet30')).not.toBe('');
  await expect(page).toHaveTitle(builtTitle('zenit/kz/freebet30').replace(/&amp;/g, '&'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', 'https://zenit.win/promo/zenit/kz/freebet30/');
});

test('a landing reached by a client-side navigation is dressed in its brand, as when loaded as a document', async ({ page }) => {
  const pageColours = () => page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]);
  // The brands' page colours, as their themes give them (styles/themes.ts): zenit's #0b1f3a and zenbet's #121212 on white text.
  const ZENIT = ['rgb(11, 31, 58)', 'rgb(255, 255, 255)'];
  const ZENBET = ['rgb(18, 18, 18)', 'rgb(255, 255, 255)'];
  await page.goto('/promo/');
  await waitForPreloaderToLift(page);
  expect(await pageColours()).toEqual(ZENIT);
  await page.getByRole('region', { name: 'ZenBet' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/promo\/zenbet\/[a-z]{2}\/[^/]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // zenbet's theme is not the index page's (zenit's): its global style came with the navigation.
  await expect.poll(pageColours).toEqual(ZENBET);
  // The reload may come from the offline worker's app shell, which React fills in: the heading says it has.
  // (service-worker.isolated.spec.ts holds that not one frame of such a reload shows the page undressed.)
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForPreloaderToLift(page);
  await expect.poll(pageColours).toEqual(ZENBET);
});

test('a landing loaded as a document keeps the head it was built with, once, after its code ran and a jump within the page', async ({
  page,
}) => {
  await page.goto('/promo/zenit/ae/bonus20000/');
  await waitForPreloaderToLift(page);
  await page.evaluate(() => {
    window.location.hash = '#offer';
  });
  await expect(page).toHaveURL(/#offer$/);
  await expect(page).toHaveTitle(builtTitle('zenit/ae/bonus20000'));
  expect(await page.locator('head title').count()).toBe(1);
  expect(await page.locator('head link[rel="alternate"]').count()).toBeGreaterThan(10);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('a missing landing answers 404 with the 404 page in its language', async ({ page }) => {
  const response = await page.goto('/promo/zenit/tr/no-such-promo/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa bulunamadı');
  await page.getByRole('link').last().click();
  await expect(page).toHaveURL(/\/promo\/zenit\/tr\/freebet30\/$/);
});

test('main-site links carry the promo code the partner link brought, and arrive on the main site', async ({ page }) => {
  await page.goto('/promo/zenit/ru/bonus30000/?zpartner_uid=partner42&promo_code=SPRING25');
  await waitForPreloaderToLift(page);
  const register = page.locator('#offer a:visible').first();
  await expect(register).toHaveAttribute('href', /promo_code=SPRING25&country_id=643&lang_id=1&sourceScreen=landing/);
  const login = page.locator('header nav a').first();
  await expect(login).toHaveAttribute('href', /promo_code=SPRING25/);
  await login.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Main site');
  expect(new URL(page.url()).searchParams.get('promo_code')).toBe('SPRING25');
});

test('the call to action leads to the in-page registration form', async ({ page }) => {
  await page.goto('/promo/zenit/ru/bonus30000/');
  await waitForPreloaderToLift(page);
  await page.locator('#offer a:visible').first().click();
  await expect(page.locator('#registration')).toBeInViewport();
  await expect(page).toHaveURL(/\/promo\/zenit\/ru\/bonus30000\/$/);
});

test('a hostile promo code is dropped and never reaches the links', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto(`/promo/zenit/ru/bonus30000/?promo_code=${encodeURIComponent('"><script>alert(1)</script>')}`);
  await waitForPreloaderToLift(page);
  await expect(page.locator('#offer a:visible').first()).toHaveAttribute('href', /promo_code=ZBONUS30K&/);
  expect(dialogs).toBe(0);
});

test.describe('a slow navigation', () => {
  // The offline service worker would answer page data itself, out of reach of page.route.
  test.use({ serviceWorkers: 'block' });

  test('shows the delayed-navigation sign after 1 s, and it goes when the page is there', async ({ page }) => {
    // Set before the index loads: Gatsby prefetches the page data of links in view. Held until the test
    // has seen the sign: the page's own 1 s timer, not a race against a delay here, decides when it shows.
    let answer: () => void = () => undefined;
    const signSeen = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/page-data/zenit/kz/freebet30/page-data.json', async (route) => {
      await signSeen;
      await route.continue();
    });
    await page.goto('/promo/');
    const link = page.getByRole('link', { name: 'Қазақша' }).first();
    await waitForHydration(link);
    await link.click();
    await expect(page.locator('#navigation-progress')).toBeVisible();
    answer();
    await expect(page).toHaveURL(/\/promo\/zenit\/kz\/freebet30\/$/, { timeout: 10_000 });
    await expect(page.locator('#navigation-progress')).toHaveCount(0);
  });
});
