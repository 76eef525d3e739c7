/**
 * The visitor's consent (docs/landings.md, "Tracking and consent") on landings of an opt-in market (de), an
 * opt-out one (ru) and one that asks nothing (ir), in Chromium and Firefox, as a visitor with no choice
 * made yet (the other tests' visitors have accepted: playwright.config.ts). Every request a page makes is
 * recorded; the fixture aborts those to other hosts. The tag manager and the counter are not in this
 * build (no ids): tests/built/third-parties-csp.test.ts shows them waiting for the choice.
 */
import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, seriousA11yViolations, standInCalls, test, typeInto, waitForPreloaderToLift } from './fixtures';

const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../data/i18n/${language}.json`), 'utf8'));
const de = texts('de');
const ru = texts('ru');

test.use({ storageState: { cookies: [], origins: [] } });

/** Every request the page makes, in order, aborted or not. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const offSite = (requests: Request[]) =>
  requests.map((request) => request.url()).filter((url) => !/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url) && !url.startsWith('data:'));
const trackingActions = (requests: Request[]) =>
  requests
    .filter((request) => new URL(request.url()).pathname === '/ajax/kafka/log')
    .map((request) => new URLSearchParams(request.postData() ?? '').get('action'));
const imprints = (requests: Request[]) => requests.filter((request) => new URL(request.url()).pathname === '/ajax/cookie/imprint');

const sheet = (page: Page, title: string) => page.getByRole('region', { name: title });

/**
 * The names of the cookies and localStorage keys the page holds. Gatsby's own scroll positions in
 * sessionStorage (`@@scroll|…`, gone with the tab, naming no one) are not tracking and stay out of this.
 */
async function stored(page: Page) {
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  return { cookies, keys };
}

const viewSent = (page: Page) =>
  page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/ajax/kafka/log' && (request.postData() ?? '').includes('action=view_landing'),
    { timeout: 30_000 },
  );

test('an opt-in market before a choice: nothing tracked, stored or asked of another host, and a visitor still registers; accept starts it all', async ({
  page,
  request,
}) => {
  const requests = recordRequests(page);
  await page.goto('/promo/zenit/de/bonus20000/?zpartner_uid=consent1&promo_code=ZCASINO');
  await expect(sheet(page, de['consent.title'])).toBeVisible();
  await expect(page.getByText(de['consent.optIn'])).toBeVisible();
  await waitForPreloaderToLift(page);

  // The form: opened from the offer, by e-mail, with the partner's code from the address.
  await page.locator('#offer a:visible').first().click();
  await page.getByRole('button', { name: de['reg.byEmail'] }).click();
  const email = `consent${Date.now()}@example.org`;
  await typeInto(page.getByLabel(de['reg.email']), email);
  await typeInto(page.getByLabel(de['reg.password']), 'secret123');
  const birthdate = page.getByLabel(de['reg.birthdate']);
  if ((await birthdate.count()) > 0) await typeInto(birthdate, '02.01.1988');
  await expect(page.getByLabel(de['reg.promoCode'])).toHaveValue('ZCASINO');
  await page.getByRole('button', { name: de['reg.submit'] }).click();
  await expect(page.getByRole('heading', { name: de['reg.doneTitle'] })).toBeVisible({ timeout: 15_000 });
  const registered = (await standInCalls(request, '/ajax/registration/register_email')).filter((call) => call.body?.email === email);
  expect(registered.map((call) => call.body?.promo_code)).toEqual(['ZCASINO']);

  // Registered: the main site's own session cookies are the only ones, and the page stored nothing.
  const before = await stored(page);
  expect(before.keys).toEqual([]);
  expect(before.cookies).not.toEqual(expect.arrayContaining(['promo_vid']));
  expect(before.cookies.filter((name) => /^(promo_|imprint|_ga|_ym)/.test(name))).toEqual([]);

  // The accept closes the window: its own event is the first tracking request the page ever made.
  const view = viewSent(page);
  await page.getByRole('button', { name: de['consent.accept'] }).click();
  await view;
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  expect(offSite(requests)).toEqual([]);
  expect(trackingActions(requests).slice(0, 2)).toEqual(['consent_choice', 'view_landing']);
  const choice = requests.find((each) => (each.postData() ?? '').includes('action=consent_choice'))!;
  expect(decodeURIComponent(choice.postData()!)).not.toMatch(/consent1|pageViewId|imprintHash\]=\w/);
  expect(await choice.headerValue('cookie')).toBeNull();
  // Then the imprint, and the partner's parameters kept.
  await expect.poll(() => imprints(requests).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const after = await stored(page);
  expect(after.keys).toEqual(expect.arrayContaining(['promo_code', 'zpartner_uid', 'imprint']));
  expect(after.cookies).toContain('promo_consent');
});

test('an opt-in market: refused stays refused on the next visit, and the footer link changes the choice', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/promo/zenit/de/bonus20000/');
  await page.getByRole('button', { name: de['consent.refuse'] }).click();
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  expect((await stored(page)).cookies).toEqual(['promo_consent']);

  await page.reload();
  await waitForPreloaderToLift(page);
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  const link = page.getByRole('button', { name: de['consent.settings'] });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(sheet(page, de['consent.title'])).toBeFocused();
  // The link's tap is the event that closes the window of the refused visit: nothing went before it.
  const reloaded = requests.findLastIndex((each) => each.isNavigationRequest());
  expect(trackingActions(requests.slice(reloaded))).toEqual([]);
  expect(imprints(requests.slice(reloaded))).toEqual([]);
  expect(offSite(requests)).toEqual([]);
  expect((await stored(page)).keys).toEqual([]);

  const view = viewSent(page);
  await page.getByRole('button', { name: de['consent.accept'] }).click();
  await view;
  expect(trackingActions(requests.slice(reloaded))).toEqual(['consent_choice', 'view_landing']);
});

test('withdrawing from the footer stops the tracking, removes what it stored and loads the page without it', async ({ page }) => {
  await page.goto('/promo/zenit/de/bonus20000/?zpartner_uid=consent2');
  const view = viewSent(page);
  await page.getByRole('button', { name: de['consent.accept'] }).click();
  await view;
  await expect.poll(async () => (await stored(page)).keys).toContain('zpartner_uid');

  const reloaded = page.waitForEvent('load');
  const link = page.getByRole('button', { name: de['consent.settings'] });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await page.getByRole('button', { name: de['consent.refuse'] }).click();
  await reloaded;
  const requests = recordRequests(page);
  await waitForPreloaderToLift(page);
  const left = await stored(page);
  expect(left.keys.filter((key) => ['zpartner_uid', 'promo_code', 'imprint', 'imprint_sent'].includes(key))).toEqual([]);
  expect(left.cookies).toEqual(['promo_consent']);
  // A second look at the choice closes the window of the reloaded page.
  await page.getByRole('button', { name: de['consent.settings'] }).click();
  await expect(sheet(page, de['consent.title'])).toBeVisible();
  expect(trackingActions(requests)).toEqual([]);
});

test('the choice open: axe finds nothing serious, and both choices are as prominent as each other', async ({ page }) => {
  await page.goto('/promo/zenit/de/bonus20000/');
  await waitForPreloaderToLift(page);
  await expect(sheet(page, de['consent.title'])).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const accept = await page.getByRole('button', { name: de['consent.accept'] }).boundingBox();
  const refuse = await page.getByRole('button', { name: de['consent.refuse'] }).boundingBox();
  expect([refuse!.width, refuse!.height, refuse!.y]).toEqual([accept!.width, accept!.height, accept!.y]);
});

test('keyboard: Tab reaches the choice first, and Enter on refuse makes it', async ({ page }) => {
  await page.goto('/promo/zenit/de/bonus20000/');
  await waitForPreloaderToLift(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: de['consent.accept'] })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: de['consent.refuse'] })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  expect((await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`)).toEqual(['promo_consent=refuse']);
});

test('an opt-out market: the notice with its refusal, tracking until refused, nothing after', async ({ page }) => {
  const requests = recordRequests(page);
  const view = viewSent(page);
  await page.goto('/promo/zenit/ru/bonus20000/');
  await expect(page.getByText(ru['consent.optOut'])).toBeVisible();
  await view;
  await page.getByRole('button', { name: ru['consent.refuse'] }).click();
  await page.reload();
  await waitForPreloaderToLift(page);
  const visit = requests.slice(requests.findLastIndex((each) => each.isNavigationRequest()));
  await page.getByRole('button', { name: ru['consent.settings'] }).click();
  await expect(sheet(page, ru['consent.title'])).toBeVisible();
  expect(trackingActions(visit)).toEqual([]);
});

test('an Arabic page (opt-out) shows the choice in Arabic, right to left', async ({ page }) => {
  const ae = texts('ae');
  await page.goto('/promo/zenbet/ae/bonus30000/');
  const region = sheet(page, ae['consent.title']);
  await expect(region).toBeVisible();
  await expect(region.getByRole('button', { name: ae['consent.accept'] })).toBeVisible();
  expect(await region.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
});

test('a market that asks nothing: no choice, no footer link, tracking as before', async ({ page }) => {
  const ir = texts('ir');
  const view = viewSent(page);
  await page.goto('/promo/zenbet/ir/bonus20000/');
  await view;
  await expect(page.locator('#promo-consent')).toHaveCount(0);
  await expect(page.getByRole('button', { name: ir['consent.settings'] })).toHaveCount(0);
});
