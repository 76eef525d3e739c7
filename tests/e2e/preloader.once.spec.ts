/**
 * Spec 4 and 9: the cupis preloader is an icon sequence, one icon at a time, each for 1.5 s, whether or
 * not the page's code is there. The country call is held so the preloader stays up for its 4 s limit.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const LANDING = '/promo/cupis/ru/quiz/';

/** The indexes of the preloader's icons a visitor can see now. */
const shownIcons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<SVGElement>('#preloader [data-layer]')]
      .filter((icon) => icon.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((icon) => Number(icon.getAttribute('data-layer'))),
  );

test('the cupis preloader shows its icons one at a time, each in turn, before the page has settled', async ({ page }) => {
  await page.route(/\/ajax\/data\/country/, () => {
    // Never answered: the preloader stays until its limit.
  });
  await page.goto(LANDING, { waitUntil: 'commit' });
  await expect(page.locator('#preloader [data-layer]')).toHaveCount(4);

  await expect.poll(() => shownIcons(page)).toHaveLength(1);
  const [first] = await shownIcons(page);
  await expect.poll(() => shownIcons(page), { timeout: 2_500, message: 'the next icon takes over after 1.5 s' }).toEqual([(first + 1) % 4]);
});
