import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { cookieFrom, freshPhone, makeApp, multipart, phoneRegistration } from './helpers';

const offers = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/offers.json'), 'utf8')) as Record<string, { currency: string }>;

describe('GET /ajax/account/data', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  it('answers a logged-out visitor with the documented shape', async () => {
    const response = await app.inject({ url: '/ajax/account/data' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toEqual({
      ip: expect.any(String),
      timezone_id: expect.any(Number),
      appId: expect.any(String),
      appVer: expect.any(String),
      sessionId: expect.stringMatching(/^[0-9a-f]{32}$/),
      eventSource: 'landing',
      login: null,
      access: false,
      finance_data: { currency: expect.any(Object), order: expect.any(Array) },
    });
  });

  it('keeps the anonymous sessionId stable across calls from one browser', async () => {
    const first = await app.inject({ url: '/ajax/account/data', headers: { 'user-agent': 'jest-a' } });
    const second = await app.inject({ url: '/ajax/account/data', headers: { 'user-agent': 'jest-a' } });
    expect(first.json().result.sessionId).toBe(second.json().result.sessionId);
  });

  it('offers every currency used by data/offers.json, keyed by id, with USDT as id 27 outside the order', async () => {
    const { currency, order } = (await app.inject({ url: '/ajax/account/data' })).json().result.finance_data;
    const codes = Object.values(currency as Record<string, { code: string }>).map((entry) => entry.code);
    for (const [key, offer] of Object.entries(offers)) {
      if (!key.startsWith('$')) expect(codes).toContain(offer.currency);
    }
    for (const [id, entry] of Object.entries(currency as Record<string, Record<string, unknown>>)) {
      expect(entry).toEqual({ id: Number(id), code: expect.any(String), full_name: expect.any(String), symbol: expect.any(String) });
    }
    expect(currency['1'].code).toBe('RUB');
    expect(currency['27'].code).toBe('USDT');
    expect(order).not.toContain(27);
    for (const id of order as number[]) expect(currency[String(id)]).toBeDefined();
  });

  it('names currencies in the page language kept in the lang cookie', async () => {
    const ru = (await app.inject({ url: '/ajax/account/data' })).json().result.finance_data.currency;
    const en = (await app.inject({ url: '/ajax/account/data', headers: { cookie: 'lang=en' } })).json().result.finance_data.currency;
    expect(ru['1'].full_name).toBe('Российский рубль');
    expect(en['1'].full_name).toBe('Russian Ruble');
  });

  it('reports access and login once the zsid session cookie belongs to an account', async () => {
    const phone = freshPhone();
    const registered = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone })),
    });
    expect(registered.statusCode).toBe(200);
    const session = cookieFrom(registered, 'zsid')!;
    const { result } = (await app.inject({ url: '/ajax/account/data', headers: { cookie: session } })).json();
    expect(result.access).toBe(true);
    expect(result.login).toBe(phone);
    expect(result.sessionId).toBe(session.split('=')[1]);

    const forged = (await app.inject({ url: '/ajax/account/data', headers: { cookie: 'zsid=forged' } })).json();
    expect(forged.result.access).toBe(false);
  });
});

describe('GET /session.php', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  it('returns the bare session object, without the result envelope', async () => {
    const response = await app.inject({ url: '/session.php' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ session_id: expect.any(String), logged_in: false, user_id: null, lang: 'ru' });
  });

  it('shows the user and the lang cookie for a logged-in visitor', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone: freshPhone() })),
    });
    const cookie = `${cookieFrom(registered, 'zsid')}; lang=br`;
    const body = (await app.inject({ url: '/session.php', headers: { cookie } })).json();
    expect(body).toEqual({
      session_id: cookieFrom(registered, 'zsid')!.split('=')[1],
      logged_in: true,
      user_id: registered.json().result.user_id,
      lang: 'br',
    });
  });
});
