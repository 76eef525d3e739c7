/**
 * A marketer finding landings and changing many at once, in the promotions editor on a copy of the
 * tree: a search by brand, country, status and last day; a slug's last day extended in all its
 * countries in one save, the landings it touches listed before it is done; a change the build refuses
 * writing nothing; a Kazakh headline's reach, and its preview on a landing that shows it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { answered, useEditorSite } from './editor-site-fixture';
import { checkSite } from '../../tables/load';

// Decap's bundle is 5 MB and each save runs the build's checks: on a busy machine a test takes minutes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 1400, height: 900 }, isMobile: false, hasTouch: false });

const site = useEditorSite();

const COUNTRIES = ['ae', 'bn', 'br', 'de', 'en', 'fr', 'ir', 'kz', 'mx', 'ru', 'sw', 'tm', 'tr', 'ua', 'uz', 'vi'];

/** The files of the copy's tables that differ from the tables as copied. */
function changedFiles(): string[] {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'data'], { cwd: site.dir, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();
}

async function openFinder(page: Page): Promise<void> {
  await page.goto(`${site.url}/__admin/`);
  await page.getByRole('link', { name: 'Find and change many landings at once' }).click();
  await expect(page.getByRole('heading', { name: 'Find and change landings' })).toBeVisible();
}

async function find(page: Page, selection: Record<string, string>): Promise<void> {
  const form = page.getByRole('form', { name: 'Find landings' });
  for (const label of ['Brand', 'Country', 'Promotion (slug)', 'Status']) await form.getByLabel(label).selectOption('');
  await form.getByLabel('Last day').fill('');
  for (const [label, value] of Object.entries(selection)) {
    if (label === 'Last day') await form.getByLabel(label).fill(value);
    else await form.getByLabel(label).selectOption(value);
  }
  await form.getByRole('button', { name: 'Find' }).click();
}

const foundLandings = (page: Page) => page.locator('#found tbody tr td:first-child');

test('search finds landings by brand, country, status and last day', async ({ page }) => {
  await openFinder(page);

  await find(page, { Country: 'kz', Status: 'expired' });
  await expect(page.getByRole('heading', { name: '3 landings found' })).toBeVisible();
  expect((await foundLandings(page).allTextContents()).sort()).toEqual(['zenbet/kz/US-Open', 'zenit/kz/US-Open', 'zenit/kz/freebet5000']);

  await find(page, { Brand: 'zenit', 'Last day': '2027-03-31' });
  await expect(page.getByRole('heading', { name: '2 landings found' })).toBeVisible();
  expect((await foundLandings(page).allTextContents()).sort()).toEqual(['zenit/kz/broadcast', 'zenit/ru/broadcast']);

  // zenbet's US Open ended on 2022-09-11 in each of its 14 countries.
  await find(page, { Brand: 'zenbet', Status: 'expired' });
  await expect(page.getByRole('heading', { name: '14 landings found' })).toBeVisible();
  await expect(page.locator('#found tbody tr', { hasText: 'zenbet/kz/US-Open' })).toContainText('2022-09-11');

  // Each landing found opens in the editor.
  await page.getByRole('link', { name: 'zenbet/kz/US-Open' }).click();
  const login = page.getByRole('button', { name: 'Login' });
  const lastDay = page.getByLabel('Last day', { exact: true });
  await expect(login.or(lastDay)).toBeVisible({ timeout: 90_000 });
  if (await login.isVisible()) await login.click();
  await expect(lastDay).toHaveValue('2022-09-11', { timeout: 90_000 });

  // The editor's own search finds by brand and last day too (Decap's fuzzy match needs more than a
  // country's two letters, which the page above finds by).
  await page.goto(`${site.url}/__admin/#/collections/promotions`);
  const search = page.getByPlaceholder('Search all');
  await search.fill('zenit 2027-03-31');
  await search.press('Enter');
  await expect(page.getByText('zenit / kz / broadcast · last day 2027-03-31')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('zenit / ru / broadcast · last day 2027-03-31')).toBeVisible();
});

test('a slug’s last day extended in all its countries in one save, the landings listed before it is done', async ({ page }) => {
  await openFinder(page);
  await find(page, { Brand: 'zenit', 'Promotion (slug)': 'freebet5000' });
  await expect(page.getByRole('heading', { name: '16 landings found' })).toBeVisible();

  const change = page.getByRole('form', { name: 'Change every landing found' });
  await change.getByLabel('Field to change').selectOption({ label: 'Last day' });
  await change.getByLabel('New value', { exact: true }).fill('2027-06-30');
  await change.getByRole('button', { name: 'Review the change' }).click();

  // Before anything is written: every landing it touches, with its last day before and after.
  await expect(page.getByRole('heading', { name: 'This change writes 16 landings (Last day):' })).toBeVisible();
  expect((await page.locator('#review li').allTextContents()).sort()).toEqual(
    COUNTRIES.map((country) => `zenit/${country}/freebet5000: 2021-12-31 → 2027-06-30`),
  );
  expect(changedFiles()).toEqual([]);

  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/__admin/')) saves.push(new URL(request.url()).pathname);
  });
  await page.getByRole('button', { name: 'Save 16 landings in one change' }).click();
  await answered(page.locator('#outcome')).toHaveText('Saved 16 landings in one change; the site is being rebuilt with it.');

  // One save wrote the 16 files, each of them its date line alone.
  expect(saves).toEqual(['/__admin/bulk/save']);
  const files = COUNTRIES.map((country) => `data/promotions/zenit/${country}/freebet5000.json`);
  expect(changedFiles()).toEqual(files);
  for (const file of files) {
    expect(
      site
        .diff(file)
        .split('\n')
        .filter((line) => /^[-+] /.test(line)),
    ).toEqual(['-  "date": "2021-12-31",', '+  "date": "2027-06-30",']);
  }
  // And the tables pass every rule of the build, as `npm run promos` reads them.
  expect(checkSite(path.join(site.dir, 'data'), Date.now()).problems.filter((problem) => problem.severity === 'error')).toEqual([]);
});

test('a bulk change the build refuses writes nothing and says why in the build’s words', async ({ page }) => {
  const files = COUNTRIES.map((country) => `data/promotions/zenit/${country}/bonus25000.json`);
  const before = files.map((file) => site.read(file));
  const changedBefore = changedFiles();
  await openFinder(page);
  await find(page, { Brand: 'zenit', 'Promotion (slug)': 'bonus25000' });
  const change = page.getByRole('form', { name: 'Change every landing found' });
  await change.getByLabel('Field to change').selectOption({ label: 'Last day' });
  await change.getByLabel('New value', { exact: true }).fill('1900-01-01');
  await change.getByRole('button', { name: 'Review the change' }).click();
  await expect(page.getByRole('heading', { name: 'This change writes 16 landings (Last day):' })).toBeVisible();
  await page.getByRole('button', { name: 'Save 16 landings in one change' }).click();
  await answered(page.locator('#outcome')).toContainText('Nothing is saved: The build refuses this change:');
  await expect(page.getByRole('alert')).toContainText(
    'data/promotions/zenit/kz/bonus25000.json: zenit/kz/bonus25000: date "1900-01-01" is outside 2020-01-01 … 2099-12-31',
  );
  expect(files.map((file) => site.read(file))).toEqual(before);
  expect(changedFiles()).toEqual(changedBefore);
});

test('a Kazakh headline edit names the landings it reaches, and the preview shows one of them', async ({ page }) => {
  await page.goto(`${site.url}/__admin/#/collections/texts/entries/kz`);
  const login = page.getByRole('button', { name: 'Login' });
  const field = page.getByLabel('offer.sportBonus.title', { exact: true });
  await expect(login.or(field)).toBeVisible({ timeout: 90_000 });
  if (await login.isVisible()) await login.click();
  await expect(field).toBeVisible({ timeout: 90_000 });
  await field.fill('{amount} дейін бонус алыңыз');

  // The sports bonus headline: the four bonus landings of each brand that sells in Kazakhstan.
  const preview = page.frameLocator('#preview-pane');
  const reach = preview.locator('[data-reach]');
  await answered(reach).toHaveAttribute('data-reach', '8');
  const landings = ['zenbet', 'zenit'].flatMap((brand) =>
    ['bonus20000', 'bonus25000', 'bonus30000', 'bonus35000'].map((slug) => `${brand}/kz/${slug}`),
  );
  const named = /reaches 8 landings in kz: (.+)\. The frame shows (.+)\.$/.exec((await reach.textContent()) ?? '');
  expect(named?.[1].split(', ').sort()).toEqual(landings);
  expect(landings).toContain(named?.[2]);

  // The frame is that landing, as last built: its headline is the one being edited.
  await expect(preview.locator('iframe')).toHaveAttribute('src', new RegExp(`^/promo/${named?.[2]}/\\?preview=`));
  await expect(preview.frameLocator('iframe').getByRole('heading', { level: 1 })).toContainText('көлеміне дейін қош келдіңіз бонусы');
});
