import { AxiosError, CanceledError } from 'axios';
import qs from 'qs';
import { fetchPromotionRules } from '../../../../../src/features/rules/calls/rules';
import { failWith, installWire, respond, sent } from '../../../main-site/transport';
import { CONSENT_GLOBAL } from '../../../../../src/early/consent-state';

installWire();

/**
 * Node has no window: here the page's window is the global object, and each test installs the storage
 * it needs. The page keeps one storage once it has tried it (runtime/storage.ts), so the one installed
 * first stays, writing through to each test's own mock.
 */
const page = globalThis as unknown as Record<string, unknown>;
function installStorage(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined): void {
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
}

let setItem: jest.Mock;
const PROBE = '__promo_probe__';
beforeAll(() => {
  page.window = globalThis;
});
afterAll(() => {
  delete page.window;
});
beforeEach(() => {
  setItem = jest.fn();
  installStorage({
    setItem: (key: string, value: string) => (key === PROBE ? undefined : setItem(key, value)),
    removeItem: () => undefined,
  });
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  delete page[CONSENT_GLOBAL];
});

const html = '<div class="promo-rules"><ol><li>Rule one</li></ol></div>';

describe('fetchPromotionRules: POST /ajax/html/get', () => {
  it('posts the form id[0]=freebet_rules, data[promo_id], constant=1 and lang, url-encoded', async () => {
    respond({ result: { freebet_rules: html, lang: 'en' } });
    await fetchPromotionRules(1204, 'en');
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/html/get');
    expect(sent[0].params).toBeUndefined();
    expect(String(sent[0].headers['Content-Type'])).toBe('application/x-www-form-urlencoded');
    expect(typeof sent[0].data).toBe('string');
    expect(sent[0].data).toBe('id%5B0%5D=freebet_rules&data%5Bpromo_id%5D=1204&constant=1&lang=en');
    expect(qs.parse(sent[0].data as string)).toEqual({ id: ['freebet_rules'], data: { promo_id: '1204' }, constant: '1', lang: 'en' });
  });

  it('leaves lang out when there is none, so the main site uses the cookie', async () => {
    respond({ result: { freebet_rules: html, lang: 'ru' } });
    await fetchPromotionRules(7, '');
    expect(qs.parse(sent[0].data as string)).toEqual({ id: ['freebet_rules'], data: { promo_id: '7' }, constant: '1' });
  });

  it('reads the rules and the language the main site answered in', async () => {
    respond({ result: { freebet_rules: html, lang: 'ru' } });
    expect(await fetchPromotionRules(1204, 'ru')).toEqual({ ok: true, data: { html, lang: 'ru' } });
  });

  it('stores the answered language under "lang" after success', async () => {
    respond({ result: { freebet_rules: html, lang: 'br' } });
    await fetchPromotionRules(1204, 'br');
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(setItem).toHaveBeenCalledWith('lang', 'br');
  });

  it('falls back to the asked language when the answer names none', async () => {
    respond({ result: { freebet_rules: html } });
    expect(await fetchPromotionRules(1204, 'kz')).toEqual({ ok: true, data: { html, lang: 'kz' } });
    expect(setItem).toHaveBeenCalledWith('lang', 'kz');
  });

  it('keeps nothing in storage while the market waits for the visitor to accept', async () => {
    page[CONSENT_GLOBAL] = { mode: 'opt-in', choice: null, allowed: false, allowedAtLoad: false };
    respond({ result: { freebet_rules: html, lang: 'de' } });
    expect(await fetchPromotionRules(1204, 'de')).toEqual({ ok: true, data: { html, lang: 'de' } });
    expect(setItem).not.toHaveBeenCalled();
  });

  it('still succeeds when storage refuses the write', async () => {
    setItem.mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    respond({ result: { freebet_rules: html, lang: 'en' } });
    expect(await fetchPromotionRules(1204, 'en')).toEqual({ ok: true, data: { html, lang: 'en' } });
  });

  it('still succeeds where there is no storage at all', async () => {
    installStorage(undefined);
    respond({ result: { freebet_rules: html, lang: 'en' } });
    expect(await fetchPromotionRules(1204, 'en')).toEqual({ ok: true, data: { html, lang: 'en' } });
  });

  it('does not touch storage after a failure', async () => {
    const body = { error: { code: 'rules_not_found', message: 'No rules for promotion 999', field: 'data[promo_id]' } };
    respond(body, 404);
    const result = await fetchPromotionRules(999, 'ru');
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 404, message: 'Request failed with status code 404', body } });
    expect(!result.ok && result.error.server).toEqual({
      code: 'rules_not_found',
      message: 'No rules for promotion 999',
      field: 'data[promo_id]',
      retryAfter: null,
    });
    expect(setItem).not.toHaveBeenCalled();
  });

  it('is an invalid answer without the freebet_rules block, and stores nothing', async () => {
    respond({ result: { lang: 'ru' } });
    expect(await fetchPromotionRules(1204, 'ru')).toEqual({
      ok: false,
      error: { kind: 'invalid', message: 'Unexpected answer from /ajax/html/get', server: null },
    });
    expect(setItem).not.toHaveBeenCalled();
  });

  it("normalises a lost connection to 'Network Error'", async () => {
    failWith((config) => new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config, {}));
    expect(await fetchPromotionRules(1204, 'ru')).toEqual({
      ok: false,
      error: { kind: 'network', message: 'Network Error', server: null },
    });
  });

  it("normalises a timeout to 'timeout of 15000ms exceeded'", async () => {
    failWith((config) => new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {}));
    expect(await fetchPromotionRules(1204, 'ru')).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null },
    });
  });

  it("normalises a cancelled request to 'Request aborted'", async () => {
    failWith((config) => new CanceledError(undefined, config, {}));
    expect(await fetchPromotionRules(1204, 'ru')).toEqual({
      ok: false,
      error: { kind: 'aborted', message: 'Request aborted', server: null },
    });
    expect(setItem).not.toHaveBeenCalled();
  });
});
