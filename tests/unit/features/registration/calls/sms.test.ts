import { AxiosError, CanceledError } from 'axios';
import { checkSmsCode, sendSmsCode } from '../../../../../src/features/registration/calls/sms';
import { DEFAULT_SMS_RETRY_S } from '../../../../../src/main-site/contract';
import { failWith, installWire, respond, sent } from '../../../main-site/transport';

const { error } = installWire();

describe('sendSmsCode: POST /ajax/account/sms/send', () => {
  it('posts no body and reads how long to wait', async () => {
    respond({ result: { sent: true, retry_after: 30 } });
    expect(await sendSmsCode()).toEqual({ ok: true, data: { retryAfter: 30 } });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/account/sms/send');
    expect(sent[0].params).toBeUndefined();
    expect(sent[0].data).toBeUndefined();
  });

  it('hands back sms_too_often with the seconds to wait', async () => {
    const body = { error: { code: 'sms_too_often', message: 'A new code can be sent in 12 s', retry_after: 12 } };
    respond(body, 429);
    const result = await sendSmsCode();
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 429, message: 'Request failed with status code 429', body } });
    expect(!result.ok && result.error.server).toEqual({
      code: 'sms_too_often',
      message: 'A new code can be sent in 12 s',
      field: null,
      retryAfter: 12,
    });
    expect(error).toHaveBeenCalledWith('[promo] /ajax/account/sms/send failed: Request failed with status code 429', body);
  });

  it.each([
    [401, 'not_authorized', 'Register by phone first: there is no session'],
    [409, 'already_confirmed', 'This phone number is already confirmed'],
  ])('hands back %i %s', async (status, code, message) => {
    respond({ error: { code, message } }, status);
    const result = await sendSmsCode();
    expect(!result.ok && result.error.status).toBe(status);
    expect(!result.ok && result.error.server).toEqual({ code, message, field: null, retryAfter: null });
  });

  it('is a code sent without retry_after: the wait defaults to DEFAULT_SMS_RETRY_S', async () => {
    respond({ result: { sent: true } });
    expect(await sendSmsCode()).toEqual({ ok: true, data: { retryAfter: DEFAULT_SMS_RETRY_S } });
  });
});

describe('checkSmsCode: POST /ajax/account/sms/check', () => {
  it('sends the code as multipart and reads the confirmation', async () => {
    respond({ result: { confirmed: true } });
    expect(await checkSmsCode('4821')).toEqual({ ok: true, data: { confirmed: true } });
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/ajax/account/sms/check');
    expect(sent[0].data).toBeInstanceOf(FormData);
    expect([...(sent[0].data as FormData).entries()]).toEqual([['code', '4821']]);
  });

  it('sends the code without the spaces a visitor may type around it', async () => {
    respond({ result: { confirmed: true } });
    await checkSmsCode(' 4821 ');
    expect([...(sent[0].data as FormData).entries()]).toEqual([['code', '4821']]);
  });

  it('hands back sms_code_invalid with its field', async () => {
    const body = { error: { code: 'sms_code_invalid', message: 'The code is wrong', field: 'code' } };
    respond(body, 422);
    const result = await checkSmsCode('0000');
    expect(!result.ok && result.error.body).toEqual(body);
    expect(!result.ok && result.error.server).toEqual({
      code: 'sms_code_invalid',
      message: 'The code is wrong',
      field: 'code',
      retryAfter: null,
    });
  });

  it('counts a 2xx that says confirmed: false as a wrong code', async () => {
    respond({ result: { confirmed: false } });
    expect(await checkSmsCode('4821')).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        message: '/ajax/account/sms/check refused',
        server: { code: 'sms_code_invalid', message: null, field: 'code', retryAfter: null },
      },
    });
  });
});

describe('transport failures (spec 8 messages)', () => {
  const calls = [
    ['sendSmsCode', () => sendSmsCode()],
    ['checkSmsCode', () => checkSmsCode('4821')],
  ] as const;

  it.each(calls)("%s: a lost connection is 'Network Error'", async (_name, run) => {
    failWith((config) => new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
  });

  it.each(calls)("%s: a timeout is 'timeout of 15000ms exceeded'", async (_name, run) => {
    failWith((config) => new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null } });
  });

  it.each(calls)('%s: a clarified timeout (ETIMEDOUT) reads the same', async (_name, run) => {
    failWith((config) => new AxiosError('timeout exceeded', AxiosError.ETIMEDOUT, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null } });
  });

  it.each(calls)("%s: a cancelled request is 'Request aborted'", async (_name, run) => {
    failWith((config) => new CanceledError(undefined, config, {}));
    expect(await run()).toEqual({ ok: false, error: { kind: 'aborted', message: 'Request aborted', server: null } });
  });
});
