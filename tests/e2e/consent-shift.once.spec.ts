/**
 * The consent choice on an opt-in market's landing (de) on a slow phone, in Chromium (its CPU throttling and
 * the Layout Instability API): drawn from the built HTML, fixed to the bottom of the screen, it must
 * never move (src/site/consent-sheet.tsx says how). Every layout shift is recorded from the page's start.
 */
import { expect, test, waitForPreloaderToLift } from './fixtures';

test.use({ storageState: { cookies: [], origins: [] } });
test.beforeEach(({ consoleErrors }) => void consoleErrors);

test('on a slow phone the choice never moves as the page comes in (no layout shift of the sheet)', async ({ page }) => {
  test.setTimeout(120_000);
  // At a phone's CPU the browser paints frames while the parser is still inside the sheet.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const moved: string[] = ((window as unknown as { __moved: string[] }).__moved = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ sources: Array<{ node?: Node }> }>)
        for (const source of entry.sources) moved.push((source.node as Element | undefined)?.id || String(source.node?.nodeName));
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/promo/zenit/de/bonus20000/');
  await expect(page.locator('#promo-consent')).toBeVisible();
  await waitForPreloaderToLift(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The window closes with the page's code taken over (islands hydrated), well after the sheet was parsed.
  expect(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved.filter((id) => id === 'promo-consent'))).toEqual(
    [],
  );
});
