/**
 * The consent choice open on an opt-in market's landing (de), before any choice, in Chromium and Firefox
 * ESR: what axe finds, the two choices drawn alike, and the sheet with every text at twice its size on a
 * 320 px screen (docs/landings.md, "Tracking and consent"). consent.once.spec.ts has the rest.
 *
 * Axe runs in a page where nothing has asked for the sheet's accessible name: in Firefox ESR, Playwright's
 * name of the region (its aria-labelledby) followed by axe's run in the same document crashes the page's
 * content process, which Playwright reports as a context "destroyed by a navigation". The axe test waits
 * on the state the first-screen script sets instead (the sheet shown by its id); the test after it names
 * the region by its role in a page of its own.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { doubleEveryText, expect, pageWidthAt, scrollDownToTheEnd, seriousA11yViolations, test, waitForPreloaderToLift } from './fixtures';
import { CONSENT_COOKIE } from '../../src/domain/consent';

const de = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/de.json'), 'utf8')) as Record<string, string>;
const LANDING = '/promo/zenit/de/bonus20000/';

test.use({ storageState: { cookies: [], origins: [] } });
test.beforeEach(({ consoleErrors }) => void consoleErrors);

/** The landing with the choice shown, as the first-screen script shows it: by the attribute on <html> the sheet's rules show it by. */
async function openWithTheChoice(page: Page): Promise<void> {
  await page.goto(LANDING);
  await expect(page.locator('html')).toHaveAttribute('data-consent-ask', '');
  await expect(page.locator('#promo-consent')).toBeVisible();
  await waitForPreloaderToLift(page);
}

test('the choice open: axe finds nothing serious', async ({ page }) => {
  test.setTimeout(120_000);
  await openWithTheChoice(page);
  await scrollDownToTheEnd(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the choice is a named region, and both choices are as prominent as each other', async ({ page }) => {
  await openWithTheChoice(page);
  await expect(page.getByRole('region', { name: de['consent.title'] })).toBeVisible();
  const accept = await page.getByRole('button', { name: de['consent.accept'] }).boundingBox();
  const refuse = await page.getByRole('button', { name: de['consent.refuse'] }).boundingBox();
  expect([refuse!.width, refuse!.height, refuse!.y]).toEqual([accept!.width, accept!.height, accept!.y]);
});

test('at 200 % text on a 320 px screen the choice is whole: nothing cut off or sideways, both buttons reachable and working', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWithTheChoice(page);
  await doubleEveryText(page);
  const measured = await pageWidthAt(page, 320);
  expect({ past: Math.max(0, measured.width - 320), beyond: measured.beyond }).toEqual({ past: 0, beyond: [] });

  const sheet = page.locator('#promo-consent');
  // Nothing in the sheet past the screen's edges, and no text wider than its box (a long word spilling
  // out of its button, cut at the sheet's edge).
  const overflow = await sheet.evaluate((element) => ({
    sideways: element.scrollWidth - element.clientWidth,
    spilling: [element, ...element.querySelectorAll('*')]
      .filter((child) => child.scrollWidth > child.clientWidth + 1)
      .map((child) => `${child.tagName.toLowerCase()}: ${child.textContent}`),
    outside: [...element.querySelectorAll('*')]
      .filter((child) => {
        const box = child.getBoundingClientRect();
        return box.left < -1 || box.right > window.innerWidth + 1;
      })
      .map((child) => child.tagName.toLowerCase()),
  }));
  expect(overflow).toEqual({ sideways: 0, spilling: [], outside: [] });

  // Taller than half the screen, the sheet scrolls within itself: its title comes whole into the screen,
  // and so does each button, the refusal last of all; what lies between is passed on the way.
  const whole = async (part: Locator) => {
    await part.scrollIntoViewIfNeeded();
    const box = (await part.boundingBox())!;
    return { top: Math.round(box.y) >= 0, bottom: Math.round(box.y + box.height) <= 640, drawn: box.height > 0 };
  };
  const inView = { top: true, bottom: true, drawn: true };
  expect(await whole(sheet.locator('h2'))).toEqual(inView);
  expect(await whole(page.getByRole('button', { name: de['consent.accept'] }))).toEqual(inView);
  const refuse = page.getByRole('button', { name: de['consent.refuse'] });
  expect(await whole(refuse)).toEqual(inView);
  const box = (await refuse.boundingBox())!;
  // Tapped where it is drawn, so it is not under anything else.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(sheet).toBeHidden();
  expect((await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`)).toEqual([`${CONSENT_COOKIE}=refuse`]);
});
