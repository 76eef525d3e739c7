import { AxiosError, CanceledError } from 'axios';
import qs from 'qs';
import { startCasinoGame } from '../../../../../src/features/casino/calls/casino';
import { failWith, installWire, respond, sent } from '../../../main-site/transport';

installWire();

const home = '/promo/zenit/ru/slot_machine/';
const demoUrl = '/casino/play/book_of_ra?mode=demo&home_url=%2Fpromo%2Fzenit%2Fru%2Fslot_machine%2F';

describe('startCasinoGame', () => {
  it('posts uid, is_live=0 and home_url url-encoded to init_demo for a demo', async () => {
    respond({ result: { url: demoUrl } });
    expect(await startCasinoGame('demo', { uid: 'book_of_ra', isLive: false }, home)).toEqual({ ok: true, data: { url: demoUrl } });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/casino/init_demo');
    expect(sent[0].params).toBeUndefined();
    expect(String(sent[0].headers['Content-Type'])).toBe('application/x-www-form-urlencoded');
    expect(sent[0].data).toBe('uid=book_of_ra&is_live=0&home_url=%2Fpromo%2Fzenit%2Fru%2Fslot_machine%2F');
    expect(qs.parse(sent[0].data as string)).toEqual({ uid: 'book_of_ra', is_live: '0', home_url: home });
  });

  it('posts is_live=1 to init_game for real money', async () => {
    const url = '/casino/play/live_roulette?mode=real&is_live=1&home_url=https%3A%2F%2Fzenit.win%2Fpromo%2F';
    respond({ result: { url } });
    const result = await startCasinoGame('real', { uid: 'live_roulette', isLive: true }, 'https://zenit.win/promo/');
    expect(result).toEqual({ ok: true, data: { url } });
    expect(sent[0].url).toBe('/ajax/casino/init_game');
    expect(qs.parse(sent[0].data as string)).toEqual({ uid: 'live_roulette', is_live: '1', home_url: 'https://zenit.win/promo/' });
  });

  it.each(['https://games.example.com/start?t=abc', 'http://games.example.com/start'])('accepts the http(s) address %s', async (url) => {
    respond({ result: { url } });
    expect(await startCasinoGame('demo', { uid: 'g1', isLive: false }, home)).toEqual({ ok: true, data: { url } });
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example/start',
    '/\\evil.example/start',
    'ftp://games.example.com/start',
    'data:text/html,<script>alert(1)</script>',
  ])('refuses %p as an invalid answer', async (url) => {
    respond({ result: { url } });
    expect(await startCasinoGame('demo', { uid: 'g1', isLive: false }, home)).toEqual({
      ok: false,
      error: { kind: 'invalid', message: 'Unexpected answer from /ajax/casino/init_demo', server: null },
    });
  });

  it.each([[{ result: {} }], [{ result: true }], [''], [{ result: { url: '' } }]])(
    'is a game started with no address of its own for %p: the page then opens the main site game page',
    async (answer) => {
      respond(answer);
      expect(await startCasinoGame('real', { uid: 'g1', isLive: false }, home)).toEqual({ ok: true, data: { url: null } });
    },
  );

  it('hands back not_authorized for real money without a session', async () => {
    const body = { error: { code: 'not_authorized', message: 'Log in to play for real money' } };
    respond(body, 401);
    const result = await startCasinoGame('real', { uid: 'g1', isLive: false }, home);
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 401, message: 'Request failed with status code 401', body } });
    expect(!result.ok && result.error.server).toEqual({
      code: 'not_authorized',
      message: 'Log in to play for real money',
      field: null,
      retryAfter: null,
    });
  });

  it('hands back game_invalid with its field', async () => {
    const body = { error: { code: 'game_invalid', message: 'Unknown game uid', field: 'uid' } };
    respond(body, 400);
    const result = await startCasinoGame('demo', { uid: 'no such game', isLive: false }, home);
    expect(!result.ok && result.error.server?.field).toBe('uid');
  });

  it("normalises a lost connection to 'Network Error'", async () => {
    failWith((config) => new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config, {}));
    expect(await startCasinoGame('demo', { uid: 'g1', isLive: false }, home)).toEqual({
      ok: false,
      error: { kind: 'network', message: 'Network Error', server: null },
    });
  });

  it("normalises a timeout to 'timeout of 15000ms exceeded'", async () => {
    failWith((config) => new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {}));
    expect(await startCasinoGame('real', { uid: 'g1', isLive: true }, home)).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null },
    });
  });

  it("normalises a cancelled request to 'Request aborted'", async () => {
    failWith((config) => new CanceledError(undefined, config, {}));
    expect(await startCasinoGame('demo', { uid: 'g1', isLive: false }, home)).toEqual({
      ok: false,
      error: { kind: 'aborted', message: 'Request aborted', server: null },
    });
  });
});
