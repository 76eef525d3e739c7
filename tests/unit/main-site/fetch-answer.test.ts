/**
 * The fetch transport of the calls a plain visit makes (src/main-site/fetch-answer.ts): what it hands
 * the contract for every way a call can end, so the session, tracking, account and country calls can
 * be tested for what they do with it.
 */
import { REQUEST_TIMEOUT_MS } from '../../../src/domain/timing';
import { fetchAnswer, fetchDefaults } from '../../../src/main-site/fetch-answer';
import { fetchWire, installFetchWire, type WireAnswer } from '../../fixtures/fetch-wire';

let answer: WireAnswer = { status: 200, body: { result: true } };
const wire = installFetchWire(fetchWire(() => answer));

afterEach(() => {
  answer = { status: 200, body: { result: true } };
  jest.useRealTimers();
});

describe('fetchAnswer', () => {
  it('hands back the status, the body as text and Retry-After, whatever the status', async () => {
    answer = { status: 429, body: { error: { code: 'too_often' } }, headers: { 'Retry-After': '30' } };
    expect(await fetchAnswer('/ajax/account/sms/send')).toEqual({ status: 429, body: '{"error":{"code":"too_often"}}', retryAfter: '30' });
  });

  it("sends the page's cookies and the AJAX marker, and the defaults' base and headers (the contract tests' mock server)", async () => {
    fetchDefaults.base = 'http://127.0.0.1:4010';
    fetchDefaults.headers.Cookie = 'zsid=1';
    try {
      await fetchAnswer('/session.php', { headers: { 'Content-Type': 'text/plain' } });
    } finally {
      fetchDefaults.base = '';
      delete fetchDefaults.headers.Cookie;
    }
    const [request] = wire.requests;
    expect(request.url).toBe('http://127.0.0.1:4010/session.php');
    expect(request.credentials).toBe('include');
    expect(request.headers).toEqual({ 'x-requested-with': 'XMLHttpRequest', cookie: 'zsid=1', 'content-type': 'text/plain' });
  });

  it('is no answer (status 0) when the connection drops', async () => {
    answer = 'network';
    expect(await fetchAnswer('/ajax/kafka/log')).toEqual({ status: 0, body: '', retryAfter: null });
  });

  it('is no answer when the body is cut off half-way', async () => {
    wire.fetch.mockImplementationOnce(
      async () => ({ status: 200, text: () => Promise.reject(new TypeError('terminated')) }) as unknown as Response,
    );
    expect(await fetchAnswer('/ajax/data/country?lang_id=1')).toEqual({ status: 0, body: '', retryAfter: null });
  });

  it('is no answer, never a throw into the page, in a browser without fetch', async () => {
    const scope = { fetch: undefined as unknown as typeof fetch, setTimeout, clearTimeout } as unknown as Window;
    expect(await fetchAnswer('/ajax/account/data', {}, scope)).toEqual({ status: 0, body: '', retryAfter: null });
  });

  it('is given up at REQUEST_TIMEOUT_MS, not before, and the connection is dropped', async () => {
    jest.useFakeTimers();
    answer = 'hang';
    let given: unknown = null;
    const pending = fetchAnswer('/ajax/account/data').then((raw) => (given = raw));
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(given).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ status: 0, body: '', retryAfter: null, timedOut: true });
    expect(wire.requests[0].signal?.aborted).toBe(true);
  });

  it("ends with the caller's signal, as aborted, before or while it is on its way", async () => {
    const before = new AbortController();
    before.abort();
    expect(await fetchAnswer('/ajax/kafka/log', { signal: before.signal })).toMatchObject({ status: 0, aborted: true });

    answer = 'hang';
    const during = new AbortController();
    const pending = fetchAnswer('/ajax/kafka/log', { signal: during.signal });
    during.abort();
    expect(await pending).toMatchObject({ status: 0, aborted: true });
  });
});
