import type { FastifyInstance } from 'fastify';
import { formEncoded, makeApp, multipart } from './helpers';

describe('faults', () => {
  let app: FastifyInstance;
  beforeEach(() => {
    app = makeApp();
  });
  afterEach(() => app.close());

  it('answers a configured status with an error envelope, and the call is still recorded', async () => {
    app.standIn.faults.set({ '/ajax/data/country': { status: 503 } });
    const response = await app.inject({ url: '/ajax/data/country?lang_id=1' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
    expect(app.standIn.calls('/ajax/data/country')).toEqual([
      expect.objectContaining({ method: 'GET', path: '/ajax/data/country', query: { lang_id: '1' } }),
    ]);
  });

  it('answers a configured body, verbatim when it is a string', async () => {
    app.standIn.faults.set({
      '/ajax/account/data': { status: 500, body: { error: { code: 'db_down', message: 'Database unavailable' } } },
      '/session.php': { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' },
    });
    const account = await app.inject({ url: '/ajax/account/data' });
    expect(account.statusCode).toBe(500);
    expect(account.json()).toEqual({ error: { code: 'db_down', message: 'Database unavailable' } });
    const session = await app.inject({ url: '/session.php' });
    expect(session.statusCode).toBe(502);
    expect(session.headers['content-type']).toMatch(/^text\/html/);
    expect(session.body).toBe('<html>Bad Gateway</html>');
  });

  it('sends a truncated, non-JSON body with status 200 for malformed', async () => {
    app.standIn.faults.set({ '/ajax/locale/data': { malformed: true } });
    const response = await app.inject({ url: '/ajax/locale/data?type=all&need_lang=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.startsWith('{"result":')).toBe(true);
    expect(() => JSON.parse(response.body)).toThrow();
  });

  it('delays the real answer by delayMs', async () => {
    app.standIn.faults.set({ '/ajax/data/country': { delayMs: 80 } });
    const started = Date.now();
    const response = await app.inject({ url: '/ajax/data/country?lang_id=2' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.length).toBeGreaterThan(30);
  });

  it('drops the connection without an answer', async () => {
    app.standIn.faults.set({ '/ajax/account/promo/check': { drop: true } });
    await expect(
      app.inject({ method: 'POST', url: '/ajax/account/promo/check', payload: multipart({ promo_code: 'ZCASINO' }) }),
    ).rejects.toMatchObject({ code: 'LIGHT_ECONNRESET' });
    expect(app.standIn.calls('/ajax/account/promo/check')).toEqual([
      expect.objectContaining({ method: 'POST', body: { promo_code: 'ZCASINO' } }),
    ]);
  });

  it('holds a timeout-faulted request until the hold time runs out, then closes it', async () => {
    await app.close();
    app = makeApp({ timeoutHoldMs: 100 });
    app.standIn.faults.set({ '/ajax/kafka/log': { timeout: true } });
    const started = Date.now();
    const form = formEncoded({ topic: 't', action: 'a' });
    await expect(app.inject({ method: 'POST', url: '/ajax/kafka/log', ...form })).rejects.toMatchObject({
      code: 'LIGHT_ECONNRESET',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(app.standIn.calls('/ajax/kafka/log')).toHaveLength(1);
  });

  it('matches prefixes ending in *, with exact entries winning', async () => {
    app.standIn.faults.set({ '/ajax/line/*': { status: 500 }, '/ajax/*': { status: 418 }, '/ajax/data/country': { status: 429 } });
    expect((await app.inject({ url: '/ajax/line/printer/ranked/0' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/ajax/data/country?lang_id=1' })).statusCode).toBe(429);
    expect((await app.inject({ url: '/ajax/account/data' })).statusCode).toBe(418);
  });

  it('leaves pages, the promo site and the test hooks alone', async () => {
    app.standIn.faults.set({ '*': { status: 500 }, '/*': { status: 500 } });
    expect((await app.inject({ url: '/m/login' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/__stand-in/sms' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/session.php' })).statusCode).toBe(500);
  });

  it('is configured at run time through /__stand-in/faults', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/__stand-in/faults',
      payload: { '/ajax/data/country': { status: 500 } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ '/ajax/data/country': { status: 500 } });
    expect((await app.inject({ url: '/__stand-in/faults' })).json()).toEqual({ '/ajax/data/country': { status: 500 } });
    expect((await app.inject({ url: '/ajax/data/country?lang_id=1' })).statusCode).toBe(500);

    expect((await app.inject({ method: 'DELETE', url: '/__stand-in/faults' })).statusCode).toBe(204);
    expect((await app.inject({ url: '/ajax/data/country?lang_id=1' })).statusCode).toBe(200);
  });

  it.each([
    [[]],
    [{ 'ajax/data/country': { status: 500 } }],
    [{ '/ajax/data/country': { status: 99 } }],
    [{ '/ajax/data/country': { delayMs: -1 } }],
    [{ '/ajax/data/country': { drop: 'yes' } }],
    [{ '/ajax/data/country': { explode: true } }],
  ])('refuses the invalid table %j', async (table) => {
    const response = await app.inject({ method: 'PUT', url: '/__stand-in/faults', payload: table as object });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('fault_table_invalid');
  });

  it('starts with the faults given to buildApp', async () => {
    await app.close();
    app = makeApp({ faults: { '/ajax/data/country': { status: 504 } } });
    expect((await app.inject({ url: '/ajax/data/country?lang_id=1' })).statusCode).toBe(504);
  });
});

describe('call record', () => {
  let app: FastifyInstance;
  beforeEach(() => {
    app = makeApp();
  });
  afterEach(() => app.close());

  it('records API calls with parsed multipart and form bodies, but not pages or hooks', async () => {
    await app.inject({ url: '/ajax/data/country?lang_id=6' });
    await app.inject({ method: 'POST', url: '/ajax/account/promo/check', payload: multipart({ promo_code: 'ZCASINO', brand: 'zenit' }) });
    await app.inject({
      method: 'POST',
      url: '/ajax/html/get',
      ...formEncoded({ id: ['freebet_rules'], data: { promo_id: '1007' }, constant: '1' }),
    });
    await app.inject({ url: '/session.php' });
    await app.inject({ url: '/m/login' });
    await app.inject({ url: '/__stand-in/sms' });

    const calls = (await app.inject({ url: '/__stand-in/calls' })).json();
    expect(calls.map((call: { path: string }) => call.path)).toEqual([
      '/ajax/data/country',
      '/ajax/account/promo/check',
      '/ajax/html/get',
      '/session.php',
    ]);
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/ajax/data/country',
      query: { lang_id: '6' },
      body: null,
      contentType: null,
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(calls[1].body).toEqual({ promo_code: 'ZCASINO', brand: 'zenit' });
    expect(calls[1].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[2].body).toEqual({ id: ['freebet_rules'], data: { promo_id: '1007' }, constant: '1' });
    expect(calls[2].contentType).toBe('application/x-www-form-urlencoded');
  });

  it('filters by path, exactly or by prefix, and clears', async () => {
    await app.inject({ url: '/ajax/data/country?lang_id=1' });
    await app.inject({ url: '/ajax/line/printer/ranked/0' });
    await app.inject({ url: '/ajax/line/printer/ranked/2' });
    expect((await app.inject({ url: '/__stand-in/calls?path=/ajax/data/country' })).json()).toHaveLength(1);
    expect((await app.inject({ url: '/__stand-in/calls?path=/ajax/line/*' })).json()).toHaveLength(2);
    expect(app.standIn.calls('/ajax/line/*')).toHaveLength(2);

    expect((await app.inject({ method: 'DELETE', url: '/__stand-in/calls' })).statusCode).toBe(204);
    expect(app.standIn.calls()).toEqual([]);
    await app.inject({ url: '/session.php' });
    app.standIn.reset();
    expect((await app.inject({ url: '/__stand-in/calls' })).json()).toEqual([]);
  });

  it('records calls that fail validation or hit unknown API paths', async () => {
    await app.inject({ url: '/ajax/data/country' });
    await app.inject({ method: 'POST', url: '/ajax/no/such/call', ...formEncoded({ a: '1' }) });
    expect(app.standIn.calls().map((call) => call.path)).toEqual(['/ajax/data/country', '/ajax/no/such/call']);
    const missing = await app.inject({ method: 'POST', url: '/ajax/no/such/call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('records a call whose multipart body is cut off, which answers 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/ajax/registration/register_v2',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="phone"\r\n\r\n+7916',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(app.standIn.calls('/ajax/registration/register_v2')).toHaveLength(1);
  });

  it('returns copies, so a test cannot change the record by accident', async () => {
    await app.inject({ url: '/ajax/data/country?lang_id=1' });
    const [call] = app.standIn.calls();
    call.path = '/changed';
    expect(app.standIn.calls()[0].path).toBe('/ajax/data/country');
  });
});
