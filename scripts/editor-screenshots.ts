/**
 * `npm run screenshots:editor`: the promotions editor as docs/promotions.md shows it, into
 * docs/screenshots/editor-*.png. Runs on a copy of the tree (scripts/editor-site.ts), so the refused
 * save it shows touches nothing; it serves the current public/ (run `npm run build` first).
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { startEditorSite } from './editor-site';

const OUT = path.resolve(__dirname, '..', 'docs', 'screenshots');

/** Opens an editor address afresh, logging in on the first visit (the local backend has no password). */
async function login(page: Page, url: string, ready: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  const button = page.getByRole('button', { name: 'Login' });
  const shown = page.getByText(ready, { exact: true }).first();
  await button.or(shown).waitFor();
  if (await button.isVisible()) await button.click();
  await shown.waitFor();
}

async function main(): Promise<void> {
  const site = await startEditorSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => route.abort('blockedbyclient'));

    await login(page, `${site.url}/__admin/#/collections/promotions`, 'Filter by');
    await page.getByRole('button', { name: 'Filter by' }).click();
    await page.getByText('Status: expired').click();
    await page.getByText('zenit / ru / US-Open').waitFor();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(OUT, 'editor-list.png') });

    await login(page, `${site.url}/__admin/#/collections/promotions/entries/zenit/ru/bonus25000`, 'Last day');
    await page.frameLocator('#preview-pane').locator('iframe').contentFrame().getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: path.join(OUT, 'editor-landing.png') });

    await login(page, `${site.url}/__admin/#/collections/texts/entries/kz`, 'offer.spins.title');
    const title = page.getByLabel('offer.spins.title', { exact: true });
    await title.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'editor-texts.png') });

    await title.fill('Тегін айналымдар');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await page.getByText('The build refuses this change').waitFor();
    // The notice slides in: wait until it stands still.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: path.join(OUT, 'editor-refused.png') });
    console.log(`docs/screenshots/editor-{list,landing,texts,refused}.png`);
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
