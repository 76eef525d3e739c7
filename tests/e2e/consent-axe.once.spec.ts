/**
 * The consent choice open on an opt-in market's landing (de), before any choice: what axe finds, and the
 * two choices drawn alike (docs/landings.md, "Tracking and consent"). consent.once.spec.ts has the rest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, scrollDownToTheEnd, seriousA11yViolations, test, waitForPreloaderToLift } from './fixtures';

const de = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/de.json'), 'utf8')) as Record<string, string>;

test.use({ storageState: { cookies: [], origins: [] } });
test.beforeEach(({ consoleErrors }) => void consoleErrors);

test('the choice open: axe finds nothing serious, and both choices are as prominent as each other', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/promo/zenit/de/bonus20000/');
  await waitForPreloaderToLift(page);
  await scrollDownToTheEnd(page);
  await expect(page.getByRole('region', { name: de['consent.title'] })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const accept = await page.getByRole('button', { name: de['consent.accept'] }).boundingBox();
  const refuse = await page.getByRole('button', { name: de['consent.refuse'] }).boundingBox();
  expect([refuse!.width, refuse!.height, refuse!.y]).toEqual([accept!.width, accept!.height, accept!.y]);
});
