/**
 * A marketer in the promotions editor (/__admin/, Decap CMS on decap-server), on a copy of the tree:
 * a save writes the one field that changed, a change the build would refuse is refused with the build's
 * reason and the file left as it was, and the preview shows the landing rebuilt from the save.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { answered, useEditorSite, openEntry } from './editor-site-fixture';

// Decap's bundle is 5 MB and each save runs the build's checks: on a busy machine a test takes minutes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 1400, height: 900 }, isMobile: false, hasTouch: false });

const site = useEditorSite();

const open = (page: Page, entry: string, ready: string) => openEntry(page, site, entry, ready);

/**
 * Publishes the entry's unsaved change as a marketer does: "Publish", then "Publish now". Decap may draw
 * its toolbar again between the two (its preview, its checks), closing the menu: then it opens it again.
 */
async function publish(page: Page): Promise<void> {
  await expect(page.getByText(/unsaved changes/i).first()).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Types a new value once Decap has drawn the saved entry again, so what it draws cannot undo it. */
async function change(page: Page, label: string, value: string): Promise<void> {
  await expect(async () => {
    await page.getByLabel(label, { exact: true }).fill(value);
    await expect(page.getByText(/unsaved changes/i).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

/** The preview's status line, inside Decap's preview frame. */
const previewStatus = (page: Page) => page.frameLocator('#preview-pane').getByRole('status');

test('weights adding up to 90 are refused with the build’s reason, and the file stays as it was', async ({ page }) => {
  const file = 'data/promotions/zenit/ru/bonus25000.json';
  const before = site.read(file);
  await open(page, 'promotions/entries/zenit/ru/bonus25000', 'Last day');
  // The experiment is folded; its first toggle opens it, with the variants open inside.
  await page.getByRole('button', { name: 'Expand' }).first().click();
  const weight = page.locator('input[id^="weight-field-"]').first();
  await weight.scrollIntoViewIfNeeded();
  await expect(weight).toHaveValue('50');
  await weight.fill('40');
  await publish(page);
  await answered(page.getByText('the weights add up to 90, not 100')).toBeVisible();
  expect(site.read(file)).toBe(before);
});

test('a creative smaller than the hero needs is refused with the size it needs', async ({ page }) => {
  const file = 'data/promotions/zenit/ru/bonus20000.json';
  const before = site.read(file);
  await open(page, 'promotions/entries/zenit/ru/bonus20000', 'Last day');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  const small = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#13315c' } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'small-hero.png', mimeType: 'image/png', buffer: small });
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await publish(page);
  await answered(page.getByText('creative "small-hero.png" is 400×200 px; a hero needs at least 1080×540 px')).toBeVisible();
  expect(site.read(file)).toBe(before);
  expect(() => site.read('data/creatives/small-hero.png')).toThrow();
});

test('a Kazakh headline and a past last day: each save is that one field, and the rebuilt preview shows both', async ({ page }) => {
  test.setTimeout(480_000);
  await open(page, 'texts/entries/kz', 'offer.freebet.title');
  const headline = 'Тіркеліп, {amount} тегін бәс алыңыз';
  await page.getByLabel('offer.freebet.title', { exact: true }).fill(headline);
  await publish(page);
  await answered.poll(() => site.diff('data/i18n/kz.json')).not.toBe('');
  const kzDiff = site.diff('data/i18n/kz.json');
  expect(kzDiff.split('\n').filter((line) => /^[-+] /.test(line))).toEqual([
    expect.stringMatching(/^- {2}"offer\.freebet\.title": "/),
    `+  "offer.freebet.title": "${headline}",`,
  ]);

  await open(page, 'promotions/entries/zenit/ru/quiz', 'Last day');
  await page.getByLabel('Last day', { exact: true }).fill('2021-03-31');
  await publish(page);
  await answered.poll(() => site.diff('data/promotions/zenit/ru/quiz.json')).not.toBe('');
  expect(
    site
      .diff('data/promotions/zenit/ru/quiz.json')
      .split('\n')
      .filter((line) => /^[-+] /.test(line)),
  ).toEqual(['-  "date": "2026-12-31"', '+  "date": "2021-03-31"']);

  // Meanwhile the preview says it is rebuilding; when both saves are built it reloads the landing,
  // which the tables now send to the brand's freebet30 in Russian (the quiz has no redirect_to of its own).
  await expect(previewStatus(page)).toHaveAttribute('data-rebuild', 'rebuilding');
  await expect(previewStatus(page)).toHaveAttribute('data-rebuild', 'idle', { timeout: 400_000 });
  await expect(page.frameLocator('#preview-pane').locator('iframe')).toHaveAttribute('data-generation', '2');
  await expect.poll(() => page.frames().map((frame) => new URL(frame.url(), 'http://x').pathname)).toContain('/promo/zenit/ru/freebet30/');

  await page.goto(`${site.url}/promo/zenit/kz/freebet30/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('тегін бәс алыңыз');
});

test("a market: a licence the market requires is asked for at save; a new consent mode is that one line of the market's file", async ({
  page,
}) => {
  const file = 'data/markets/br.json';
  const before = site.read(file);
  await open(page, 'markets/entries/br', 'consent');
  // The notices and the operator inside them are folded: each toggle opens one level.
  const requireLicence = page.locator('[id^="requireLicence-field-"]').first();
  await expect
    .poll(
      async () => {
        const folded = page.getByRole('button', { name: 'Expand' });
        if (await folded.count()) await folded.first().click();
        return requireLicence.isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await requireLicence.scrollIntoViewIfNeeded();
  await requireLicence.click();
  await publish(page);
  await expect(page.getByText('licence: this market requires the licence on every page')).toBeVisible();
  expect(site.read(file)).toBe(before);

  await open(page, 'markets/entries/br', 'consent');
  await page.getByLabel('consent', { exact: true }).click();
  await page.getByRole('option', { name: 'opt-out' }).click();
  await publish(page);
  // Waits for the file as saved whole: a look while decap-server writes it could see it empty.
  await expect.poll(() => site.read(file), { timeout: 30_000 }).toBe(before.replace('"consent": "opt-in"', '"consent": "opt-out"'));
});

// What follows must not lose work or let a slip through: each refusal leaves the file byte for byte as it was.

test('two tabs on one landing: the tab opened before the other’s save is refused, and that save is kept', async ({ page }) => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  const tabB = await page.context().newPage();
  await tabB.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => route.abort('blockedbyclient'));
  await open(tabB, 'promotions/entries/zenit/ru/quiz', 'Last day');
  await open(page, 'promotions/entries/zenit/ru/quiz', 'Last day');

  await page.getByLabel('Last day', { exact: true }).fill('2027-02-28');
  await publish(page);
  await answered.poll(() => site.read(file)).toContain('"date": "2027-02-28"');
  const saved = site.read(file);

  await tabB.getByLabel('Last day', { exact: true }).fill('2027-01-31');
  await publish(tabB);
  await answered(tabB.getByText(`${file} was changed since you opened it`)).toBeVisible();
  await answered(tabB.getByText('reload the page to see the file as it is now')).toBeVisible();
  expect(site.read(file)).toBe(saved);

  // Tab A, which made that save, saves again from it, once it shows the save done.
  await expect(page.getByText(/changes saved/i).first()).toBeVisible();
  await change(page, 'Last day', '2027-03-31');
  await publish(page);
  await answered.poll(() => site.read(file)).toContain('"date": "2027-03-31"');
  await tabB.close();
});

test('deleting a creative that landings lead with is refused, naming them', async ({ page }) => {
  const creative = 'data/creatives/cybersport.png';
  const before = fs.readFileSync(`${site.dir}/${creative}`);
  await open(page, 'promotions/entries/zenit/ru/quiz', 'Last day');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.getByText('cybersport.png', { exact: true }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await answered(page.getByText(/Failed to delete media: Not deleted: it is the hero of zenit\/\w+\/cybersport/)).toBeVisible();
  expect(fs.readFileSync(`${site.dir}/${creative}`)).toEqual(before);
});

test('a last day of 1900-01-01 is refused with the window of days, and the file stays as it was', async ({ page }) => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  const before = site.read(file);
  await open(page, 'promotions/entries/zenit/ru/quiz', 'Last day');
  await page.getByLabel('Last day', { exact: true }).fill('1900-01-01');
  await publish(page);
  await answered(page.getByText('outside 2020-01-01 … 2099-12-31 (2099-12-31 is "permanent")')).toBeVisible();
  expect(site.read(file)).toBe(before);
});

test('a 5,000-character headline is refused with the length a phone shows, and the file stays as it was', async ({ page }) => {
  const file = 'data/i18n/kz.json';
  const before = site.read(file);
  await open(page, 'texts/entries/kz', 'offer.freebet.title');
  await page.getByLabel('offer.freebet.title', { exact: true }).fill(`{amount} ${'Ұ'.repeat(4991)}`);
  await publish(page);
  await answered(page.getByText('at most 80 characters: a 320 px phone shows no more at 200 % text')).toBeVisible();
  expect(site.read(file)).toBe(before);
});

test('a redirect to a landing that is over is refused as npm run promos refuses the chain', async ({ page }) => {
  const file = 'data/promotions/zenit/ru/quiz.json';
  const before = site.read(file);
  await open(page, 'promotions/entries/zenit/ru/quiz', 'Last day');
  const redirect = page.getByLabel('When over, redirect to');
  await redirect.click();
  await redirect.pressSequentially('/zenit/ru/US-Open/');
  await page.getByRole('option', { name: '/zenit/ru/US-Open/', exact: true }).click();
  await publish(page);
  await answered(
    page.getByText('redirect chain: redirect_to /zenit/ru/US-Open/ is a landing that is over (its last day was 2021-09-12)'),
  ).toBeVisible();
  expect(site.read(file)).toBe(before);
});

test('re-weighting a running experiment under its id is refused with a new id to use', async ({ page }) => {
  const file = 'data/promotions/zenit/ru/bonus25000.json';
  const before = site.read(file);
  await open(page, 'promotions/entries/zenit/ru/bonus25000', 'Last day');
  await page.getByRole('button', { name: 'Expand' }).first().click();
  const weights = page.locator('input[id^="weight-field-"]');
  await weights.first().scrollIntoViewIfNeeded();
  await weights.first().fill('60');
  await weights.nth(1).fill('40');
  await publish(page);
  await answered(page.getByText('experiment "bonus25000-headline-1" started as control 50 · take-bonus 50')).toBeVisible();
  await answered(page.getByText('give it a new id, such as "bonus25000-headline-2"')).toBeVisible();
  expect(site.read(file)).toBe(before);
});
