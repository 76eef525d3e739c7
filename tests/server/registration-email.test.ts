import type { FastifyInstance } from 'fastify';
import { cookieFrom, emailRegistration, freshPhone, makeApp, multipart } from './helpers';

describe('POST /ajax/registration/register_email', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  const register = (fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/ajax/registration/register_email', payload: multipart(fields) });

  it('creates the account, opens a session and asks for e-mail confirmation', async () => {
    const response = await register(emailRegistration({ email: 'New.Visitor@Example.com' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: { user_id: expect.any(Number), login: 'new.visitor@example.com', confirm_email: true },
    });
    const cookie = cookieFrom(response, 'zsid')!;
    const account = (await app.inject({ url: '/ajax/account/data', headers: { cookie } })).json().result;
    expect(account).toMatchObject({ access: true, login: 'new.visitor@example.com' });
  });

  it('rejects any phone field, even an empty one', async () => {
    for (const phone of ['+79161234567', '']) {
      const response = await register({ ...emailRegistration({ email: `p${phone.length}@example.com` }), phone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'unexpected_field', message: expect.any(String), field: 'phone' } });
    }
  });

  it.each([
    ['no-at-sign.example.com', 422, 'email_invalid'],
    ['two@@example.com', 422, 'email_invalid'],
    ['taken@example.com', 409, 'email_taken'],
  ])('answers %s with %i %s', async (email, status, code) => {
    const response = await register(emailRegistration({ email }));
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({ code, field: 'email' });
  });

  it('needs an e-mail and refuses one that was registered during the run', async () => {
    expect((await register(emailRegistration({ email: undefined }))).json().error.code).toBe('email_invalid');
    expect((await register(emailRegistration({ email: 'twice@example.com' }))).statusCode).toBe(200);
    expect((await register(emailRegistration({ email: 'TWICE@example.com' }))).statusCode).toBe(409);
  });

  it('applies the same captcha and password rules', async () => {
    expect((await register(emailRegistration({ email: 'c1@example.com', recaptcha: 'bad-token' }))).statusCode).toBe(403);
    expect((await register(emailRegistration({ email: 'c2@example.com', password: '.dotfirst' }))).json().error.code).toBe(
      'password_invalid',
    );
  });
});

describe('POST /ajax/registration/register_new', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  const register = (fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/ajax/registration/register_new', payload: multipart(fields) });

  it('registers by phone and then allows SMS confirmation', async () => {
    const phone = freshPhone();
    const response = await register({ phone, password: 'secret12', promo_code: 'ZBTVSHOWS' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: { user_id: expect.any(Number), login: phone, need_sms: true, confirm_email: false },
    });
    const cookie = cookieFrom(response, 'zsid')!;
    expect((await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } })).statusCode).toBe(200);
  });

  it('registers by e-mail alone', async () => {
    const response = await register({ email: 'generic@example.com', password: 'secret12', country_id: '76', currency: '6' });
    expect(response.json()).toEqual({
      result: { user_id: expect.any(Number), login: 'generic@example.com', need_sms: false, confirm_email: true },
    });
  });

  it.each([
    [{ password: 'secret12' }, 422, 'phone_or_email_required'],
    [{ phone: freshPhone() }, 422, 'password_invalid'],
    [{ phone: '+7000', password: 'secret12' }, 422, 'phone_invalid'],
    [{ phone: '+79990000000', password: 'secret12' }, 409, 'phone_taken'],
    [{ email: 'taken@example.com', password: 'secret12' }, 409, 'email_taken'],
    [{ phone: freshPhone(), password: 'secret12', birthdate: '2020-01-01' }, 422, 'too_young'],
    [
      {
        phone: freshPhone(),
        password: 'secret12',
        recaptcha: 'bad-token',
        captcha_state: '0',
        recaptcha_version: 'V3',
        recaptcha_action: 'registration',
      },
      403,
      'captcha_failed',
    ],
    [{ phone: freshPhone(), password: 'secret12', recaptcha: 'token' }, 400, 'captcha_invalid'],
  ])('rejects %j with %i %s', async (fields, status, code) => {
    const response = await register(fields as Record<string, string>);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });
});
