import type { FastifyInstance } from 'fastify';
import { cookieFrom, formEncoded, freshPhone, makeApp, multipart, phoneRegistration } from './helpers';

describe('casino game start', () => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = makeApp();
    const registered = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      payload: multipart(phoneRegistration({ phone: freshPhone() })),
    });
    cookie = cookieFrom(registered, 'zsid')!;
  });
  afterAll(() => app.close());

  const start = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) => {
    const form = formEncoded(body);
    return app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers } });
  };

  it('starts a demo for anyone, pointing at the main-site player with the home URL', async () => {
    const response = await start('/ajax/casino/init_demo', {
      uid: 'book_of_ra',
      is_live: '0',
      home_url: '/promo/zenit/ru/slot_machine/',
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json().result as { url: string };
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.pathname).toBe('/casino/play/book_of_ra');
    expect(parsed.searchParams.get('mode')).toBe('demo');
    expect(parsed.searchParams.get('home_url')).toBe('/promo/zenit/ru/slot_machine/');

    const page = await app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Main site: casino game player');
  });

  it('refuses a real-money game to a logged-out visitor', async () => {
    const response = await start('/ajax/casino/init_game', { uid: 'book_of_ra', is_live: '0', home_url: '/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'not_authorized', message: expect.any(String) } });
  });

  it('starts a real-money game with a session', async () => {
    const response = await start(
      '/ajax/casino/init_game',
      { uid: 'lightning_roulette', is_live: '1', home_url: 'https://example.com/promo/' },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    const parsed = new URL(response.json().result.url, 'http://localhost');
    expect(parsed.pathname).toBe('/casino/play/lightning_roulette');
    expect(parsed.searchParams.get('mode')).toBe('real');
    expect(parsed.searchParams.get('is_live')).toBe('1');
  });

  it.each([
    [{ is_live: '0', home_url: '/' }, 'game_invalid', 'uid'],
    [{ uid: '../etc/passwd', home_url: '/' }, 'game_invalid', 'uid'],
    [{ uid: 'book_of_ra', is_live: 'yes' }, 'game_invalid', 'is_live'],
    [{ uid: 'book_of_ra', home_url: 'javascript:alert(1)' }, 'home_url_invalid', 'home_url'],
    [{ uid: 'book_of_ra', home_url: '//evil.example/' }, 'home_url_invalid', 'home_url'],
    [{ uid: 'book_of_ra', home_url: 'ftp://example.com/' }, 'home_url_invalid', 'home_url'],
  ])('rejects %j with %s', async (body, code, field) => {
    const response = await start('/ajax/casino/init_demo', body as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code, field });
  });
});
