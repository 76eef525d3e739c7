/**
 * A marketer launches in the editor (/__admin/launch), on a copy of the tree: a new promotion in two
 * countries with a first day tomorrow, which answers as an expired landing does today and is live in
 * a build made tomorrow; then that landing duplicated onto three countries. Every file each save writes
 * passes the build's rules, and a launch the build refuses writes nothing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { answered, useEditorSite } from './editor-site-fixture';
import { gatsbyBuild } from '../../lib/site-copy';
import { operatorDay } from '../../src/domain/expiry';
import { checkSite, formatProblem } from '../../tables/load';

// Two rebuilds after the saves and one build as of tomorrow: on a busy machine each takes minutes.
test.describe.configure({ mode: 'serial', timeout: 1_200_000 });
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const DAY_MS = 86_400_000;
const TODAY = operatorDay(Date.now());
const TOMORROW = operatorDay(Date.now() + DAY_MS);
const LAST_DAY = operatorDay(Date.now() + 90 * DAY_MS);
const KZ_HEADLINE = 'Қысқы бонус {amount} дейін';

const site = useEditorSite({}, 180_000);

/** Every file of data/ by its SHA-256: what a refused launch must leave as it was. */
function dataHashes(): Record<string, string> {
  const root = path.join(site.dir, 'data');
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(root, file)).isFile());
  return Object.fromEntries(
    files.sort().map((file) => [
      file,
      createHash('sha256')
        .update(fs.readFileSync(path.join(root, file)))
        .digest('hex'),
    ]),
  );
}

/** The build's verdict on the copy's tables as they are now (the same check `npm run build` stops on). */
const buildProblems = () => checkSite(path.join(site.dir, 'data'), Date.now()).problems.map(formatProblem);

/** Resolves when the stand-in's rebuild after the saves has finished: `done` builds counted, none running. */
async function rebuilt(page: Page, done: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = (await (await page.request.get(`${site.url}/__admin/rebuild`)).json()) as { state: string; generation: number };
        return status.state !== 'rebuilding' && status.generation >= done ? status.state : 'waiting';
      },
      { timeout: 900_000, intervals: [2_000] },
    )
    .toBe('idle');
}

async function openLaunch(page: Page): Promise<void> {
  await page.goto(`${site.url}/__admin/`);
  await page.getByRole('link', { name: 'Launch a promotion' }).click();
  await expect(page.getByRole('heading', { name: 'Launch a promotion' })).toBeVisible();
  await expect(page.locator('form[data-ready="true"]')).toBeAttached();
}

const country = (page: Page, code: string) => page.getByRole('checkbox', { name: new RegExp(`^${code} — `) });
const amount = (page: Page, code: string) => page.getByLabel(new RegExp(`^Amount in ${code} `));
const answer = (page: Page) => page.getByRole('status');

test('a new promotion in two countries with a first day tomorrow: one save, expired today, live tomorrow', async ({ page }) => {
  const before = buildProblems();
  await openLaunch(page);
  await page.getByRole('textbox', { name: 'Slug' }).fill('winter50');
  await page.getByLabel('Offer family').selectOption('sportBonus');
  await page.getByLabel('New promo key').fill('winter50');
  for (const [brand, prefix, id] of [
    ['zenit', 'Z', '1101'],
    ['zenbet', 'ZB', '2101'],
    ['cupis', 'ZR', '3101'],
  ]) {
    await page.getByLabel(`${brand} promo code`).fill(`${prefix}WINTER50`);
    await page.getByLabel(`${brand} promo id`).fill(id);
  }
  await page.getByRole('checkbox', { name: 'zenit', exact: true }).check();
  await country(page, 'ru').check();
  await country(page, 'kz').check();
  await amount(page, 'ru').fill('50000');
  await amount(page, 'kz').fill('250000');
  await page.getByLabel('First day').fill(TOMORROW);
  await page.getByLabel('Last day').fill(LAST_DAY);
  await page.getByLabel('kz offer.sportBonus.title').fill(KZ_HEADLINE);

  const unchecked = dataHashes();
  await page.getByRole('button', { name: 'Check' }).click();
  await answered(answer(page)).toContainText('The build accepts this launch. It adds 2 landings: zenit/kz/winter50, zenit/ru/winter50.');
  expect(dataHashes()).toEqual(unchecked);

  await page.getByRole('button', { name: 'Launch' }).click();
  await answered(answer(page)).toContainText('Launched 2 landings: zenit/kz/winter50, zenit/ru/winter50.');
  expect(JSON.parse(site.read('data/promotions/zenit/ru/winter50.json'))).toEqual({
    brand: 'zenit',
    country: 'ru',
    slug: 'winter50',
    first_day: TOMORROW,
    date: LAST_DAY,
  });
  expect(JSON.parse(site.read('data/i18n/kz.json'))['offer.sportBonus.title']).toBe(KZ_HEADLINE);
  expect(buildProblems()).toEqual(before);

  // Today the rebuilt site answers the new addresses as it answers an expired landing's: on to freebet30.
  await rebuilt(page, 1);
  const today = await page.request.get(`${site.url}/promo/zenit/ru/winter50/`, { maxRedirects: 0 });
  expect(today.status(), `as of ${TODAY}`).toBe(302);
  expect(today.headers().location).toMatch(/^\/promo\/zenit\/ru\/freebet30\/$/);
  await page.goto(`${site.url}/promo/zenit/kz/winter50/`);
  await expect(page).toHaveURL(`${site.url}/promo/zenit/kz/freebet30/`);
});

test('the landing duplicated onto three countries; a duplicate the build refuses writes nothing', async ({ page }) => {
  const before = buildProblems();
  await openLaunch(page);
  await page.getByLabel('Duplicate a landing onto other countries').check();
  await page.getByRole('combobox', { name: /^Landing/ }).selectOption('zenit/ru/winter50');
  await page.getByRole('checkbox', { name: 'zenit', exact: true }).check();

  // Mexico without its amount: the build's words, and not a byte changed.
  const untouched = dataHashes();
  await country(page, 'mx').check();
  await page.getByRole('button', { name: 'Launch' }).click();
  await answered(answer(page)).toContainText('Not launched:');
  await expect(answer(page)).toContainText('mx/amounts: no amount for winter50');
  expect(dataHashes()).toEqual(untouched);
  await country(page, 'mx').uncheck();

  for (const [code, value] of [
    ['de', '500'],
    ['fr', '500'],
    ['tr', '20000'],
  ]) {
    await country(page, code).check();
    await amount(page, code).fill(value);
  }
  await page.getByRole('button', { name: 'Launch' }).click();
  await answered(answer(page)).toContainText('Launched 3 landings: zenit/de/winter50, zenit/fr/winter50, zenit/tr/winter50.');
  for (const code of ['de', 'fr', 'tr']) {
    expect(JSON.parse(site.read(`data/promotions/zenit/${code}/winter50.json`))).toEqual({
      brand: 'zenit',
      country: code,
      slug: 'winter50',
      first_day: TOMORROW,
      date: LAST_DAY,
    });
  }
  expect(JSON.parse(site.read('data/slugs.json')).winter50.countries).toEqual(['kz', 'ru', 'de', 'fr', 'tr']);
  expect(buildProblems()).toEqual(before);
  await rebuilt(page, 2);
  const today = await page.request.get(`${site.url}/promo/zenit/tr/winter50/`, { maxRedirects: 0 });
  expect(today.status()).toBe(302);
});

test('built as of tomorrow, the launched landings are live, with the launch’s texts', async ({ page }) => {
  process.env.BUILD_DATE = TOMORROW;
  try {
    const build = await gatsbyBuild(site.dir, path.join(site.dir, '.cache', 'tomorrow-build.log'));
    expect(build.exitCode, build.tail).toBe(0);
  } finally {
    delete process.env.BUILD_DATE;
  }
  // The page judges the first day by the visitor's clock too: it is tomorrow for this visitor as well.
  await page.clock.install({ time: new Date(`${TOMORROW}T12:00:00+03:00`) });
  for (const code of ['ru', 'de', 'tr']) {
    const live = await page.request.get(`${site.url}/promo/zenit/${code}/winter50/`, { maxRedirects: 0 });
    expect(live.status(), code).toBe(200);
  }
  await page.goto(`${site.url}/promo/zenit/kz/winter50/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Қысқы бонус');
  await expect(page).toHaveURL(`${site.url}/promo/zenit/kz/winter50/`);
});
