/**
 * Promo check and registration (spec 4's sequence up to the SMS step): what the form sends, the bare
 * success that lets the visitor go on, and the refusals the form places at a field.
 */
import type { PactV3 } from '@pact-foundation/pact/src/v3';
import { CALLS } from '../../../src/main-site/contract';
import {
  checkPhone,
  checkPromoCode,
  registerByEmail,
  registerByPhone,
  type RegistrationForm,
} from '../../../src/features/registration/calls/registration';
import { failureOf } from '../../../src/features/registration/failures';
import { STATE } from '../../../server/stand-in/pact-states';
import { againstMock, BARE_SUCCESS, field, multipartRequest, refusal, withMultipart, type Field } from '../pact-helpers';

/** Spec 5: + and digits, up to 18 characters. */
const PHONE = '^(\\+\\d{1,17}|\\d{1,18})$';
const ID = '^\\d+$';
/** Spec 5: 6 to 30 characters, not starting with a dot or whitespace. */
const PASSWORD = '^[^.\\s].{5,29}$';
/** Spec 5: letters and digits of any script. */
const PROMO_CODE = '^[\\p{L}\\p{N}]+$';
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const EMAIL = '^[^\\s@]+@[^\\s@]+$';
const TOKEN = '^\\S+$';

const CAPTCHA_TOKEN = 'pact-captcha-token';
const PROMO = { promo_code: 'ZBBONUS20K', brand: 'zenbet' };

const captcha: Record<string, Field> = {
  recaptcha: field(CAPTCHA_TOKEN, TOKEN),
  captcha_state: field('0'),
  recaptcha_version: field('V3'),
  recaptcha_action: field('registration'),
};

/** check_phone and register_v2 send the same fields (spec 7); every one the form can fill is in the example. */
function phoneFields(phone: string, email: string): Record<string, Field> {
  return {
    phone: field(phone, PHONE),
    country_id: field('643', ID),
    currency: field('1', ID),
    password: field('secret12', PASSWORD),
    promo_code: field(PROMO.promo_code, PROMO_CODE),
    birthdate: field('1990-05-17', DATE),
    email: field(email, EMAIL),
    ...captcha,
  };
}

/** register_email: no phone and no birthdate (spec 7). */
function emailFields(email: string): Record<string, Field> {
  return {
    country_id: field('643', ID),
    currency: field('1', ID),
    password: field('secret12', PASSWORD),
    promo_code: field(PROMO.promo_code, PROMO_CODE),
    email: field(email, EMAIL),
    ...captcha,
  };
}

/** What a visitor typed, unlike the pact's examples, so the patterns are what lets it through. */
const visitor: RegistrationForm = {
  phone: '+7 (916) 555-12-34',
  countryId: 398,
  currencyId: 4,
  password: 'another-pass1',
  promoCode: ' ZBBONUS20K ',
  birthdate: new Date(1985, 0, 2),
  email: ' visitor@example.kz ',
  captchaToken: '03AGdBq25-visitor-token',
};

export function registrationInteractions(pact: () => PactV3): void {
  test('promo check: a code the brand knows is a bare success; the form goes on without a promo id', async () => {
    const request = multipartRequest(CALLS.promoCheck.path, {
      promo_code: field(PROMO.promo_code, PROMO_CODE),
      brand: field(PROMO.brand, '^(zenit|zenbet|cupis)$'),
    });
    await withMultipart(pact().given(STATE.promoActive, PROMO).uponReceiving('a promo code check for a code the brand knows'), request)
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => checkPromoCode(' ZBBONUS20K ', 'zenbet'));
        expect(result).toEqual({ ok: true, data: { valid: true, promoId: null } });
      });
  });

  test('promo check: an unknown code is refused at the promo code field', async () => {
    const request = multipartRequest(CALLS.promoCheck.path, {
      promo_code: field('NOSUCHCODE', PROMO_CODE),
      brand: field(PROMO.brand, '^(zenit|zenbet|cupis)$'),
    });
    await withMultipart(
      pact().given(STATE.promoUnknown, { promo_code: 'NOSUCHCODE' }).uponReceiving('a promo code check for a code nobody issued'),
      request,
    )
      .willRespondWith(refusal('promo_code_invalid', 'promo_code', 422))
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => checkPromoCode('NOSUCHCODE', 'zenbet'));
        expect(result.ok || failureOf(result.error)).toEqual({ field: 'promoCode', error: { key: 'error.promo_code' } });
      });
  });

  test('check_phone: a free phone is a bare success', async () => {
    const request = multipartRequest(CALLS.checkPhone.path, phoneFields('+79161234567', 'pact.check@example.org'));
    await withMultipart(
      pact()
        .given(STATE.captcha, { token: CAPTCHA_TOKEN })
        .given(STATE.promoActive, PROMO)
        .given(STATE.phoneFree, { phone: '+79161234567' })
        .uponReceiving('a phone check for a free phone'),
      request,
    )
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        expect(await againstMock(url, () => checkPhone(visitor))).toEqual({ ok: true, data: { available: true } });
      });
  });

  test('check_phone: a registered phone is refused at the phone field', async () => {
    const request = multipartRequest(CALLS.checkPhone.path, phoneFields('+79161230000', 'pact.taken@example.org'));
    await withMultipart(
      pact()
        .given(STATE.captcha, { token: CAPTCHA_TOKEN })
        .given(STATE.promoActive, PROMO)
        .given(STATE.phoneTaken, { phone: '+79161230000' })
        .uponReceiving('a phone check for a registered phone'),
      request,
    )
      .willRespondWith(refusal('phone_taken', 'phone', 409))
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => checkPhone(visitor));
        expect(result.ok || failureOf(result.error)).toEqual({ field: 'phone', error: { key: 'error.phoneTaken' } });
      });
  });

  test('register_v2: a bare success takes the visitor to the SMS step', async () => {
    const request = multipartRequest(CALLS.registerPhone.path, phoneFields('+79161234568', 'pact.phone@example.org'));
    await withMultipart(
      pact()
        .given(STATE.captcha, { token: CAPTCHA_TOKEN })
        .given(STATE.promoActive, PROMO)
        .given(STATE.phoneFree, { phone: '+79161234568' })
        .given(STATE.emailFree, { email: 'pact.phone@example.org' })
        .uponReceiving('a registration by phone'),
      request,
    )
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => registerByPhone(visitor));
        expect(result).toEqual({ ok: true, data: { userId: null, login: null, needSms: true, confirmEmail: false } });
      });
  });

  test('register_email: a bare success is an account made', async () => {
    const request = multipartRequest(CALLS.registerEmail.path, emailFields('pact.email@example.org'));
    await withMultipart(
      pact()
        .given(STATE.captcha, { token: CAPTCHA_TOKEN })
        .given(STATE.promoActive, PROMO)
        .given(STATE.emailFree, { email: 'pact.email@example.org' })
        .uponReceiving('a registration by e-mail'),
      request,
    )
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => registerByEmail(visitor));
        expect(result).toEqual({ ok: true, data: { userId: null, login: null, needSms: true, confirmEmail: false } });
      });
  });

  test('register_email: a registered e-mail is refused at the e-mail field', async () => {
    const request = multipartRequest(CALLS.registerEmail.path, emailFields('taken@example.org'));
    await withMultipart(
      pact()
        .given(STATE.captcha, { token: CAPTCHA_TOKEN })
        .given(STATE.promoActive, PROMO)
        .given(STATE.emailTaken, { email: 'taken@example.org' })
        .uponReceiving('a registration by e-mail for a registered e-mail'),
      request,
    )
      .willRespondWith(refusal('email_taken', 'email', 409))
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => registerByEmail(visitor));
        expect(result.ok || failureOf(result.error)).toEqual({ field: 'email', error: { key: 'error.emailTaken' } });
      });
  });
}
