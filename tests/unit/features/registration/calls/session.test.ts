import { REQUEST_TIMEOUT_MS } from '../../../../../src/domain/timing';
import { fetchSession } from '../../../../../src/features/registration/calls/session';
import { fetchWire, installFetchWire, type WireAnswer } from '../../../../fixtures/fetch-wire';
import { installWire } from '../../../main-site/transport';

// The session goes by fetch: the wire stands in for the browser's fetch; installWire only silences the console.
const { warn, error } = installWire();
let answer: WireAnswer;
const wire = installFetchWire(fetchWire(() => answer));

function respond(body: unknown, status = 200): void {
  answer = { status, body };
}

beforeEach(() => respond({ session_id: 's1', logged_in: false, user_id: null, lang: 'ru' }));

describe('fetchSession: GET /session.php', () => {
  it('is a GET with no query and no body, with the page cookies and the AJAX marker', async () => {
    await fetchSession();
    expect(wire.requests).toHaveLength(1);
    const [request] = wire.requests;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/session.php');
    expect(request.body).toBeUndefined();
    expect(request.credentials).toBe('include');
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('hands back the bare object whole, fields it does not know included', async () => {
    respond({ session_id: '9f8e7d6c', logged_in: true, user_id: 100001, lang: 'br', extra: { a: [1, 2] } });
    expect(await fetchSession()).toEqual({
      ok: true,
      data: { session_id: '9f8e7d6c', logged_in: true, user_id: 100001, lang: 'br', extra: { a: [1, 2] } },
    });
  });

  it('does not unwrap a result envelope: the answer is returned as it came', async () => {
    respond({ result: { session_id: 's1' } });
    expect(await fetchSession()).toEqual({ ok: true, data: { result: { session_id: 's1' } } });
  });

  it.each([
    ['a list', [1, 2]],
    ['a string', 'not json at all'],
    ['null', null],
    ['empty', ''],
  ])('is a session opened, with nothing to read, when a 2xx body is %s (success is the status)', async (_case, data) => {
    respond(data);
    expect(await fetchSession()).toEqual({ ok: true, data: {} });
    expect(error).not.toHaveBeenCalled();
  });
});

describe('fetchSession: failures', () => {
  it('hands back an HTTP failure with its body and logs it as an error', async () => {
    const body = { error: { code: 'internal_error', message: 'Internal server error' } };
    respond(body, 500);
    expect(await fetchSession()).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 500, message: 'Request failed with status code 500', body, server: { code: 'internal_error' } },
    });
    expect(error).toHaveBeenCalledWith('[promo] /session.php failed: Request failed with status code 500', body);
    expect(warn).not.toHaveBeenCalled();
  });

  it("normalises a lost connection to 'Network Error'", async () => {
    answer = 'network';
    expect(await fetchSession()).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
    expect(error).toHaveBeenCalledWith('[promo] /session.php failed: Network Error', '');
  });

  it('logs a call given up at REQUEST_TIMEOUT_MS as an error (fetch-answer.test.ts holds the timing)', async () => {
    jest.useFakeTimers();
    answer = 'hang';
    const session = fetchSession();
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    jest.useRealTimers();
    expect(await session).toMatchObject({ ok: false, error: { kind: 'timeout', message: 'timeout of 15000ms exceeded' } });
    expect(error).toHaveBeenCalledWith('[promo] /session.php failed: timeout of 15000ms exceeded', '');
  });

  it("normalises a request aborted before it starts to 'Request aborted', and nothing is sent", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await fetchSession(controller.signal)).toEqual({
      ok: false,
      error: { kind: 'aborted', message: 'Request aborted', server: null },
    });
    // fetch is handed an already-aborted signal: the browser sends nothing.
    expect(wire.requests.every((request) => request.signal?.aborted === true)).toBe(true);
  });

  it("normalises a request aborted in flight to 'Request aborted'", async () => {
    answer = 'hang';
    const controller = new AbortController();
    const pending = fetchSession(controller.signal);
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { kind: 'aborted', message: 'Request aborted', server: null } });
    expect(wire.requests).toHaveLength(1);
    expect(wire.requests[0].signal?.aborted).toBe(true);
  });
});
