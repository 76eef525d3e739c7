import type { FastifyInstance } from 'fastify';
import { formEncoded, makeApp, setCookieHeader } from './helpers';

describe('tracking calls', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  const post = (url: string, body: Record<string, unknown>) => {
    const form = formEncoded(body);
    return app.inject({ method: 'POST', url, payload: form.payload, headers: form.headers });
  };

  describe('POST /ajax/kafka/log', () => {
    it('accepts an event with qs-nested or JSON additional_data', async () => {
      const nested = await post('/ajax/kafka/log', {
        topic: 'landing_events',
        action: 'view_landing',
        additional_data: { appId: 'zenit-web', sessionId: 'abc', eventSource: 'landing' },
      });
      expect(nested.statusCode).toBe(200);
      expect(nested.json()).toEqual({ result: true });
      const json = await post('/ajax/kafka/log', {
        topic: 'landing_events',
        action: 'click_rules_landing',
        additional_data: JSON.stringify({ appId: 'zenit-web' }),
      });
      expect(json.json()).toEqual({ result: true });
    });

    it.each([
      [{ action: 'view_landing' }, 'topic_invalid', 'topic'],
      [{ topic: 'landing_events' }, 'action_invalid', 'action'],
      [{ topic: 'landing events', action: 'view_landing' }, 'topic_invalid', 'topic'],
      [{ topic: 'landing_events', action: 'view_landing', additional_data: '{oops' }, 'additional_data_invalid', 'additional_data'],
    ])('rejects %j with 400 %s', async (body, code, field) => {
      const response = await post('/ajax/kafka/log', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code, field });
    });
  });

  describe('POST /ajax/cookie/imprint', () => {
    it('stores the fingerprint in the imprint cookie', async () => {
      const response = await post('/ajax/cookie/imprint', { imprint: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ result: true });
      expect(setCookieHeader(response, 'imprint')).toMatch(/^imprint=a3f9c2e14b7d8e6f0a1b2c3d4e5f6071; Path=\//);
    });

    it.each([[{}], [{ imprint: '' }], [{ imprint: 'not hex!' }], [{ imprint: 'a'.repeat(129) }]])('rejects %j', async (body) => {
      const response = await post('/ajax/cookie/imprint', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'imprint_invalid', field: 'imprint' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });
});
