import { AxiosError, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { CAPTCHA_ACTION } from '../../../../../src/domain/captcha';
import {
  CAPTCHA_STATE,
  CAPTCHA_VERSION,
  checkPhone,
  checkPromoCode,
  formatBirthdate,
  registerByEmail,
  registerByPhone,
  registerNew,
  type RegistrationForm,
} from '../../../../../src/features/registration/calls/registration';
import { failWith, installWire, respond, sent } from '../../../main-site/transport';

/** Every multipart field in the order it was appended; a repeated name would show twice. */
function fieldsOf(config: InternalAxiosRequestConfig): [string, FormDataEntryValue][] {
  expect(config.data).toBeInstanceOf(FormData);
  return [...(config.data as FormData).entries()];
}

const { error } = installWire();

const fullForm: RegistrationForm = {
  phone: '+7 (900) 123-45-67',
  countryId: 643,
  currencyId: 1,
  password: 'secret12',
  promoCode: 'BONUS35K',
  birthdate: new Date(1990, 4, 17),
  email: 'user@example.com',
  captchaToken: 'token-abc',
};

const bareForm: RegistrationForm = {
  phone: '+7 900 123 45 67',
  countryId: 643,
  currencyId: 1,
  password: 'secret12',
  promoCode: '',
  email: '',
  captchaToken: 'token-abc',
};

const FULL_PHONE_FIELDS = [
  ['phone', '+79001234567'],
  ['country_id', '643'],
  ['currency', '1'],
  ['password', 'secret12'],
  ['promo_code', 'BONUS35K'],
  ['birthdate', '1990-05-17'],
  ['email', 'user@example.com'],
  ['recaptcha', 'token-abc'],
  ['captcha_state', '0'],
  ['recaptcha_version', 'V3'],
  ['recaptcha_action', 'registration'],
];

const BARE_PHONE_FIELDS = [
  ['phone', '+79001234567'],
  ['country_id', '643'],
  ['currency', '1'],
  ['password', 'secret12'],
  ['recaptcha', 'token-abc'],
  ['captcha_state', '0'],
  ['recaptcha_version', 'V3'],
  ['recaptcha_action', 'registration'],
];

const phoneTaken = { error: { code: 'phone_taken', message: 'An account with this phone number already exists', field: 'phone' } };

describe('constants (spec 9)', () => {
  it('are V3, registration and "0"', () => {
    expect(CAPTCHA_VERSION).toBe('V3');
    expect(CAPTCHA_ACTION).toBe('registration');
    expect(CAPTCHA_STATE).toBe('0');
  });
});

describe('formatBirthdate', () => {
  it.each([
    [new Date(1990, 4, 17), '1990-05-17'],
    [new Date(2001, 0, 2, 23, 59), '2001-01-02'],
    [new Date(1905, 11, 31), '1905-12-31'],
    ['1990-05-17', '1990-05-17'],
    [' 1990-05-17 ', '1990-05-17'],
    ['', undefined],
    [new Date('not a date'), undefined],
    [undefined, undefined],
  ])('%p gives %p', (value, expected) => {
    expect(formatBirthdate(value)).toBe(expected);
  });
});

describe('checkPromoCode: POST /ajax/account/promo/check', () => {
  it('sends promo_code and brand as multipart and reads the promo id', async () => {
    respond({ result: { valid: true, promo_id: 1204 } });
    expect(await checkPromoCode('BONUS35K', 'zenbet')).toEqual({ ok: true, data: { valid: true, promoId: 1204 } });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/account/promo/check');
    expect(sent[0].params).toBeUndefined();
    expect(fieldsOf(sent[0])).toEqual([
      ['promo_code', 'BONUS35K'],
      ['brand', 'zenbet'],
    ]);
  });

  it('hands back promo_code_invalid with its field', async () => {
    const body = { error: { code: 'promo_code_invalid', message: 'Promo code not found or no longer active', field: 'promo_code' } };
    respond(body, 422);
    const result = await checkPromoCode('NOSUCH', 'zenit');
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 422, message: 'Request failed with status code 422', body } });
    expect(!result.ok && result.error.server).toEqual({
      code: 'promo_code_invalid',
      message: 'Promo code not found or no longer active',
      field: 'promo_code',
      retryAfter: null,
    });
    expect(error).toHaveBeenCalledWith('[promo] /ajax/account/promo/check failed: Request failed with status code 422', body);
  });

  it('counts a 2xx that says valid: false as the code refused at its field', async () => {
    respond({ result: { valid: false } });
    const result = await checkPromoCode('BONUS35K', 'zenit');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        message: '/ajax/account/promo/check refused',
        server: { code: 'promo_code_invalid', message: null, field: 'promo_code', retryAfter: null },
      },
    });
  });
});

describe('checkPhone: POST /ajax/registration/check_phone', () => {
  it('sends every field of spec 7, phone normalised and birthdate as YYYY-MM-DD', async () => {
    respond({ result: { available: true } });
    expect(await checkPhone(fullForm)).toEqual({ ok: true, data: { available: true } });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/registration/check_phone');
    expect(fieldsOf(sent[0])).toEqual(FULL_PHONE_FIELDS);
  });

  it('leaves out the empty promo code, e-mail and birth date but always sends captcha_state "0"', async () => {
    respond({ result: { available: true } });
    await checkPhone(bareForm);
    expect(fieldsOf(sent[0])).toEqual(BARE_PHONE_FIELDS);
  });

  it('sends a birth date given as a string unchanged', async () => {
    respond({ result: { available: true } });
    await checkPhone({ ...bareForm, birthdate: '1985-11-03' });
    expect(fieldsOf(sent[0])).toContainEqual(['birthdate', '1985-11-03']);
  });

  it('hands back phone_taken with its field', async () => {
    respond(phoneTaken, 409);
    const result = await checkPhone(fullForm);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 409, message: 'Request failed with status code 409', body: phoneTaken },
    });
    expect(!result.ok && result.error.server).toEqual({
      code: 'phone_taken',
      message: 'An account with this phone number already exists',
      field: 'phone',
      retryAfter: null,
    });
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('hands back captcha_invalid naming the captcha field at fault', async () => {
    const body = { error: { code: 'captcha_invalid', message: 'captcha_state must be 0', field: 'captcha_state' } };
    respond(body, 400);
    const result = await checkPhone(fullForm);
    expect(!result.ok && result.error.server).toEqual({
      code: 'captcha_invalid',
      message: 'captcha_state must be 0',
      field: 'captcha_state',
      retryAfter: null,
    });
  });

  it('counts a 2xx that says available: false as the phone taken', async () => {
    respond({ result: { available: false } });
    const result = await checkPhone(fullForm);
    expect(!result.ok && result.error).toMatchObject({ kind: 'refused', server: { code: 'phone_taken', field: 'phone' } });
  });
});

describe('registerByPhone: POST /ajax/registration/register_v2', () => {
  it('sends the same fields as check_phone and reads the new account', async () => {
    respond({ result: { user_id: 100001, login: '+79001234567', need_sms: true } });
    expect(await registerByPhone(fullForm)).toEqual({
      ok: true,
      data: { userId: 100001, login: '+79001234567', needSms: true, confirmEmail: false },
    });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/registration/register_v2');
    expect(fieldsOf(sent[0])).toEqual(FULL_PHONE_FIELDS);
  });

  it('always sends captcha_state "0" and leaves out empty optional fields', async () => {
    respond({ result: { user_id: 100002, login: '+79001234567', need_sms: true } });
    await registerByPhone(bareForm);
    expect(fieldsOf(sent[0])).toEqual(BARE_PHONE_FIELDS);
  });

  it('hands back too_young with its field', async () => {
    const body = { error: { code: 'too_young', message: 'Registration is open from the age of 18', field: 'birthdate' } };
    respond(body, 422);
    const result = await registerByPhone(fullForm);
    expect(!result.ok && result.error.body).toEqual(body);
    expect(!result.ok && result.error.server?.field).toBe('birthdate');
  });

  it('is an account made without a user id: the status says so, the fields have their defaults', async () => {
    respond({ result: true });
    expect(await registerByPhone(fullForm)).toEqual({ ok: true, data: { userId: null, login: null, needSms: true, confirmEmail: false } });
  });
});

describe('registerByEmail: POST /ajax/registration/register_email', () => {
  it('sends no phone field at all, even when the form holds one', async () => {
    respond({ result: { user_id: 100003, login: 'user@example.com', confirm_email: true } });
    expect(await registerByEmail(fullForm)).toEqual({
      ok: true,
      data: { userId: 100003, login: 'user@example.com', needSms: true, confirmEmail: true },
    });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/registration/register_email');
    expect(fieldsOf(sent[0])).toEqual([
      ['country_id', '643'],
      ['currency', '1'],
      ['password', 'secret12'],
      ['promo_code', 'BONUS35K'],
      ['email', 'user@example.com'],
      ['recaptcha', 'token-abc'],
      ['captcha_state', '0'],
      ['recaptcha_version', 'V3'],
      ['recaptcha_action', 'registration'],
    ]);
  });

  it('sends captcha_state "0" and leaves out an empty promo code', async () => {
    respond({ result: { user_id: 100004, login: 'new@example.com', confirm_email: true } });
    await registerByEmail({
      countryId: 76,
      currencyId: 6,
      password: 'secret12',
      promoCode: '',
      email: 'new@example.com',
      captchaToken: 'token-abc',
    });
    expect(fieldsOf(sent[0])).toEqual([
      ['country_id', '76'],
      ['currency', '6'],
      ['password', 'secret12'],
      ['email', 'new@example.com'],
      ['recaptcha', 'token-abc'],
      ['captcha_state', '0'],
      ['recaptcha_version', 'V3'],
      ['recaptcha_action', 'registration'],
    ]);
  });

  it('hands back email_taken with its field', async () => {
    const body = { error: { code: 'email_taken', message: 'An account with this e-mail already exists', field: 'email' } };
    respond(body, 409);
    const result = await registerByEmail(fullForm);
    expect(!result.ok && result.error.server).toEqual({
      code: 'email_taken',
      message: 'An account with this e-mail already exists',
      field: 'email',
      retryAfter: null,
    });
  });
});

describe('registerNew: POST /ajax/registration/register_new', () => {
  it('sends the caller’s fields, phone normalised and empty ones left out', async () => {
    respond({ result: { user_id: 100005, login: '+79001234567', need_sms: true, confirm_email: false } });
    const result = await registerNew({ phone: '+7 (900) 123-45-67', password: 'secret12', promo_code: '', brand: 'cupis', email: '' });
    expect(result).toEqual({ ok: true, data: { userId: 100005, login: '+79001234567', needSms: true, confirmEmail: false } });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/registration/register_new');
    expect(fieldsOf(sent[0])).toEqual([
      ['phone', '+79001234567'],
      ['password', 'secret12'],
      ['brand', 'cupis'],
    ]);
  });

  it('keeps captcha_state "0" when the caller sends it', async () => {
    respond({ result: { user_id: 100006, login: 'user@example.com', need_sms: false, confirm_email: true } });
    await registerNew({ email: 'user@example.com', password: 'secret12', recaptcha: 't', captcha_state: '0' });
    expect(fieldsOf(sent[0])).toEqual([
      ['email', 'user@example.com'],
      ['password', 'secret12'],
      ['recaptcha', 't'],
      ['captcha_state', '0'],
    ]);
  });

  it('hands back phone_or_email_required', async () => {
    const body = { error: { code: 'phone_or_email_required', message: 'Either a phone number or an e-mail is required', field: 'phone' } };
    respond(body, 422);
    const result = await registerNew({ password: 'secret12' });
    expect(!result.ok && result.error.server?.code).toBe('phone_or_email_required');
  });
});

describe('transport failures (spec 8 messages)', () => {
  const calls = [
    ['checkPromoCode', () => checkPromoCode('BONUS35K', 'zenit')],
    ['checkPhone', () => checkPhone(fullForm)],
    ['registerByPhone', () => registerByPhone(fullForm)],
    ['registerByEmail', () => registerByEmail(fullForm)],
    ['registerNew', () => registerNew({ phone: '+79001234567', password: 'secret12' })],
  ] as const;

  it.each(calls)("%s: a lost connection is 'Network Error'", async (_name, run) => {
    failWith((config) => new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
    expect(error).toHaveBeenCalledTimes(1);
  });

  it.each(calls)("%s: a timeout is 'timeout of 15000ms exceeded'", async (_name, run) => {
    failWith((config) => new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null } });
  });

  it.each(calls)("%s: a cancelled request is 'Request aborted'", async (_name, run) => {
    failWith((config) => new CanceledError(undefined, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'aborted', message: 'Request aborted', server: null } });
  });

  it('a transport failure has no server error to read', async () => {
    failWith((config) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
    const result = await checkPhone(fullForm);
    expect(!result.ok && result.error.server).toBeNull();
  });
});
