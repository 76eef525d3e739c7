/**
 * `npm run screenshots`: the first screen of the bench's six sample landings on a phone (390×844), as
 * a visitor sees it once the page has settled, into docs/screenshots/ (committed, shown in the README),
 * so a change of design shows in review. Builds nothing: it serves the current public/ (run
 * `npm run build` first) with the stand-in main site and opens each page in Debian's Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { SAMPLE_LANDINGS } from './bench/config';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const PHONE = { width: 390, height: 844 };
/**
 * The page's clock reads this moment in every run, so a countdown shows the same figures and a
 * screenshot changes only when the design does. It lies before every sample's end date.
 */
const FIXED_TIME = '2026-12-01T09:00:00Z';

/** docs/screenshots/zenit-ru-bonus20000.png for /zenit/ru/bonus20000/. */
function screenshotFile(landingPath: string): string {
  return `${landingPath.split('/').filter(Boolean).join('-')}.png`;
}

async function shoot(browser: Browser, origin: string, landingPath: string): Promise<string> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    // Only the stand-in answers: a page must never reach a third-party host from here.
    await page.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort('blockedbyclient'));
    await page.clock.setFixedTime(new Date(FIXED_TIME));
    await page.goto(`${origin}/promo${landingPath}`, { waitUntil: 'load' });
    await page.locator('#preloader').waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      await document.fonts.ready;
      // Every picture of the first screen is painted, or has failed, before the shot.
      const pending = [...document.images].filter((image) => image.getBoundingClientRect().top < window.innerHeight && !image.complete);
      await Promise.all(
        pending.map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
        ),
      );
    });
    const file = path.join(OUT_DIR, screenshotFile(landingPath));
    // Transitions are finished at once: the shot is the settled screen, not a frame of a fade.
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    return file;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const publicDir = path.join(ROOT, 'public');
  if (!fs.existsSync(path.join(publicDir, 'index.html'))) throw new Error('public/ is missing: run `npm run build` first');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const app = buildApp({ publicDir, smsLog: () => undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    for (const sample of SAMPLE_LANDINGS) {
      const file = await shoot(browser, origin, sample.path);
      console.log(`${sample.role.padEnd(14)} ${sample.path} → ${path.relative(ROOT, file)}`);
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
