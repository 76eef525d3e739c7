/**
 * A landing's script files are asked for after its first frame (gatsby/post-build/deferred-bundle.ts), so
 * they neither share the parse with the hero picture nor compile beside the first layout, and the page
 * still comes alive with them.
 */
import { expect, test } from './fixtures';

const LANDING = '/promo/zenit/ru/bonus20000/';

test('the framework, runtime and app are fetched only after the document is parsed and its first frame drawn, then the page comes alive', async ({
  page,
}) => {
  await page.addInitScript('window.__firstFrame = null; requestAnimationFrame(function () { window.__firstFrame = performance.now(); });');
  await page.goto(LANDING);
  await expect(page.locator('#registration [data-island]')).toBeAttached();
  await page.locator('#registration input:visible').first().focus();
  await expect(page.locator('#registration [data-island][data-hydrated]')).toBeAttached({ timeout: 15_000 });

  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\/promo\/(webpack-runtime|framework|app)-[0-9a-f]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ file: new URL(entry.name).pathname.replace(/-[0-9a-f]+\.js$/, ''), start: entry.startTime }));
    const hero = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => /hero-/.test(entry.name));
    return {
      parsed: navigation.domInteractive,
      firstFrame: (window as unknown as { __firstFrame: number | null }).__firstFrame,
      files,
      hero: hero?.startTime,
    };
  });
  expect(timing.files.map(({ file }) => file).sort()).toEqual(['/promo/app', '/promo/framework', '/promo/webpack-runtime']);
  expect(timing.firstFrame).not.toBeNull();
  for (const { file, start } of timing.files) {
    expect({ file, afterParse: start >= timing.parsed, afterFirstFrame: start >= timing.firstFrame! }).toEqual({
      file,
      afterParse: true,
      afterFirstFrame: true,
    });
  }
  expect(timing.hero).toBeDefined();
  expect(timing.hero!).toBeLessThan(Math.min(...timing.files.map(({ start }) => start)));
});
