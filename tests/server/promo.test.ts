import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makeApp, multipart } from './helpers';

const promoCodes = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/promo-codes.json'), 'utf8')) as Record<
  string,
  Record<string, { promo_code: string; promo_id: number }>
>;

describe('POST /ajax/account/promo/check', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  const check = (fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/ajax/account/promo/check', payload: multipart(fields) });

  it('accepts every code of data/promo-codes.json and answers its promo_id', async () => {
    for (const [key, brands] of Object.entries(promoCodes)) {
      if (key.startsWith('$')) continue;
      for (const [brand, entry] of Object.entries(brands)) {
        const response = await check({ promo_code: entry.promo_code, brand });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ result: { valid: true, promo_id: entry.promo_id } });
      }
    }
  });

  it('accepts a code typed in lower case and without a brand', async () => {
    const response = await check({ promo_code: 'zcasino' });
    expect(response.json()).toEqual({ result: { valid: true, promo_id: promoCodes.casino.zenit.promo_id } });
  });

  it.each([
    [{ promo_code: 'NOSUCHCODE' }],
    [{ promo_code: 'Z CASINO' }],
    [{ promo_code: '' }],
    [{}],
    [{ promo_code: 'ZCASINO', brand: 'zenbet' }],
  ])('rejects %j with 422 promo_code_invalid', async (fields) => {
    const response = await check(fields as Record<string, string>);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: { code: 'promo_code_invalid', message: expect.any(String), field: 'promo_code' },
    });
  });

  it('rejects an unknown brand', async () => {
    const response = await check({ promo_code: 'ZCASINO', brand: 'acme' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'brand_invalid', field: 'brand' });
  });
});
