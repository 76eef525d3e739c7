/**
 * A visitor who acts before the form's code has come: a submit (often one tap after autofill) is held and
 * sent by the form once alive, without leaving the page; keys typed while the form comes alive all stay,
 * the caret where the visitor left it. Only code that never comes takes the visitor to the main site,
 * and then with a notice.
 */
import type { Page, Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HELD_SUBMIT_LIMIT_MS } from '../../src/early/held-submit';
import { expect, standInCalls, test } from './fixtures';

const texts = (language: string) => JSON.parse(readFileSync(path.resolve(__dirname, `../../data/i18n/${language}.json`), 'utf8'));
const ru = texts('ru');
const LANDING = '/promo/zenit/ru/bonus20000/';
const SCRIPT_FILES = /\/promo\/.*\.js(\?|$)/;

const uniquePhone = () => `+7900${String(Date.now()).slice(-7)}`;

/** Holds every script file of the site until `release()`: the page has its HTML and inline scripts only. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(SCRIPT_FILES, async (route) => {
    if (released) await route.continue();
    else waiting.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(waiting.splice(0).map((route) => route.continue()));
  };
}

/** Autofill: every field filled at once, as a phone's keyboard suggestion does, then one tap on the button. */
async function autofillAndRegister(page: Page, phone: string, password: string) {
  await page.getByLabel(ru['reg.phone']).fill(phone);
  await page.getByLabel(ru['reg.password']).fill(password);
  await page.getByLabel(ru['reg.birthdate']).fill('1990-05-17');
  await page.getByRole('button', { name: ru['reg.submit'], exact: true }).click();
}

async function registeredPhones(page: Page): Promise<unknown[]> {
  return (await standInCalls(page.request, '/ajax/registration/register_v2')).map((call) => call.body?.phone);
}

test('a submit before any script has come is held, says it is working, and registers in the page once the code comes', async ({
  page,
  consoleErrors,
}) => {
  const phone = uniquePhone();
  const release = await holdScripts(page);
  await page.goto(LANDING, { waitUntil: 'commit' });
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  // Every document the page asks for from the submit on: a submit that got through would ask for the main site's.
  const left: string[] = [];
  page.on('request', (sent) => {
    if (sent.isNavigationRequest() && sent.frame() === page.mainFrame()) left.push(sent.url());
  });
  await autofillAndRegister(page, phone, 'secret-held-1');

  await expect(page.getByRole('status').filter({ hasText: ru['reg.submitting'] })).toBeVisible();
  // Held while the code is away: the page marks it so, and the scripts are still kept back.
  await expect(page.locator('html')).toHaveAttribute('data-registration-held', '');
  expect(new URL(page.url()).pathname).toBe(LANDING);

  await release();
  await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 15_000 });
  // The window is the submit to the registration done in the page: no document was asked for in it.
  expect(left).toEqual([]);
  expect(new URL(page.url()).pathname).toBe(LANDING);
  expect(await registeredPhones(page)).toContain(phone);
  await expect(page.locator('#registration-held')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('through a slow code fetch, a submit at once after the fields show registers without leaving the page', async ({ page }) => {
  const phone = uniquePhone();
  // The code comes just after the submit: held until the tap, then let go, rather than a fixed delay
  // that a busy machine would stretch past the page's limit for a held submit.
  const release = await holdScripts(page);
  await page.goto(LANDING, { waitUntil: 'commit' });
  await expect(page.getByLabel(ru['reg.password'])).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  await autofillAndRegister(page, phone, 'secret-held-2');
  await release();
  await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe(LANDING);
  expect(await registeredPhones(page)).toContain(phone);
});

test('when the code never comes, a notice says the visitor goes to the main site, which gets the promo code and never the password', async ({
  page,
}) => {
  await holdScripts(page);
  // The page's clock, so the held submit's limit passes when the test says, not after real seconds.
  await page.clock.install();
  await page.goto(LANDING, { waitUntil: 'commit' });
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  await autofillAndRegister(page, '+79001112244', 'secret-held-3');
  await expect(page.locator('html')).toHaveAttribute('data-registration-held', '');
  await page.clock.runFor(HELD_SUBMIT_LIMIT_MS);
  await expect(page.getByRole('status').filter({ hasText: ru['reg.heldLeaving'] })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(LANDING);
  await page.waitForURL(/\/m\/registration\/phone\?/, { timeout: 10_000 });
  const url = new URL(page.url());
  expect(url.searchParams.get('promo_code')).toBe('ZBONUS20K');
  expect(page.url()).not.toContain('secret-held-3');
  expect(page.url()).not.toContain('79001112244');
});

const LANDINGS = [
  { url: '/promo/zenbet/br/bonus35000_betgold/', language: 'br', code: '+55' },
  { url: '/promo/cupis/ru/freebet30/', language: 'ru', code: '+7' },
  { url: '/promo/zenit/ru/bonus25000/', language: 'ru', code: '+7' },
];

for (const { url, language, code } of LANDINGS) {
  test(`every key typed while the form comes alive stays, the caret at its end: ${url}`, async ({ page, browserName }) => {
    if (browserName === 'chromium') {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.goto(url);
    await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 15_000 });
    const field = page.getByLabel(texts(language)['reg.phone']);
    await field.click();
    await page.keyboard.press('End');
    // The first key lands as the tap wakes the form: its code, then its hydration, come during the typing.
    await page.keyboard.type('9161234567', { delay: 60 });
    await expect(page.locator('[data-island="registration"]')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await expect(field).toHaveValue(`${code}9161234567`);
    expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart === input.value.length)).toBe(true);
  });
}
