import type { FastifyInstance } from 'fastify';
import { freshPhone, makeApp, multipart, phoneRegistration } from './helpers';

type Case = [description: string, overrides: Record<string, string | undefined>, status: number, code: string, field: string];

const TODAY = Date.parse('2026-03-10T12:00:00Z');

const CASES: Case[] = [
  ['phone with spaces (the landing sends + and digits only, spec 5)', { phone: '+7 916 123 45 67' }, 422, 'phone_invalid', 'phone'],
  ['phone with + inside', { phone: '+7916+1234567' }, 422, 'phone_invalid', 'phone'],
  ['phone too short', { phone: '+79161' }, 422, 'phone_invalid', 'phone'],
  ['phone over 18 characters (spec 5)', { phone: '+791612345678901234' }, 422, 'phone_invalid', 'phone'],
  ['phone missing', { phone: undefined }, 422, 'phone_invalid', 'phone'],
  ['phone already registered', { phone: '+79161230000' }, 409, 'phone_taken', 'phone'],
  ['unknown country', { country_id: '999' }, 422, 'country_invalid', 'country_id'],
  ['country not a number', { country_id: 'RU' }, 422, 'country_invalid', 'country_id'],
  ['unknown currency', { currency: '999' }, 422, 'currency_invalid', 'currency'],
  ['currency given as a code', { currency: 'RUB' }, 422, 'currency_invalid', 'currency'],
  ['password too short', { password: 'abc12' }, 422, 'password_invalid', 'password'],
  ['password too long', { password: 'a'.repeat(31) }, 422, 'password_invalid', 'password'],
  ['password starting with a dot', { password: '.secret12' }, 422, 'password_invalid', 'password'],
  ['password starting with a space', { password: ' secret12' }, 422, 'password_invalid', 'password'],
  ['unknown promo code', { promo_code: 'NOPE123' }, 422, 'promo_code_invalid', 'promo_code'],
  ['birthdate in another format', { birthdate: '17.05.1990' }, 422, 'birthdate_invalid', 'birthdate'],
  ['birthdate that does not exist', { birthdate: '1990-02-30' }, 422, 'birthdate_invalid', 'birthdate'],
  ['birthdate in the future', { birthdate: '2030-01-01' }, 422, 'birthdate_invalid', 'birthdate'],
  ['under 18 by one day', { birthdate: '2008-03-11' }, 422, 'too_young', 'birthdate'],
  ['malformed e-mail', { email: 'not-an-email' }, 422, 'email_invalid', 'email'],
  ['captcha token missing', { recaptcha: undefined }, 400, 'captcha_invalid', 'recaptcha'],
  ['captcha rejected by the provider', { recaptcha: 'bad-token' }, 403, 'captcha_failed', 'recaptcha'],
  ['captcha_state not 0', { captcha_state: '1' }, 400, 'captcha_invalid', 'captcha_state'],
  ['captcha_state missing', { captcha_state: undefined }, 400, 'captcha_invalid', 'captcha_state'],
  ['captcha version V2', { recaptcha_version: 'V2' }, 400, 'captcha_invalid', 'recaptcha_version'],
  ['captcha action login', { recaptcha_action: 'login' }, 400, 'captcha_invalid', 'recaptcha_action'],
];

describe.each(['/ajax/registration/check_phone', '/ajax/registration/register_v2'])('%s failures', (url) => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp({ now: () => TODAY });
  });
  afterAll(() => app.close());

  it.each(CASES)('%s → %i %s', async (_description, overrides, status, code, field) => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: multipart(phoneRegistration({ phone: freshPhone(), ...overrides })),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code, message: expect.any(String), field } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts someone who turns 18 today', async () => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: multipart(phoneRegistration({ phone: freshPhone(), birthdate: '2008-03-10' })),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('register_v2 required fields', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  it.each([
    ['country_id', 'country_invalid'],
    ['currency', 'currency_invalid'],
    ['password', 'password_invalid'],
  ])('needs %s', async (field, code) => {
    const response = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone: freshPhone(), [field]: undefined })),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code, field });
  });

  it('lets check_phone run with just the phone and captcha, as the landing sends it early', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/ajax/registration/check_phone',
      payload: multipart({
        phone: freshPhone(),
        recaptcha: 'token',
        captcha_state: '0',
        recaptcha_version: 'V3',
        recaptcha_action: 'registration',
      }),
    });
    expect(response.json()).toEqual({ result: { available: true } });
  });
});

describe('input rules of spec 5, the same as the landing form checks', () => {
  const app = makeApp();
  afterAll(() => app.close());

  test.each([
    ['18 characters with +', '+79161234567890123'],
    ['18 digits without +', '791612345678901234'],
    ['a number without + (spec 5 does not require one)', '79161234567'],
  ])('a phone of %s is accepted', async (_case, phone) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/ajax/registration/check_phone',
      payload: multipart(phoneRegistration({ phone })),
    });
    expect(answer.statusCode).toBe(200);
  });

  test.each([
    ['Cyrillic', 'БОНУС2026'],
    ['Arabic digits and letters', 'مكافأة٢٠'],
  ])('a promo code in %s letters is checked, not refused for its script', async (_case, promo_code) => {
    const answer = await app.inject({ method: 'POST', url: '/ajax/account/promo/check', payload: multipart({ promo_code }) });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe('Promo code not found or no longer active');
  });

  test('a promo code with punctuation is refused for its characters', async () => {
    const answer = await app.inject({ method: 'POST', url: '/ajax/account/promo/check', payload: multipart({ promo_code: 'BONUS-2026' }) });
    expect(answer.json().error.message).toBe('Promo code may contain only letters and digits');
  });
});
