import type { FastifyInstance } from 'fastify';
import { formEncoded, makeApp } from './helpers';

describe('POST /ajax/html/get', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  const get = (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const form = formEncoded(body);
    return app.inject({ method: 'POST', url: '/ajax/html/get', payload: form.payload, headers: { ...form.headers, ...headers } });
  };

  it('returns Russian rules naming the promotion by default', async () => {
    const response = await get({ id: ['freebet_rules'], data: { promo_id: '1077' }, constant: '1' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.lang).toBe('ru');
    expect(result.freebet_rules).toContain('<ol>');
    expect(result.freebet_rules).toContain('1077');
    expect(result.freebet_rules).toContain('1.5');
    expect(result.freebet_rules).toContain('x5');
    expect(result.freebet_rules).toContain('30 дней');
  });

  it('parses id[0] and data[promo_id] exactly as the landing encodes them', async () => {
    const form = {
      payload: 'id%5B0%5D=freebet_rules&data%5Bpromo_id%5D=2077&constant=1&lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    const response = await app.inject({ method: 'POST', url: '/ajax/html/get', ...form });
    expect(response.json().result.lang).toBe('en');
    expect(response.json().result.freebet_rules).toContain('wagered 5 times (x5) within 30 days');
    const [call] = app.standIn.calls('/ajax/html/get').slice(-1);
    expect(call.body).toEqual({ id: ['freebet_rules'], data: { promo_id: '2077' }, constant: '1', lang: 'en' });
  });

  it('takes the language from the lang cookie and answers in that language', async () => {
    const response = await get({ id: ['freebet_rules'], data: { promo_id: '1007' }, constant: '1' }, { cookie: 'lang=de' });
    expect(response.json().result.lang).toBe('de');
    expect(response.json().result.freebet_rules).toContain('Teilnahmebedingungen der Aktion Nr. 1007');
    expect(response.json().result.freebet_rules).not.toContain('terms and conditions');
  });

  it('answers a Kazakh request with Kazakh rules', async () => {
    const response = await get({ id: ['freebet_rules'], data: { promo_id: '1077' }, constant: '1', lang: 'kz' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.lang).toBe('kz');
    expect(result.freebet_rules).toContain('№1077 акция ережелері');
    expect(result.freebet_rules).toContain('30 күн ішінде x5 вейджерімен');
    expect(result.freebet_rules).not.toContain('Правила акции');
    expect(result.freebet_rules).not.toContain('terms and conditions');
  });

  it('answers 404 for a promotion without rules', async () => {
    const response = await get({ id: ['freebet_rules'], data: { promo_id: '999999' }, constant: '1' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'rules_not_found', field: 'data[promo_id]' });
  });

  it.each([
    [{ data: { promo_id: '1007' } }, 400, 'html_id_invalid'],
    [{ id: ['site_footer'], data: { promo_id: '1007' } }, 400, 'html_id_invalid'],
    [{ id: ['freebet_rules'] }, 400, 'promo_id_invalid'],
    [{ id: ['freebet_rules'], data: { promo_id: 'abc' } }, 400, 'promo_id_invalid'],
    [{ id: ['freebet_rules'], data: { promo_id: '1007' }, constant: 'x' }, 400, 'constant_invalid'],
    [{ id: ['freebet_rules'], data: { promo_id: '1007' }, lang: 'xx' }, 400, 'lang_invalid'],
  ])('rejects %j with %i %s', async (body, status, code) => {
    const response = await get(body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });
});
