/**
 * Popular matches are asked for as their band nears the screen; a visitor who scrolls fast, or a slow
 * line, puts the visitor below the band before the cards (or their absence) settle. What the visitor
 * reads there stays where it is, in every engine.
 */
import { expect, scrollDownToTheEnd, test, waitForPreloaderToLift } from './fixtures';

const LANDING = '/promo/zenit/ru/bonus20000/';

/** Layout shifts, where the engine reports them (Chromium); installed before the page's scripts. */
const WATCH_SHIFTS = `(() => {
  window.__shifts = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

test.use({ viewport: { width: 412, height: 823 } });

for (const answer of ['cards', 'a failure'] as const) {
  test(`popular matches settling (${answer}) after the visitor has scrolled past them move nothing on screen`, async ({ page }) => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/ajax\/line\/printer\/ranked\//, async (route) => {
      await answered;
      await (answer === 'cards' ? route.continue() : route.fulfill({ status: 500, body: '' }));
    });
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(LANDING);
    await waitForPreloaderToLift(page);
    await scrollDownToTheEnd(page);
    const odds = page.locator('section[aria-labelledby="odds-title"]');
    await expect(odds).toHaveAttribute('aria-busy', 'true');
    const footer = page.getByRole('contentinfo');
    const before = (await footer.boundingBox())!.y;
    release();
    if (answer === 'cards') await expect(odds.getByRole('listitem').first()).toBeAttached();
    else await expect(odds).toHaveCount(0);
    for (let frame = 0; frame < 2; frame++) await page.evaluate(() => new Promise(requestAnimationFrame));
    // What the visitor was reading stays where it was, and the browser saw nothing move.
    // Within a pixel: scroll offsets snap to device pixels (Firefox).
    expect(Math.abs((await footer.boundingBox())!.y - before)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
  });
}
