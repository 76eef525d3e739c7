import { AxiosError } from 'axios';
import { fetchSession } from '../../../src/main-site/session';
import { failWith, installWire, respond, sent } from './transport';

installWire();

describe('fetchSession: GET /session.php', () => {
  it('is a GET with no query and no body', async () => {
    respond({ session_id: 's1', logged_in: false, user_id: null, lang: 'ru' });
    await fetchSession();
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('get');
    expect(sent[0].url).toBe('/session.php');
    expect(sent[0].params).toBeUndefined();
    expect(sent[0].data).toBeUndefined();
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
  ])('is a session opened, with nothing to read, when a 2xx body is %s (success is the status)', async (_case, data) => {
    respond(data);
    expect(await fetchSession()).toEqual({ ok: true, data: {} });
  });

  it('hands back an HTTP failure with its body', async () => {
    const body = { error: { code: 'internal_error', message: 'Internal server error' } };
    respond(body, 500);
    expect(await fetchSession()).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 500, message: 'Request failed with status code 500', body, server: { code: 'internal_error' } },
    });
  });

  it("normalises a lost connection to 'Network Error'", async () => {
    failWith((config) => new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config, {}));
    expect(await fetchSession()).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
  });

  it("normalises a timeout to 'timeout of 15000ms exceeded'", async () => {
    failWith((config) => new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {}));
    expect(await fetchSession()).toEqual({ ok: false, error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null } });
  });

  it("normalises an aborted request to 'Request aborted'", async () => {
    respond({ session_id: 's1' });
    const controller = new AbortController();
    controller.abort();
    expect(await fetchSession(controller.signal)).toEqual({
      ok: false,
      error: { kind: 'aborted', message: 'Request aborted', server: null },
    });
    expect(sent).toHaveLength(0);
  });
});
