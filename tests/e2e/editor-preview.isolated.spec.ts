/**
 * The editor's preview after a save: the saved landing, rendered by the site's own template, while the
 * whole site is still rebuilding behind it (the test holds that rebuild, so the preview cannot be
 * waiting for it); and an A/B experiment's landing shown one named variant at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { answered, useEditorSite, openEntry } from './editor-site-fixture';

// Decap's bundle is large and a save runs the build's checks: on a busy machine a test takes minutes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 1400, height: 900 }, isMobile: false, hasTouch: false });

const site = useEditorSite({ holdRebuild: true });

const open = (page: Page, entry: string, ready: string) => openEntry(page, site, entry, ready);

const pane = (page: Page) => page.frameLocator('#preview-pane');
const landing = (page: Page) => pane(page).frameLocator('iframe');

test('the preview of a landing is the page the build wrote, with its data inline', async ({ request }) => {
  const built = fs.readFileSync(path.join(site.dir, 'public/zenit/ru/quiz/index.html'), 'utf8');
  const response = await request.get(`${site.url}/promo/zenit/ru/quiz/?preview=editor`);
  expect(response.status()).toBe(200);
  const previewed = await response.text();
  expect(previewed).toContain('window.pageData=');
  // The one difference a preview has: its page data in the page, so it hydrates with what was saved.
  expect(previewed.replace(/window\.pageData=.*?;(?=\/\*\]\]>\*\/)/s, '')).toBe(built);
});

test('after a save the preview shows the new headline while the whole site is still rebuilding', async ({ page }) => {
  await open(page, 'texts/entries/kz', 'offer.freebet.title');
  await expect(landing(page).getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('offer.freebet.title', { exact: true }).fill('Тіркеліп, {amount} тегін бәс алыңыз');
  // As it starts, the page's runtime asks for its page data with the frame's query, and renders that.
  const pageData = page.waitForResponse(
    (response) => response.url().includes('/promo/page-data/zenit/kz/freebet30/page-data.json?preview=editor&save=1&'),
    { timeout: 120_000 },
  );
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
  await answered(landing(page).getByRole('heading', { level: 1 })).toContainText('Тіркеліп, 15k ₸ тегін бәс алыңыз');
  const data = await pageData;
  expect(data.status()).toBe(200);
  expect(JSON.stringify(await data.json())).toContain('тегін бәс алыңыз');
  await expect(landing(page).getByRole('heading', { level: 1 })).toContainText('Тіркеліп, 15k ₸ тегін бәс алыңыз');
  // The rebuild the save asked for is held: the page above came without it.
  await expect(pane(page).getByRole('status')).toHaveAttribute('data-rebuild', 'rebuilding');
  await expect(pane(page).getByRole('status')).toContainText('The whole site is rebuilding');
  const built = fs.readFileSync(path.join(site.dir, 'public/zenit/kz/freebet30/index.html'), 'utf8');
  expect(built).not.toContain('тегін бәс алыңыз');
});

test('an A/B experiment’s landing is previewed one named variant at a time', async ({ page }) => {
  await open(page, 'promotions/entries/zenit/ru/bonus25000', 'Last day');
  await expect(pane(page).getByText('Variant “control” of the A/B experiment bonus25000-headline-1 (50 % of visitors)')).toBeVisible({
    timeout: 60_000,
  });
  await expect(landing(page).getByRole('heading', { level: 1 })).toContainText('Приветственный бонус до 25k ₽');
  await pane(page).getByRole('button', { name: 'take-bonus (50 %)' }).click();
  await expect(pane(page).getByText('Variant “take-bonus” of the A/B experiment bonus25000-headline-1 (50 % of visitors)')).toBeVisible();
  await expect(landing(page).getByRole('heading', { level: 1 })).toContainText('Заберите до 25k ₽ на первые ставки');
  await expect(pane(page).getByRole('button', { name: 'take-bonus (50 %)' })).toHaveAttribute('aria-pressed', 'true');
});
