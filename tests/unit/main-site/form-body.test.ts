import type { AxiosAdapter } from 'axios';
import qs from 'qs';
import { formBody } from '../../../src/main-site/client';

describe('formBody', () => {
  it('encodes nested fields with qs indices, as the main site parses them (spec 9)', async () => {
    const fields = {
      id: ['freebet_rules'],
      data: { promo_id: 1204 },
      additional_data: { detail: { name: 'a&b =c' } },
      skipped: undefined,
      login: null,
    };
    await expect(formBody(fields)).resolves.toBe(
      'id%5B0%5D=freebet_rules&data%5Bpromo_id%5D=1204&additional_data%5Bdetail%5D%5Bname%5D=a%26b%20%3Dc&login=',
    );
    await expect(formBody(fields)).resolves.toBe(qs.stringify(fields, { arrayFormat: 'indices' }));
  });
});

describe('a form body whose code fails to load (offline, a deploy replaced the chunk)', () => {
  const ENCODING = '../../../src/main-site/form-encoding';

  // Fresh modules whose formBody finds the encoder failing, as webpack's loader does for a missing chunk.
  beforeEach(() => {
    jest.resetModules();
    jest.doMock(ENCODING, () => {
      throw new Error('Loading chunk 812 failed.');
    });
  });
  afterEach(() => jest.dontMock(ENCODING));

  it.each<[string, () => Promise<unknown>]>([
    [
      'starting a casino game',
      () => require('../../../src/features/casino/calls/casino').startCasinoGame('demo', { uid: 'book_of_ra', isLive: false }, '/promo/'),
    ],
    ['fetching the promotion rules', () => require('../../../src/features/rules/calls/rules').fetchPromotionRules(1204, 'ru')],
  ])('makes %s a failed call, sending nothing', async (_what, start) => {
    const adapter = jest.fn<ReturnType<AxiosAdapter>, Parameters<AxiosAdapter>>();
    require('../../../src/main-site/ajax').api.defaults.adapter = adapter;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(start()).resolves.toEqual({ ok: false, error: { kind: 'invalid', message: 'Loading chunk 812 failed.', server: null } });
      expect(adapter).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledWith(expect.stringContaining('failed: Loading chunk 812 failed.'), '');
    } finally {
      error.mockRestore();
    }
  });
});
