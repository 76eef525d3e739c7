/**
 * The landing's events as the stand-in main site records them (its default, least answers): a visitor
 * goes through a landing's own form, and each step of the funnel arrives once, in the order the visitor
 * acted, all under the page-view id the first-screen script made for the view; nothing typed is in any
 * tracking call; the view's Core Web Vitals leave in one beacon as the page is hidden.
 */
import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SMS_RETRY_S } from '../../src/main-site/contract';
import { expect, standInCalls, test, vitalsCodeLoaded, waitForPreloaderToLift } from './fixtures';

const readText = (language: string, key: string): string =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../data/i18n/${language}.json`), 'utf8'))[key];
const ru: Record<string, string> = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

// The page's own calls, not a service worker's, are what the test reads from the page.
test.use({ serviceWorkers: 'block' });

interface Event {
  eventCode: string;
  date: string;
  detail: Record<string, string>;
}

/** The tracking events of one page view the stand-in has received, in the order the visitor acted. */
async function eventsOfView(request: Parameters<typeof standInCalls>[0], pageViewId: string): Promise<Event[]> {
  const calls = await standInCalls(request, '/ajax/kafka/log');
  return calls
    .map((call) => call.body as { action?: string; additional_data?: Event } | null)
    .filter((body) => body?.additional_data?.detail?.pageViewId === pageViewId)
    .map((body) => {
      expect(body?.action).toBe(body?.additional_data?.eventCode);
      return body!.additional_data!;
    })
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

const codesOf = (events: Event[]) => events.map((event) => event.eventCode);

/** Every tracking call the page made, as it sent it. */
function trackingRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/ajax/kafka/log') seen.push(request);
  });
  return seen;
}

test('a registration through the form: each step once, in order, under one view id; nothing typed in any event; the vitals on hide', async ({
  page,
  request,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(120_000);
  // A visitor who has not registered in this browser, whose imprint the main site has (the fingerprint stays idle).
  await page.addInitScript(() => {
    localStorage.removeItem('logged_in');
    localStorage.setItem('imprint', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
    localStorage.setItem('imprint_sent', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
  });
  // Time runs as usual; the wait before a new code may be asked for is moved past at once.
  await page.clock.install();
  const sent = trackingRequests(page);
  const typed = {
    phone: `+7900${String(Date.now()).slice(-7)}`,
    email: `quiet${Date.now()}@example.org`,
    password: 'Tr0ub4dor&3',
    // A code of the brand's own, not this landing's (ZBONUS30K).
    promoCode: 'ZCASINO20K',
    birthdate: '1987-11-23',
  };

  const vitalsCode = vitalsCodeLoaded(page);
  await page.goto('/promo/zenit/ru/bonus30000/');
  await waitForPreloaderToLift(page);
  const pageViewId = await page.evaluate(() => (window as unknown as { __promoEarly?: { pageViewId: string } }).__promoEarly?.pageViewId);
  expect(pageViewId).toMatch(/^[a-z0-9]{16,32}$/);
  const events = () => eventsOfView(request, pageViewId!);
  // The view, once the page is idle; the visitor has not turned to the form yet (the pointer that woke it is no turn).
  await expect.poll(async () => codesOf(await events()), { timeout: 15_000 }).toEqual(['view_landing']);

  // The call to sign up leads to the form and puts the focus in it.
  await page.locator('#offer a:visible').first().click();
  await expect(page.getByLabel(ru['reg.password'])).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: ru['reg.byEmail'] }).click();
  await page.getByLabel(ru['reg.email']).fill(typed.email);
  await page.getByRole('button', { name: ru['reg.byPhone'] }).click();
  await page.getByLabel(ru['reg.country']).selectOption('398');
  const currency = page.getByLabel(ru['reg.currency']);
  const otherCurrency = await currency.evaluate(
    (select: HTMLSelectElement) => [...select.options].find((option) => option.value && !option.selected)!.value,
  );
  await currency.selectOption(otherCurrency);
  await page.getByLabel(ru['reg.phone']).fill(typed.phone);
  await page.getByLabel(ru['reg.password']).fill(typed.password);
  await page.getByLabel(ru['reg.promoCode']).fill(typed.promoCode);
  await page.getByLabel(ru['reg.birthdate']).fill(typed.birthdate);
  await page.getByRole('button', { name: ru['reg.submit'] }).click();
  await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 15_000 });

  // A new code once the page allows it (the stand-in itself allows one only 30 s after the last: the event is
  // the visitor's ask, whatever the answer), a step back, the same registration again, then the code.
  await page.clock.fastForward((DEFAULT_SMS_RETRY_S + 1) * 1000);
  const resend = page.getByRole('button', { name: ru['reg.smsResend'] });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(resend).toBeDisabled();
  await page.getByRole('button', { name: ru['reg.back'] }).click();
  await page.getByRole('button', { name: ru['reg.submit'] }).click();
  await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 15_000 });
  const code: string = (await (await request.get('/__stand-in/sms')).json())[typed.phone];
  expect(code).toMatch(/^\d{4}$/);
  await page.getByLabel(ru['reg.smsCode']).fill(code);
  await page.getByRole('button', { name: ru['reg.smsConfirm'] }).click();
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible({ timeout: 15_000 });

  const funnel = [
    'view_landing',
    'reg_start',
    'entered_char_in_reg',
    'entered_email',
    'chose_country',
    'chose_currency',
    'entered_phone',
    'entered_password',
    'reg_button_enter',
    'sms_code_repeat',
    'back_step',
    'reg_button_enter',
    'sms_code_entered',
    'registration_done',
  ];
  await expect.poll(async () => codesOf(await events()), { timeout: 15_000 }).toEqual(funnel);

  // The page is hidden as the visitor leaves it: the view's speed goes then, in one beacon (its figures: below).
  await vitalsCode;
  await page.goto('/promo/');
  await expect.poll(async () => codesOf(await events()), { timeout: 15_000 }).toEqual([...funnel, 'web_vitals']);
  const all = await events();

  // Each funnel step names the landing and the method it was taken with.
  for (const event of all.slice(1, -1)) {
    expect(event.detail).toEqual({
      pageViewId,
      brand: 'zenit',
      country: 'ru',
      slug: 'bonus30000',
      category: 'sport',
      method: ['entered_char_in_reg', 'entered_email'].includes(event.eventCode) ? 'email' : 'phone',
    });
  }

  // Every tracking call the page made belongs to the view, and none holds anything the visitor typed.
  const bodies = sent.map((call) => call.postData() ?? '');
  expect(bodies.length).toBeGreaterThanOrEqual(funnel.length);
  const forbidden = [...Object.values(typed), typed.phone.slice(1)];
  for (const body of bodies) {
    const fields = new URLSearchParams(body);
    expect(fields.get('additional_data[detail][pageViewId]')).toBe(pageViewId);
    const text = [...fields].map(([name, value]) => `${name}=${value}`).join('&');
    for (const value of forbidden) expect(text).not.toContain(value);
    // Four digits may well be part of a date or a version: no field is the code.
    expect([...fields.values()]).not.toContain(code);
  }
});

test("the view's Core Web Vitals leave in one beacon as the page is hidden, with the view's id, the landing and the connection", async ({
  page,
  request,
  consoleErrors,
}) => {
  void consoleErrors;
  const vitalsCode = vitalsCodeLoaded(page);
  await page.goto('/promo/zenbet/br/bonus20000/');
  await waitForPreloaderToLift(page);
  const pageViewId = await page.evaluate(() => (window as unknown as { __promoEarly?: { pageViewId: string } }).__promoEarly?.pageViewId);
  const events = () => eventsOfView(request, pageViewId!);
  await expect.poll(async () => codesOf(await events()), { timeout: 15_000 }).toEqual(['view_landing']);
  // A call under way when the page is hidden goes again by beacon (at least once): let it be answered first.
  const regStartAnswered = page.waitForResponse(
    (response) => response.url().includes('/ajax/kafka/log') && (response.request().postData() ?? '').includes('reg_start'),
  );
  // A tap: the page has an interaction to measure, and the largest paint is settled.
  await page.locator('#offer a:visible').first().click();
  await expect(page.getByLabel(readText('br', 'reg.password'))).toBeVisible({ timeout: 15_000 });
  // Visible, the page sends none: the measures go only as it is hidden.
  await expect.poll(async () => codesOf(await events())).toEqual(['view_landing', 'reg_start']);

  await regStartAnswered;
  await vitalsCode;
  await page.goto('/promo/');
  await expect.poll(async () => codesOf(await events()), { timeout: 15_000 }).toEqual(['view_landing', 'reg_start', 'web_vitals']);
  const vitals = (await events()).at(-1)!.detail;
  // Form-encoded: each number as text; empty where the browser measured nothing.
  expect(vitals, JSON.stringify(vitals)).toEqual({
    pageViewId,
    brand: 'zenbet',
    country: 'br',
    slug: 'bonus20000',
    category: 'casino',
    lcp: expect.stringMatching(/^[1-9]\d*$/),
    inp: expect.stringMatching(/^\d*$/),
    cls: expect.stringMatching(/^\d+(\.\d+)?$/),
    fcp: expect.stringMatching(/^[1-9]\d*$/),
    ttfb: expect.stringMatching(/^\d+$/),
    effectiveType: expect.stringMatching(/^(slow-2g|2g|3g|4g)$/),
  });
  expect(Number(vitals.fcp)).toBeLessThanOrEqual(Number(vitals.lcp));
});
