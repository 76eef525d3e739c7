import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

describe('GET /ajax/locale/data', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  it('returns currency and country data keyed by ISO code, plus the language block', async () => {
    const response = await app.inject({ url: '/ajax/locale/data?type=all&need_lang=1' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.currency_data.RUB).toEqual({ number: 643, symbol: '₽', name: 'Российский рубль' });
    expect(result.currency_data.KZT.number).toBe(398);
    for (const entry of Object.values(result.currency_data as Record<string, { number: unknown }>)) {
      expect(typeof entry.number).toBe('number');
    }
    expect(result.country_data.KZ).toEqual({ country_id: 398, name: 'Казахстан', phone_code: '+7' });
    expect(result.country_data.CA.country_id).toBe(124);
    expect(result.lang).toEqual({ current: 'ru', lang_id: 1, available: expect.any(Object) });
    expect(result.lang.available.br).toEqual({ lang_id: 6, locale: 'pt-br', name: expect.any(String) });
  });

  it('follows the lang cookie for names and leaves out lang when need_lang=0', async () => {
    const { result } = (await app.inject({ url: '/ajax/locale/data?type=all&need_lang=0', headers: { cookie: 'lang=en' } })).json();
    expect(result.country_data.DE.name).toBe('Germany');
    expect(result.lang).toBeUndefined();
  });

  it.each([
    ['', 'type'],
    ['?need_lang=1', 'type'],
    ['?type=everything&need_lang=1', 'type'],
    ['?type=all', 'need_lang'],
    ['?type=all&need_lang=yes', 'need_lang'],
  ])('rejects query "%s" with 400 naming %s', async (query, field) => {
    const response = await app.inject({ url: `/ajax/locale/data${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'query_invalid', message: expect.any(String), field });
  });
});
