/**
 * The visitor's consent (docs/landings.md, "Tracking and consent") on landings of an opt-in market (de), an
 * opt-out one (ru) and one that asks nothing (ir), in Chromium and Firefox (axe and 200 % text with the
 * choice open: consent-axe.once.spec.ts), as a visitor with no choice made yet (the other tests' visitors
 * have accepted: playwright.config.ts). Every request a page makes is recorded; the fixture aborts those
 * to other hosts. The tag manager and the counter are not in this
 * build (no ids): tests/built/third-parties-csp.test.ts shows them waiting for the choice.
 */
import type { APIRequestContext, Page, Request, TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, landingViews, standInCalls, test, typeInto, waitForPreloaderToLift } from './fixtures';

const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../data/i18n/${language}.json`), 'utf8'));
const de = texts('de');
const ru = texts('ru');

test.use({ storageState: { cookies: [], origins: [] } });
// The fixture keeps every other host out (aborted, and still seen by recordRequests) for each test here.
test.beforeEach(({ consoleErrors }) => void consoleErrors);

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

/** A partner id of this test's own, so the stand-in's record tells its view apart (fixtures.ts landingViews). */
const partnerOf = (testInfo: TestInfo, name: string) =>
  `${name}${testInfo.project.name}${Date.now().toString(36)}`.replace(/[^a-z0-9]/g, '');

/** The view the main site received for this partner (the stand-in's record: what the wire delivered). */
const viewArrives = (request: APIRequestContext, partner: string) =>
  expect.poll(() => landingViews(request, partner), { timeout: 60_000 }).toBe(1);

test('an opt-in market before a choice: nothing tracked, stored or asked of another host, and a visitor still registers; accept starts it all', async ({
  page,
  request,
}, testInfo) => {
  // A whole registration, then the imprint, which starts well after load (src/tracking/imprint.ts).
  test.slow();
  const partner = partnerOf(testInfo, 'optin');
  const requests = recordRequests(page);
  await page.goto(`/promo/zenit/de/bonus20000/?zpartner_uid=${partner}&promo_code=ZCASINO`);
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

  // Nothing was tracked up to the accept, which closes the window: the view arrives only after it.
  expect(trackingActions(requests)).toEqual([]);
  expect(await landingViews(request, partner)).toBe(0);
  await page.getByRole('button', { name: de['consent.accept'] }).click();
  await viewArrives(request, partner);
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  expect(offSite(requests)).toEqual([]);
  const choices = (await standInCalls(request, '/ajax/kafka/log')).filter((call) => call.body?.action === 'consent_choice');
  expect(choices.length).toBeGreaterThan(0);
  expect(JSON.stringify(choices)).not.toMatch(/pageViewId|partnerUid|optin/);
  // Then the imprint, and the partner's parameters kept.
  await expect.poll(() => imprints(requests).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const after = await stored(page);
  expect(after.keys).toEqual(expect.arrayContaining(['promo_code', 'zpartner_uid', 'imprint']));
  expect(after.cookies).toContain('promo_consent');
});

test('an opt-in market: refused stays refused on the next visit, and the footer link changes the choice', async ({
  page,
  request,
}, testInfo) => {
  const partner = partnerOf(testInfo, 'refuse');
  const requests = recordRequests(page);
  await page.goto(`/promo/zenit/de/bonus20000/?zpartner_uid=${partner}`);
  await page.getByRole('button', { name: de['consent.refuse'] }).click();
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  expect((await stored(page)).cookies).toEqual(['promo_consent']);

  await page.reload();
  await waitForPreloaderToLift(page);
  await expect(sheet(page, de['consent.title'])).toBeHidden();
  // From the keyboard, as the footer's link is reached by Tab.
  await page.getByRole('button', { name: de['consent.settings'] }).press('Enter');
  await expect(sheet(page, de['consent.title'])).toBeFocused({ timeout: 15_000 });
  // The link's tap is the event that closes the window of the refused visit: nothing went before it.
  const reloaded = requests.findLastIndex((each) => each.isNavigationRequest());
  expect(trackingActions(requests.slice(reloaded))).toEqual([]);
  expect(imprints(requests.slice(reloaded))).toEqual([]);
  expect(offSite(requests)).toEqual([]);
  expect((await stored(page)).keys).toEqual([]);
  expect(await landingViews(request, partner)).toBe(0);

  await page.getByRole('button', { name: de['consent.accept'] }).click();
  await viewArrives(request, partner);
});

test('withdrawing from the footer stops the tracking, removes what it stored and loads the page without it', async ({
  page,
  request,
}, testInfo) => {
  const partner = partnerOf(testInfo, 'withdraw');
  await page.goto(`/promo/zenit/de/bonus20000/?zpartner_uid=${partner}`);
  await page.getByRole('button', { name: de['consent.accept'] }).click();
  await viewArrives(request, partner);
  await expect.poll(async () => (await stored(page)).keys).toContain('zpartner_uid');

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: de['consent.settings'] }).press('Enter');
  await page.getByRole('button', { name: de['consent.refuse'] }).click();
  await reloaded;
  const requests = recordRequests(page);
  await waitForPreloaderToLift(page);
  const left = await stored(page);
  expect(left.keys.filter((key) => ['zpartner_uid', 'promo_code', 'imprint', 'imprint_sent'].includes(key))).toEqual([]);
  expect(left.cookies).toEqual(['promo_consent']);
  // A second look at the choice closes the window of the reloaded page.
  await page.getByRole('button', { name: de['consent.settings'] }).press('Enter');
  await expect(sheet(page, de['consent.title'])).toBeVisible();
  expect(trackingActions(requests)).toEqual([]);
  expect(await landingViews(request, partner)).toBe(1);
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

test('an opt-out market: the notice with its refusal, tracking until refused, nothing after', async ({ page, request }, testInfo) => {
  const partner = partnerOf(testInfo, 'optout');
  await page.goto(`/promo/zenit/ru/bonus20000/?zpartner_uid=${partner}`);
  await expect(page.getByText(ru['consent.optOut'])).toBeVisible();
  await viewArrives(request, partner);
  await page.getByRole('button', { name: ru['consent.refuse'] }).click();
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`))
    .toContain('promo_consent=refuse');
  await page.reload();
  // From the reloaded page's load on: the refusal's own event, still on its way, is not this visit's.
  const requests = recordRequests(page);
  await waitForPreloaderToLift(page);
  await page.getByRole('button', { name: ru['consent.settings'] }).press('Enter');
  await expect(sheet(page, ru['consent.title'])).toBeVisible();
  expect(trackingActions(requests)).toEqual([]);
  expect(await landingViews(request, partner)).toBe(1);
});

test('an Arabic page (opt-out) shows the choice in Arabic, right to left', async ({ page }) => {
  const ae = texts('ae');
  await page.goto('/promo/zenbet/ae/bonus30000/');
  const region = sheet(page, ae['consent.title']);
  await expect(region).toBeVisible();
  await expect(region.getByRole('button', { name: ae['consent.accept'] })).toBeVisible();
  expect(await region.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
});

test('a market that asks nothing: no choice, no footer link, tracking as before', async ({ page, request }, testInfo) => {
  const ir = texts('ir');
  const partner = partnerOf(testInfo, 'none');
  await page.goto(`/promo/zenbet/ir/bonus20000/?zpartner_uid=${partner}`);
  await viewArrives(request, partner);
  await expect(page.locator('#promo-consent')).toHaveCount(0);
  await expect(page.getByRole('button', { name: ir['consent.settings'] })).toHaveCount(0);
});
