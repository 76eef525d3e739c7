/**
 * Spec 4 and 9: the cupis preloader is an icon sequence, one icon at a time, each for 1.5 s, whether or
 * not the page's code is there. The country call is held so the preloader stays up for its 4 s limit.
 * The page's clock is the test's: it moves only when the test moves it, so a slow start of the page
 * cannot eat into the sequence, and the sequence is read from the page's own record of what it showed.
 */
import { expect, test } from './fixtures';

const LANDING = '/promo/cupis/ru/quiz/';

/**
 * Installed before the page's scripts: each time the preloader's pose changes, the icons a visitor can
 * see then; and, as the end, its lift.
 */
const RECORD = `(() => {
  const record = { shown: [], lifted: false };
  window.__preloaderRecord = record;
  const note = () => {
    const icons = [...document.querySelectorAll('#preloader [data-layer]')];
    if (icons.length === 0) return;
    const shown = icons
      .filter((icon) => icon.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((icon) => Number(icon.getAttribute('data-layer')));
    if (JSON.stringify(shown) !== JSON.stringify(record.shown.at(-1))) record.shown.push(shown);
  };
  new MutationObserver((records) => {
    for (const change of records) {
      if (change.target === document.documentElement && change.attributeName === 'data-preloader-lifted') record.lifted = true;
    }
    if (!record.lifted) note();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-step', 'data-preloader-lifted'] });
})();`;

type PreloaderRecord = { shown: number[][]; lifted: boolean };

test('the cupis preloader shows its icons one at a time, each in turn, until it lifts at its limit', async ({ page }) => {
  await page.route(/\/ajax\/data\/country/, () => {
    // Never answered: the preloader stays until its limit.
  });
  // Installed and stopped: from here the page's clock moves only when the test moves it, however long
  // the machine takes to load the page.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_500);
  await page.addInitScript(RECORD);
  await page.goto(LANDING, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#preloader [data-layer]')).toHaveCount(4);
  const record = () => page.evaluate(() => (window as unknown as { __preloaderRecord: PreloaderRecord }).__preloaderRecord);
  // A tenth of a second of the page's time at a step, until it lifts: 4 s and a little more.
  for (let step = 0; step < 60 && !(await record()).lifted; step++) await page.clock.runFor(100);

  const { shown, lifted } = await record();
  expect(lifted).toBe(true);
  // One icon at a time, each the one after the last: over the 4 s to the lift, in 1.5 s turns, three of the four.
  expect(shown).toEqual([[0], [1], [2]]);
});
