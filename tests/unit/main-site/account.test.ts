import { REQUEST_TIMEOUT_MS } from '../../../src/domain/timing';
import { fetchAccountData, isLoggedIn, type AccountData } from '../../../src/main-site/account';
import type { ApiResult } from '../../../src/main-site/client';
import { fetchWire, installFetchWire, type WireAnswer } from '../../fixtures/fetch-wire';
import { installWire } from './transport';

// Without the first-screen script's early answer (none in node), the page calls by fetch: the wire stands
// in for the browser's fetch and answers `answer`; installWire only silences the console.
const { warn, error } = installWire();
let answer: WireAnswer;
const wire = installFetchWire(fetchWire(() => answer));

/** The main site answers every call with `body` (an object as JSON, a string as is) and `status`. */
function respond(body: unknown, status = 200): void {
  answer = { status, body };
}

/** The stand-in's answer (server/README.md): 27 (USDT) is in `currency` but not in `order`. */
const financeData = {
  currency: {
    '1': { id: 1, code: 'RUB', full_name: 'Российский рубль', symbol: '₽' },
    '2': { id: 2, code: 'USD', full_name: 'Доллар США', symbol: '$' },
    '3': { id: 3, code: 'EUR', full_name: 'Евро', symbol: '€' },
    '27': { id: 27, code: 'USDT', full_name: 'Tether (USDT)', symbol: '₮' },
  },
  order: [2, 1, 3],
};

const account = (overrides: Record<string, unknown> = {}) => ({
  result: {
    ip: '203.0.113.7',
    timezone_id: 3,
    appId: 'zenit-web',
    appVer: '4.18.2',
    sessionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    eventSource: 'landing',
    login: null,
    access: false,
    finance_data: financeData,
    ...overrides,
  },
});

const RUB = { id: 1, code: 'RUB', label: 'Российский рубль' };
const USD = { id: 2, code: 'USD', label: 'Доллар США' };
const EUR = { id: 3, code: 'EUR', label: 'Евро' };
const USDT = { id: 27, code: 'USDT', label: 'Tether (USDT)' };

async function currenciesFor(finance: unknown, appendCurrencyId?: number) {
  respond(account({ finance_data: finance }));
  const result = await fetchAccountData({ appendCurrencyId });
  if (!result.ok) throw new Error(`expected success, got ${result.error.message}`);
  return result.data.currencies;
}

describe('fetchAccountData: the request', () => {
  it('is a GET of /ajax/account/data with no query and no body, with the page cookies and the AJAX marker', async () => {
    respond(account());
    await fetchAccountData();
    expect(wire.requests).toHaveLength(1);
    const [request] = wire.requests;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/ajax/account/data');
    expect(request.body).toBeUndefined();
    expect(request.credentials).toBe('include');
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
  });
});

describe('fetchAccountData: the answer', () => {
  it('reads an anonymous visitor', async () => {
    respond(account());
    expect(await fetchAccountData()).toEqual({
      ok: true,
      data: {
        ip: '203.0.113.7',
        timezoneId: 3,
        appId: 'zenit-web',
        appVer: '4.18.2',
        sessionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        eventSource: 'landing',
        login: null,
        access: false,
        currencies: [USD, RUB, EUR],
      },
    });
  });

  it('reads a signed-in visitor', async () => {
    respond(account({ login: '+79001234567', access: true }));
    const result = await fetchAccountData();
    expect(result.ok && result.data.login).toBe('+79001234567');
    expect(result.ok && result.data.access).toBe(true);
  });

  it('grants access only for a literal true', async () => {
    for (const access of ['true', 1, 'yes', null, undefined]) {
      respond(account({ access }));
      const result = await fetchAccountData();
      expect(result.ok && result.data.access).toBe(false);
    }
  });

  it('reads the fields at the top level when the main site sends them without the result envelope', async () => {
    respond({ ip: '203.0.113.7', access: true });
    const result = await fetchAccountData();
    expect(result.ok && result.data).toMatchObject({ ip: '203.0.113.7', access: true, currencies: false });
  });

  it.each([
    ['the JSON is cut short', '{"result": {"ip": "203.0.113.7", "finance_da'],
    ['the body is empty', ''],
    ['the answer is a bare success', { result: true }],
  ])('is an anonymous visitor without currencies when %s (success is the status)', async (_case, data) => {
    respond(data);
    expect(await fetchAccountData()).toEqual({
      ok: true,
      data: {
        ip: '',
        timezoneId: null,
        appId: '',
        appVer: '',
        sessionId: '',
        eventSource: '',
        login: null,
        access: false,
        currencies: false,
      },
    });
  });
});

describe('fetchAccountData: currencies (spec 3, 7, 8)', () => {
  it('follows finance_data.order and copies full_name into label', async () => {
    expect(await currenciesFor(financeData)).toEqual([USD, RUB, EUR]);
  });

  it('leaves out 27 when the order does not name it and nobody appends it', async () => {
    const ids = (await currenciesFor(financeData)) as { id: number }[];
    expect(ids.map((c) => c.id)).toEqual([2, 1, 3]);
  });

  it('appends 27 at the end for the brand variant that offers it', async () => {
    expect(await currenciesFor(financeData, 27)).toEqual([USD, RUB, EUR, USDT]);
  });

  it('does not append 27 twice when the order already has it', async () => {
    expect(await currenciesFor({ ...financeData, order: [27, 1] }, 27)).toEqual([USDT, RUB]);
  });

  it('drops an appended id the currency map does not have', async () => {
    const { '27': _usdt, ...withoutUsdt } = financeData.currency;
    expect(await currenciesFor({ currency: withoutUsdt, order: [1] }, 27)).toEqual([RUB]);
  });

  it('takes every currency key when the order is missing', async () => {
    expect(await currenciesFor({ currency: financeData.currency })).toEqual([RUB, USD, EUR, USDT]);
  });

  it('drops ids in the order that have no entry', async () => {
    expect(await currenciesFor({ ...financeData, order: [99, 3, 42, 1] })).toEqual([EUR, RUB]);
  });

  it('reads ids given as strings', async () => {
    expect(await currenciesFor({ ...financeData, order: ['3', '2'] })).toEqual([EUR, USD]);
  });

  it('gives an empty list for an empty order', async () => {
    expect(await currenciesFor({ ...financeData, order: [] })).toEqual([]);
  });

  it.each([
    ['finance_data is missing', undefined],
    ['finance_data is not an object', 'RUB,USD'],
    ['currency is missing', { order: [1, 2] }],
    ['currency is a list', { currency: [RUB], order: [1] }],
    ['order is not a list', { ...financeData, order: '2,1,3' }],
    ['order holds something that is not an id', { ...financeData, order: [2, { id: 1 }] }],
    ['a listed entry is not an object', { currency: { ...financeData.currency, '1': 'RUB' }, order: [1, 2] }],
    ['a listed entry has no full_name', { currency: { ...financeData.currency, '2': { id: 2, code: 'USD', symbol: '$' } }, order: [1, 2] }],
  ])('gives false when %s, while the rest of the answer still parses', async (_case, finance) => {
    respond(account({ finance_data: finance, login: '+79001234567', access: true }));
    const result = await fetchAccountData({ appendCurrencyId: 27 });
    expect(result).toEqual({
      ok: true,
      data: {
        ip: '203.0.113.7',
        timezoneId: 3,
        appId: 'zenit-web',
        appVer: '4.18.2',
        sessionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        eventSource: 'landing',
        login: '+79001234567',
        access: true,
        currencies: false,
      },
    });
  });
});

describe('fetchAccountData: failures', () => {
  it('hands back an HTTP failure with its body and logs it', async () => {
    const body = { error: { code: 'internal_error', message: 'Internal server error' } };
    respond(body, 500);
    const result = await fetchAccountData();
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 500, message: 'Request failed with status code 500', body } });
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/account/data failed: Request failed with status code 500');
  });

  it("normalises a lost connection to 'Network Error' and logs it", async () => {
    answer = 'network';
    expect(await fetchAccountData()).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/account/data failed: Network Error');
  });

  it('logs a call given up at REQUEST_TIMEOUT_MS as a warning (fetch-answer.test.ts holds the timing)', async () => {
    jest.useFakeTimers();
    answer = 'hang';
    const pending = fetchAccountData();
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    jest.useRealTimers();
    expect(await pending).toEqual({ ok: false, error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null } });
    expect(warn).toHaveBeenCalledWith('[promo] /ajax/account/data failed: timeout of 15000ms exceeded');
  });

  it("normalises a request aborted before it starts to 'Request aborted', and nothing is sent", async () => {
    respond(account());
    const controller = new AbortController();
    controller.abort();
    expect(await fetchAccountData({ signal: controller.signal })).toEqual({
      ok: false,
      error: { kind: 'aborted', message: 'Request aborted', server: null },
    });
    // fetch is handed an already-aborted signal: the browser sends nothing.
    expect(wire.requests.every((request) => request.signal?.aborted === true)).toBe(true);
  });

  it("normalises a request aborted in flight to 'Request aborted'", async () => {
    answer = 'hang';
    const controller = new AbortController();
    const pending = fetchAccountData({ signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { kind: 'aborted', message: 'Request aborted', server: null } });
    expect(wire.requests).toHaveLength(1);
    expect(wire.requests[0].signal?.aborted).toBe(true);
  });

  it('does not use console.error: the page goes on without account data', async () => {
    answer = 'network';
    await fetchAccountData();
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('isLoggedIn (spec 6)', () => {
  const data = (access: boolean): AccountData => ({
    ip: '',
    timezoneId: 3,
    appId: '',
    appVer: '',
    sessionId: '',
    eventSource: 'landing',
    login: access ? 'user' : null,
    access,
    currencies: [],
  });
  const failed: ApiResult<AccountData> = { ok: false, error: { kind: 'network', message: 'Network Error', server: null } };

  it.each([
    [true, { ok: true, data: data(false) }, true],
    [true, failed, true],
    [false, { ok: true, data: data(true) }, true],
    [false, { ok: true, data: data(false) }, false],
    [false, failed, false],
  ] as const)('stored flag %s with %j gives %s', (flag, account, expected) => {
    expect(isLoggedIn(flag, account as ApiResult<AccountData>)).toBe(expected);
  });
});
