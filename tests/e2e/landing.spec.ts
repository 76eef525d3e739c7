/** One landing per brand and an RTL one, at 360×640 and 1280×800, in Debian's Chromium against the stand-in. */
import { promotionRows } from '../fixtures/promotion-rows';
import { expect, scrollToOdds, seriousA11yViolations, test, waitForPreloaderToLift } from './fixtures';

const LANDINGS = [
  { path: '/promo/zenit/ru/bonus20000/', lang: 'ru', dir: 'ltr', heading: /Приветственный бонус/ },
  { path: '/promo/zenbet/br/bonus35000_betgold/', lang: 'pt-BR', dir: 'ltr', heading: /R\$/ },
  { path: '/promo/cupis/ru/quiz/', lang: 'ru', dir: 'ltr', heading: /викторина/i },
  { path: '/promo/zenbet/ae/welcome_bonus_casino/', lang: 'ar-AE', dir: 'rtl', heading: /\p{Script=Arabic}/u },
];

for (const landing of LANDINGS) {
  test(`${landing.path} renders in its language, without console errors or serious a11y violations`, async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const response = await page.goto(landing.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', landing.lang);
    await expect(page.locator('html')).toHaveAttribute('dir', landing.dir);
    await waitForPreloaderToLift(page);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(landing.heading);
    await expect(heading).toBeInViewport();
    // The main call to action is on screen without scrolling, on a phone too.
    await expect(page.locator('#offer a:visible').first()).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`${landing.path.replace(/\//g, '_')}.png`), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('a right-to-left page mirrors its layout', async ({ page }) => {
  await page.goto('/promo/zenbet/ae/welcome_bonus_casino/');
  await waitForPreloaderToLift(page);
  const logo = await page.locator('header a').first().boundingBox();
  const login = await page.locator('header nav').boundingBox();
  expect(logo!.x).toBeGreaterThan(login!.x);
});

for (const brand of ['zenit', 'zenbet']) {
  test(`on a right-to-left page the ${brand} logo is drawn whole inside its box, as on a left-to-right one`, async ({ page }) => {
    // The logo is SVG written into the page: it must not take the page's right-to-left direction,
    // which anchors its text at the far end and draws it outside the box.
    for (const language of ['ae', 'ru']) {
      await page.goto(`/promo/${brand}/${language}/bonus30000/`);
      const drawn = await page
        .locator('header a')
        .first()
        .evaluate((logo) => {
          const box = logo.querySelector('svg')!.getBoundingClientRect();
          const marks = [...logo.querySelectorAll('svg text, svg path, svg rect, svg circle, svg polygon')].map((mark) =>
            mark.getBoundingClientRect(),
          );
          return {
            box: { left: box.left, right: box.right },
            left: Math.min(...marks.map((mark) => mark.left)),
            right: Math.max(...marks.map((mark) => mark.right)),
          };
        });
      expect(drawn.left, `${brand}/${language}`).toBeGreaterThanOrEqual(drawn.box.left - 1);
      expect(drawn.right, `${brand}/${language}`).toBeLessThanOrEqual(drawn.box.right + 1);
      expect(drawn.right - drawn.left, `${brand}/${language}`).toBeGreaterThan((drawn.box.right - drawn.box.left) / 2);
    }
  });
}

/** One landing of each of the 16 page languages (the first row of each country in the tables). */
const ONE_PER_LANGUAGE: string[] = (() => {
  const rows: { brand: string; country: string; slug: string }[] = promotionRows();
  const first = new Map<string, string>();
  for (const row of rows) if (!first.has(row.country)) first.set(row.country, `/promo/${row.brand}/${row.country}/${row.slug}/`);
  return [...first.values()];
})();

test('every page language fits a 360 px phone: nothing wider than the screen, the header whole', async ({ page }) => {
  expect(ONE_PER_LANGUAGE).toHaveLength(16);
  await page.setViewportSize({ width: 360, height: 640 });
  for (const landing of ONE_PER_LANGUAGE) {
    await page.goto(landing);
    await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, landing).toBeLessThanOrEqual(0);
    for (const link of await page.locator('header a:visible').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x, `${landing}: ${await link.textContent()}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${landing}: ${await link.textContent()}`).toBeLessThanOrEqual(360);
    }
  }
});

test('popular matches come from the stand-in line and link to the match on the main site', async ({ page }) => {
  await page.goto('/promo/zenit/ru/freebet35/');
  await waitForPreloaderToLift(page);
  await scrollToOdds(page);
  const cards = page.getByTestId('odds-card');
  await expect(cards.first()).toBeVisible({ timeout: 10_000 });
  expect(await cards.count()).toBeLessThanOrEqual(6);
  const href = await cards.first().getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/(m\/)?line\/[a-z-]+\/\d+_[a-z0-9-]+\/\d+_[a-z0-9-]+-[a-z0-9-]+\?promo_code=/);
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Main site');
});
