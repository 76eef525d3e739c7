/**
 * In the browser: the phone and e-mail funnels of a landing's own form against a main site that is
 * not the stand-in (main-site-stub.ts, page.route only). First the barest main site: every call
 * answered 200 {"result": true} (sms/send an empty 200) and a visitor still registers, with the
 * countries and currency the page was built with. Then, per registration call, the answer shapes such a
 * main site may send, one after another on one page, each asserting what the visitor meets next (the next step, the
 * message at its field or at the form, in Russian) and that everything typed stays; the next shape is the
 * retry. Last, 4xx error bodies on an English and a Kazakh page: each message at its field, in the page's
 * language (data/i18n), input kept.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SMS_RETRY_S } from '../../src/main-site/contract';
import { NO_SERVICE_WORKER_SCRIPT, ROUTES, type RouteName, unexpectedConsoleErrors } from './fault-matrix';
import { expect, expectResendWait, test, waitForPreloaderToLift } from './fixtures';
import { BARE_SUCCESS, EMPTY_200, json, StubbedMainSite, type Answer } from './main-site-stub';

const table = (file: string) => JSON.parse(readFileSync(path.resolve(__dirname, '../../data', file), 'utf8'));
type Texts = Record<string, string>;
const LANGUAGES: Record<string, { countryId: number; phoneCode: string }> = table('languages.json').languages;
const OFFERS: Record<string, { currencyId: number }> = table('offers.json');

const fill = (t: Texts, key: string, values: Record<string, string | number> = {}) =>
  t[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

// page.route does not see what a service worker fetches.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.addInitScript(NO_SERVICE_WORKER_SCRIPT);
  // Every load is a visitor who has not registered in this browser yet (AccountProvider's LOGGED_IN_KEY:
  // one who has gets a link to the main site instead of the form), so a test may register again.
  await page.addInitScript(() => localStorage.removeItem('logged_in'));
  // A returning visitor whose fingerprint the main site has: the slowest script on the page stays idle.
  await page.addInitScript(() => {
    if (localStorage.getItem('imprint')) return;
    localStorage.setItem('imprint', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
    localStorage.setItem('imprint_sent', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
  });
  // Time runs as usual; a timeout moves the page clock past the client's 15 s, a resend wait past its seconds.
  await page.clock.install();
});

/* ------------------------------------------------------------------ the visitor and the form */

interface Landing {
  /** The page, with the query a visitor arrived with. */
  url: string;
  /** Its country segment: the i18n file, languages.json and offers.json key. */
  country: string;
  birthdate: boolean;
}

type FieldId = 'phone' | 'email' | 'password' | 'promoCode' | 'birthdate';

/** What the visitor meets after an answer. */
type Seen = { next: true } | { at: FieldId | 'form' | 'code'; key: string; values?: Record<string, number> };
const NEXT: Seen = { next: true };

const LABEL: Record<FieldId, string> = {
  phone: 'reg.phone',
  email: 'reg.email',
  password: 'reg.password',
  promoCode: 'reg.promoCode',
  birthdate: 'reg.birthdate',
};

class Visitor {
  readonly t: Texts;
  readonly typed: Partial<Record<FieldId, string>> = {};
  private phones = 0;

  constructor(
    readonly page: Page,
    readonly landing: Landing,
    readonly site: StubbedMainSite,
  ) {
    this.t = table(`i18n/${landing.country}.json`);
  }

  field(id: FieldId) {
    return this.page.getByLabel(this.t[LABEL[id]], { exact: true });
  }

  get submitButton() {
    return this.page.getByRole('button', { name: this.t['reg.submit'], exact: true });
  }

  get smsHeading() {
    return this.page.getByRole('heading', { name: this.t['reg.smsTitle'] });
  }

  get doneHeading() {
    return this.page.getByRole('heading', { name: this.t['reg.doneTitle'] });
  }

  get confirmButton() {
    return this.page.getByRole('button', { name: this.t['reg.smsConfirm'] });
  }

  get resendButton() {
    return this.page.getByRole('button', { name: this.t['reg.smsResend'] });
  }

  get codeField() {
    return this.page.getByLabel(this.t['reg.smsCode']);
  }

  /** Every message the form shows (the form's own and each field's). */
  get alerts() {
    return this.page.locator('#registration form [role="alert"]');
  }

  /** Opens the landing and its form: the country and currency are the page's own, from the build's tables. */
  async open(): Promise<void> {
    await this.page.goto(this.landing.url);
    await waitForPreloaderToLift(this.page);
    await this.page.locator('#offer a:visible').first().click();
    await expect(this.field('password')).toBeVisible({ timeout: 15_000 });
    await expect(this.page.getByLabel(this.t['reg.country'], { exact: true })).toHaveValue(
      String(LANGUAGES[this.landing.country].countryId),
    );
    await expect(this.page.getByLabel(this.t['reg.currency'], { exact: true })).toHaveValue(
      String(OFFERS[this.landing.country].currencyId),
    );
    await expect(this.field('phone')).toHaveValue(LANGUAGES[this.landing.country].phoneCode);
    this.typed.promoCode = await this.field('promoCode').inputValue();
  }

  async type(id: FieldId, value: string): Promise<void> {
    await this.field(id).fill(value);
    this.typed[id] = value;
  }

  /** A phone of the page's country no earlier attempt of this page used. */
  async typeNewPhone(): Promise<void> {
    this.phones += 1;
    await this.type('phone', `${LANGUAGES[this.landing.country].phoneCode}70012345${String(this.phones).padStart(2, '0')}`);
  }

  async typePhoneForm(): Promise<void> {
    await this.typeNewPhone();
    await this.type('password', 'secret123');
    if (this.landing.birthdate) await this.type('birthdate', '1990-05-17');
  }

  async typeEmailForm(email: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t['reg.byEmail'] }).click();
    // The phone is kept for the phone tab, which no longer shows.
    delete this.typed.phone;
    await this.type('email', email);
    await this.type('password', 'secret123');
    if (this.landing.birthdate) await this.type('birthdate', '1988-01-02');
  }

  /** Everything typed is still there, and the country and currency as they were. */
  async expectKept(): Promise<void> {
    for (const [id, value] of Object.entries(this.typed) as [FieldId, string][]) await expect(this.field(id)).toHaveValue(value);
    await expect(this.page.getByLabel(this.t['reg.country'], { exact: true })).toHaveValue(
      String(LANGUAGES[this.landing.country].countryId),
    );
    await expect(this.page.getByLabel(this.t['reg.currency'], { exact: true })).toHaveValue(
      String(OFFERS[this.landing.country].currencyId),
    );
  }

  /**
   * After a failed form step: the form is ready again and shows exactly one message, this attempt's,
   * at the field it names (tied to the field for screen readers) or at the form; what was typed stays.
   */
  async expectFormMessage(seen: Exclude<Seen, { next: true }>): Promise<void> {
    await expect(this.submitButton).toBeEnabled({ timeout: 15_000 });
    const text = fill(this.t, seen.key, seen.values);
    if (seen.at === 'form') {
      await expect(this.page.locator('#registration form .form-error')).toHaveText(text);
    } else {
      await expect(this.page.locator(`#reg-${seen.at}-error`)).toHaveText(text);
      await expect(this.field(seen.at as FieldId)).toHaveAttribute('aria-invalid', 'true');
      await expect(this.field(seen.at as FieldId)).toHaveAttribute('aria-describedby', new RegExp(`\\breg-${seen.at}-error\\b`));
    }
    await expect(this.alerts).toHaveCount(1);
    await this.expectKept();
  }

  /** The resend countdown: the seconds the answer named, or the page's default. */
  async expectResendWait(seconds: number): Promise<void> {
    await expectResendWait(this.page, this.t['reg.smsResendIn'], seconds, this.resendButton);
  }

  /** After an answer on the code step: the step is ready again, the message at the code, the code kept. */
  async expectCodeMessage(seen: Exclude<Seen, { next: true }>, code: string): Promise<void> {
    await expect(this.confirmButton).toBeEnabled({ timeout: 15_000 });
    await expect(this.page.locator('#reg-sms-error')).toHaveText(fill(this.t, seen.key, seen.values));
    await expect(this.codeField).toHaveValue(code);
  }
}

/* ------------------------------------------------------------------ the answer shapes, call by call */

const HTML_500: Answer = {
  status: 500,
  contentType: 'text/html',
  body: '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><hr>nginx</body></html>',
};
const EMPTY_502: Answer = { status: 502, body: '' };
const MALFORMED_200: Answer = { status: 200, contentType: 'application/json', body: '{"result": {"user_id": 12' };
const ERROR_IN_200 = json({ error: { code: 'service_unavailable', message: 'Registration is paused, please try later' } });

interface Shape {
  shape: string;
  answer: Answer;
  seen: Seen;
}

/** What differs per call: its 400 and 422 error bodies and where they show, and its answer with more fields than the page reads. */
interface CallShapes {
  error400: [Answer, Seen];
  error422: [Answer, Seen];
  rich: Answer;
}

/**
 * The answer shapes for one call, failures first (no two neighbours with one message, and each message
 * checked once the form is ready again, so it is the attempt's own), then the successes. On the code
 * step the messages stand at the code.
 */
function shapesOf(call: CallShapes, place: 'form' | 'code'): Shape[] {
  return [
    { shape: '500 with an HTML page', answer: HTML_500, seen: { at: place, key: 'error.server' } },
    { shape: 'a timeout', answer: 'timeout', seen: { at: place, key: 'error.timeout' } },
    { shape: '400 with an error body', answer: call.error400[0], seen: call.error400[1] },
    { shape: '200 with an error object', answer: ERROR_IN_200, seen: { at: place, key: 'error.server' } },
    { shape: '422 with an error body', answer: call.error422[0], seen: call.error422[1] },
    { shape: '502 with no body', answer: EMPTY_502, seen: { at: place, key: 'error.server' } },
    { shape: 'an empty 200 body', answer: EMPTY_200, seen: NEXT },
    { shape: '{}', answer: json({}), seen: NEXT },
    { shape: '{"result": true}', answer: BARE_SUCCESS, seen: NEXT },
    { shape: '{"result": {...}} with fields the page does not read', answer: call.rich, seen: NEXT },
    { shape: '{"success": true}', answer: json({ success: true }), seen: NEXT },
    { shape: 'malformed JSON with a 200', answer: MALFORMED_200, seen: NEXT },
  ];
}

const errorBody = (status: number, error: Record<string, unknown>) =>
  json({ error: { message: 'Refused by the main site', ...error } }, status);

const SHAPES = {
  promoCheck: {
    error400: [errorBody(400, { code: 'promo_code_invalid', field: 'promo_code' }), { at: 'promoCode', key: 'error.promo_code' }],
    error422: [errorBody(422, { code: 'promo_code_expired', field: 'promo_code' }), { at: 'promoCode', key: 'error.rejected' }],
    rich: json({ result: { valid: true, promo_id: 4711, bonus: { kind: 'freebet', amount: 30000 }, campaign: 'spring' } }),
  },
  checkPhone: {
    error400: [errorBody(400, { code: 'phone_taken', field: 'phone' }), { at: 'phone', key: 'error.phoneTaken' }],
    // The field-keyed list many frameworks send: no code, the field named.
    error422: [json({ errors: { phone: ['The number is on a block list'] } }, 422), { at: 'phone', key: 'error.rejected' }],
    rich: json({ result: { available: true, normalized: '+79007001234501', operator: 'MTS' } }),
  },
  registerV2: {
    error400: [errorBody(400, { code: 'too_young', field: 'birthdate' }), { at: 'birthdate', key: 'error.tooYoung' }],
    error422: [errorBody(422, { code: 'password_too_common', field: 'password' }), { at: 'password', key: 'error.rejected' }],
    rich: json({ result: { user_id: 100077, login: '100077', need_sms: true, bonus_account: { id: 1 } } }),
  },
  smsSend: {
    error400: [
      errorBody(400, { code: 'sms_too_often', retry_after: 30 }),
      { at: 'code', key: 'error.smsTooOften', values: { seconds: 30 } },
    ],
    error422: [errorBody(422, { code: 'sms_daily_limit' }), { at: 'code', key: 'error.server' }],
    rich: json({ result: { sent: true, retry_after: 45, channel: 'sms', masked_phone: '+7900***4501' } }),
  },
  smsCheck: {
    error400: [errorBody(400, { code: 'sms_code_invalid', field: 'code' }), { at: 'code', key: 'error.smsCode' }],
    // A code the page does not know, at the code: the code was not accepted.
    error422: [errorBody(422, { code: 'code_expired', field: 'code' }), { at: 'code', key: 'error.smsCode' }],
    rich: json({ result: { confirmed: true, user_id: 100077, redirect: '/m/' } }),
  },
  registerEmail: {
    error400: [errorBody(400, { code: 'email_taken', field: 'email' }), { at: 'email', key: 'error.emailTaken' }],
    error422: [errorBody(422, { code: 'email_domain_blocked', field: 'email' }), { at: 'email', key: 'error.rejected' }],
    rich: json({ result: { user_id: 100078, login: '100078', confirm_email: true, bonus_account: { id: 1 } } }),
  },
} satisfies Record<string, CallShapes>;

/** sms/check's successes end the funnel: one per fresh page. */
const CHECK_SUCCESSES = shapesOf(SHAPES.smsCheck, 'code').filter(({ seen }) => 'next' in seen);

/** The phone funnel's calls in spec 4's order. */
const PHONE_FUNNEL: RouteName[] = ['promoCheck', 'checkPhone', 'registerV2', 'smsSend', 'smsCheck'];

/** One submit of the phone form that succeeds: every call up to the code step. */
const UP_TO_THE_CODE: RouteName[] = ['promoCheck', 'checkPhone', 'registerV2', 'smsSend'];

/** A Russian landing with a promo code and a birth date field, for both funnels. */
const RU_PHONE: Landing = { url: '/promo/zenit/ru/bonus30000/', country: 'ru', birthdate: true };
const RU_EMAIL: Landing = { url: '/promo/zenit/ru/bonus20000/', country: 'ru', birthdate: true };

async function openStubbed(page: Page, landing: Landing): Promise<Visitor> {
  const site = await StubbedMainSite.install(page);
  const visitor = new Visitor(page, landing, site);
  await visitor.open();
  return visitor;
}

/** Types a code and confirms it; the code step must be showing. */
async function confirmCode(visitor: Visitor, code: string): Promise<void> {
  await visitor.codeField.fill(code);
  await visitor.site.expectCall('smsCheck', () => visitor.confirmButton.click());
}

/* ------------------------------------------------------------------ the bare main site */

test('a main site answering every call 200 {"result": true} (sms/send empty): phone registration through the code to done', async ({
  page,
  consoleErrors,
}) => {
  // An English landing, with the code the visitor brought.
  const visitor = await openStubbed(page, { url: '/promo/zenbet/en/freebet30/?promo_code=PROMO77', country: 'en', birthdate: false });
  const { site, t } = visitor;
  await expect(visitor.field('promoCode')).toHaveValue('PROMO77');
  await visitor.typePhoneForm();
  await site.expectCall('smsSend', () => visitor.submitButton.click());
  await expect(visitor.smsHeading).toBeVisible();
  await expect(page.locator('#reg-sms-error')).toHaveCount(0);
  // The empty 200 named no wait: the page's default before a new code may be asked for.
  await visitor.expectResendWait(DEFAULT_SMS_RETRY_S);
  await confirmCode(visitor, '4821');
  await expect(visitor.doneHeading).toBeVisible();
  await expect(page.getByText(t['reg.done'])).toBeVisible();

  expect(site.names().filter((name) => PHONE_FUNNEL.includes(name))).toEqual(PHONE_FUNNEL);
  // The countries and currency the page was built with were sent: the main site's answers gave none.
  expect(site.lastFields('registerV2')).toMatchObject({
    phone: visitor.typed.phone,
    country_id: String(LANGUAGES.en.countryId),
    currency: String(OFFERS.en.currencyId),
    password: 'secret123',
    promo_code: 'PROMO77',
  });
  expect(site.lastFields('promoCheck')).toMatchObject({ promo_code: 'PROMO77', brand: 'zenbet' });
  expect(site.lastFields('smsCheck')).toEqual({ code: '4821' });
  // The country list and the account gave nothing usable: the page went on without them, nothing thrown or logged as an error.
  expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
});

test('a main site answering every call 200 {"result": true}: e-mail registration to done', async ({ page }) => {
  const visitor = await openStubbed(page, { url: '/promo/zenbet/en/freebet30/?promo_code=PROMO77', country: 'en', birthdate: false });
  const { site, t } = visitor;
  await visitor.typeEmailForm('player@example.org');
  await site.expectCall('registerEmail', () => visitor.submitButton.click());
  await expect(visitor.doneHeading).toBeVisible();
  // The bare success said nothing of a confirmation e-mail: none is claimed.
  await expect(page.getByText(t['reg.done'])).toBeVisible();
  await expect(page.getByText('player@example.org')).toHaveCount(0);
  expect(site.names().filter((name) => PHONE_FUNNEL.includes(name) || name === 'registerEmail')).toEqual(['promoCheck', 'registerEmail']);
  expect(site.lastFields('registerEmail')).toMatchObject({
    email: 'player@example.org',
    country_id: String(LANGUAGES.en.countryId),
    currency: String(OFFERS.en.currencyId),
    promo_code: 'PROMO77',
  });
  expect(site.lastFields('registerEmail')).not.toHaveProperty('phone');
});

/* ------------------------------------------------------------------ every shape, per call */

test('phone funnel: every answer shape at promo check, check_phone, register_v2, sms/send and sms/check', async ({ page }) => {
  test.setTimeout(240_000);
  const visitor = await openStubbed(page, RU_PHONE);
  const { site } = visitor;
  await visitor.typePhoneForm();

  // The form's steps: a failure keeps the form; a success goes on to the code step, from which the
  // visitor comes back with another phone (the same one would go straight to the SMS).
  for (const name of ['promoCheck', 'checkPhone', 'registerV2'] as const) {
    for (const { shape, answer, seen } of shapesOf(SHAPES[name], 'form')) {
      await test.step(`${ROUTES[name]}: ${shape}`, async () => {
        site.answer(name, answer);
        const before = site.calls.length;
        await site.expectCall(name, () => visitor.submitButton.click());
        if ('next' in seen) {
          await expect(visitor.smsHeading).toBeVisible();
          // The funnel went on past this step through the rest of spec 4's sequence, to the code.
          expect(site.names(before).filter((called) => PHONE_FUNNEL.includes(called))).toEqual(UP_TO_THE_CODE);
          await page.getByRole('button', { name: visitor.t['reg.back'] }).click();
          await visitor.typeNewPhone();
          await visitor.expectKept();
          return;
        }
        await visitor.expectFormMessage(seen);
        // A refused promo code is not sent again: the visitor types another.
        if (seen.at === 'promoCode') await visitor.type('promoCode', `ZNEW${site.calls.length}`);
      });
    }
    site.answer(name, null);
  }

  // sms/send: the first answer comes after the account is made (the visitor lands on the code step
  // with the message), the others to "send again".
  // (The last success above left the visitor back on the form with a new phone.)
  site.answer('smsSend', HTML_500);
  await site.expectCall('smsSend', () => visitor.submitButton.click());
  await expect(visitor.smsHeading).toBeVisible();
  await visitor.expectCodeMessage({ at: 'code', key: 'error.server' }, '');
  for (const { shape, answer, seen } of shapesOf(SHAPES.smsSend, 'code').slice(1)) {
    await test.step(`${ROUTES.smsSend}: ${shape}`, async () => {
      site.answer('smsSend', answer);
      await expect(visitor.resendButton).toBeEnabled();
      await site.expectCall('smsSend', () => visitor.resendButton.click());
      const wait = 'next' in seen ? (answer === SHAPES.smsSend.rich ? 45 : DEFAULT_SMS_RETRY_S) : seen.values?.seconds;
      if ('next' in seen) {
        // A code sent: the message of the attempt before goes.
        await expect(visitor.confirmButton).toBeEnabled();
        await expect(page.locator('#reg-sms-error')).toHaveCount(0);
      } else {
        await visitor.expectCodeMessage(seen, '');
      }
      if (wait === undefined) return;
      // The wait the answer named (or the page's default), then "send again" works.
      await visitor.expectResendWait(wait);
      await page.clock.fastForward((wait + 1) * 1000);
    });
  }

  // sms/check: each failure keeps the code step and the code; the first success ends the funnel (the
  // other successes in the next test).
  const [firstSuccess] = CHECK_SUCCESSES;
  for (const { shape, answer, seen } of [...shapesOf(SHAPES.smsCheck, 'code').filter(({ seen }) => !('next' in seen)), firstSuccess]) {
    await test.step(`${ROUTES.smsCheck}: ${shape}`, async () => {
      site.answer('smsCheck', answer);
      await confirmCode(visitor, '4821');
      if ('next' in seen) await expect(visitor.doneHeading).toBeVisible();
      else await visitor.expectCodeMessage(seen, '4821');
    });
  }
});

test('phone funnel: the other 2xx shapes at sms/check end the registration too', async ({ page }) => {
  test.setTimeout(180_000);
  const site = await StubbedMainSite.install(page);
  for (const { shape, answer } of CHECK_SUCCESSES.slice(1)) {
    await test.step(`${ROUTES.smsCheck}: ${shape}`, async () => {
      site.answer('smsCheck', answer);
      const visitor = new Visitor(page, RU_PHONE, site);
      await visitor.open();
      await visitor.typePhoneForm();
      await site.expectCall('smsSend', () => visitor.submitButton.click());
      await expect(visitor.smsHeading).toBeVisible();
      await confirmCode(visitor, '4821');
      await expect(visitor.doneHeading).toBeVisible();
    });
  }
});

test('e-mail funnel: every answer shape at register_email', async ({ page }) => {
  test.setTimeout(240_000);
  const site = await StubbedMainSite.install(page);
  let visitor = new Visitor(page, RU_EMAIL, site);
  await visitor.open();
  let email = 'first@example.org';
  await visitor.typeEmailForm(email);
  const shapes = shapesOf(SHAPES.registerEmail, 'form');
  for (const [index, { shape, answer, seen }] of shapes.entries()) {
    await test.step(`${ROUTES.registerEmail}: ${shape}`, async () => {
      site.answer('registerEmail', answer);
      await site.expectCall('registerEmail', () => visitor.submitButton.click());
      if (!('next' in seen)) {
        await visitor.expectFormMessage(seen);
        return;
      }
      await expect(visitor.doneHeading).toBeVisible();
      // The confirmation notice only when the answer says an e-mail went out (confirm_email: true).
      if (answer === SHAPES.registerEmail.rich) await expect(page.getByText(fill(visitor.t, 'reg.doneEmail', { email }))).toBeVisible();
      else await expect(page.getByText(visitor.t['reg.done'])).toBeVisible();
      expect(site.lastFields('registerEmail')).toMatchObject({ email, password: 'secret123' });
      // Done is the end of the funnel: the next shape starts over on a fresh page.
      if (index === shapes.length - 1) return;
      visitor = new Visitor(page, RU_EMAIL, site);
      await visitor.open();
      email = `player${site.calls.length}@example.org`;
      await visitor.typeEmailForm(email);
    });
  }
});

/* ------------------------------------------------------------------ 4xx at its field, in the page's language */

/** The Kazakh page asks for a birth date; the English one does not. */
const LANGUAGE_PAGES: Landing[] = [
  { url: '/promo/zenbet/en/freebet30/?promo_code=PROMO77', country: 'en', birthdate: false },
  { url: '/promo/zenit/kz/bonus30000/', country: 'kz', birthdate: true },
];

for (const landing of LANGUAGE_PAGES) {
  test(`${landing.country} page: each 4xx error body shows at its field in the page's language, with input kept`, async ({ page }) => {
    test.setTimeout(120_000);
    const visitor = await openStubbed(page, landing);
    const { site } = visitor;
    await visitor.typePhoneForm();
    const attempt = async (name: RouteName, answer: Answer, seen: Exclude<Seen, { next: true }>) => {
      site.answer(name, answer);
      await site.expectCall(name, () => visitor.submitButton.click());
      await visitor.expectFormMessage(seen);
      site.answer(name, null);
    };

    await attempt('promoCheck', errorBody(400, { code: 'promo_code_invalid', field: 'promo_code' }), {
      at: 'promoCode',
      key: 'error.promo_code',
    });
    await visitor.type('promoCode', 'OTHER5');
    await attempt('checkPhone', errorBody(409, { code: 'phone_taken', field: 'phone' }), { at: 'phone', key: 'error.phoneTaken' });
    // A code the page does not know, naming a field: "not accepted" at that field.
    await attempt('registerV2', errorBody(422, { code: 'password_too_common', field: 'password' }), {
      at: 'password',
      key: 'error.rejected',
    });
    // The age is refused at the birth date where the page asks for it, at the form where it does not.
    await attempt(
      'registerV2',
      errorBody(422, { code: 'too_young', field: 'birthdate' }),
      landing.birthdate ? { at: 'birthdate', key: 'error.tooYoung' } : { at: 'form', key: 'error.tooYoung' },
    );

    await visitor.typeEmailForm('taken@example.org');
    await attempt('registerEmail', errorBody(409, { code: 'email_taken', field: 'email' }), { at: 'email', key: 'error.emailTaken' });
    await attempt('registerEmail', json({ errors: { email: ['This domain is not accepted'] } }, 400), {
      at: 'email',
      key: 'error.rejected',
    });
  });
}
