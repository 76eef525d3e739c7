import type { FastifyInstance } from 'fastify';
import { CAPTCHA, cookieFrom, freshPhone, makeApp, multipart, phoneRegistration, setCookieHeader } from './helpers';

describe('phone registration: check_phone → register_v2 → sms/send → sms/check', () => {
  let app: FastifyInstance;
  let clock: number;
  const printed: Array<[string, string]> = [];

  beforeAll(() => {
    clock = Date.parse('2026-03-10T12:00:00Z');
    app = makeApp({ now: () => clock, smsLog: (phone, code) => printed.push([phone, code]) });
  });
  afterAll(() => app.close());

  it('runs the whole sequence the landing performs', async () => {
    const phone = freshPhone();

    const promo = await app.inject({
      method: 'POST',
      url: '/ajax/account/promo/check',
      payload: multipart({ promo_code: 'ZBONUS20K' }),
    });
    expect(promo.json()).toEqual({ result: { valid: true, promo_id: 1042 } });

    const checked = await app.inject({
      method: 'POST',
      url: '/ajax/registration/check_phone',
      payload: multipart(phoneRegistration({ phone })),
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ result: { available: true } });

    const registered = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone })),
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ result: { user_id: expect.any(Number), login: phone, need_sms: true } });
    const setCookie = setCookieHeader(registered, 'zsid')!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Path=\//);
    const cookie = cookieFrom(registered, 'zsid')!;

    const sent = await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ result: { sent: true, retry_after: 30 } });

    const codes = (await app.inject({ url: '/__stand-in/sms' })).json() as Record<string, string>;
    const code = codes[phone];
    expect(code).toMatch(/^\d{4}$/);
    expect(printed).toContainEqual([phone, code]);

    const wrongCode = code === '1234' ? '4321' : '1234';
    const wrong = await app.inject({
      method: 'POST',
      url: '/ajax/account/sms/check',
      headers: { cookie },
      payload: multipart({ code: wrongCode }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ error: { code: 'sms_code_invalid', message: expect.any(String), field: 'code' } });

    const right = await app.inject({
      method: 'POST',
      url: '/ajax/account/sms/check',
      headers: { cookie },
      payload: multipart({ code }),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ result: { confirmed: true } });

    const again = await app.inject({
      method: 'POST',
      url: '/ajax/registration/check_phone',
      payload: multipart(phoneRegistration({ phone })),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('phone_taken');
  });

  it('allows one SMS per 30 s per session and says how long to wait', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone: freshPhone() })),
    });
    const cookie = cookieFrom(registered, 'zsid')!;
    const send = () => app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });

    expect((await send()).statusCode).toBe(200);
    clock += 12_000;
    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('18');
    expect(tooSoon.json()).toEqual({
      error: { code: 'sms_too_often', message: expect.any(String), retry_after: 18 },
    });
    clock += 18_000;
    expect((await send()).statusCode).toBe(200);
  });

  it('refuses SMS calls without a phone-registration session', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/ajax/account/sms/send' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('not_authorized');

    const emailAccount = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_email',
      payload: multipart({ email: 'sms-less@example.com', country_id: '643', currency: '1', password: 'secret12', ...CAPTCHA }),
    });
    const cookie = cookieFrom(emailAccount, 'zsid')!;
    const refused = await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });
    expect(refused.statusCode).toBe(401);

    const check = await app.inject({ method: 'POST', url: '/ajax/account/sms/check', payload: multipart({ code: '1234' }) });
    expect(check.statusCode).toBe(401);
  });

  it('rejects a check before any code was sent', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone: freshPhone() })),
    });
    const response = await app.inject({
      method: 'POST',
      url: '/ajax/account/sms/check',
      headers: { cookie: cookieFrom(registered, 'zsid')! },
      payload: multipart({ code: '1234' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'sms_code_invalid', field: 'code' });
  });
});
