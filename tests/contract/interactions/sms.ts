/**
 * SMS confirmation, the end of spec 4's phone sequence. Both calls need the session the phone
 * registration opened: the pact takes its cookie from the provider state (`${sessionCookie}`).
 */
import { MatchersV3 as M, type PactV3 } from '@pact-foundation/pact/src/v3';
import { CALLS, DEFAULT_SMS_RETRY_S } from '../../../src/main-site/contract';
import { checkSmsCode, sendSmsCode } from '../../../src/features/registration/calls/sms';
import { failureOf } from '../../../src/features/registration/failures';
import { STATE } from '../../../server/stand-in/pact-states';
import {
  againstMock,
  BARE_SUCCESS,
  emptyPost,
  field,
  multipartRequest,
  refusal,
  withMultipart,
  SESSION,
  SUCCESS,
  withSessionCookie,
} from '../pact-helpers';

const CODE = '^\\d{4,8}$';
/** The code the state has the main site send (a staging main site in test mode sends a fixed one). */
const SENT_CODE = '4821';

export function smsInteractions(pact: () => PactV3): void {
  test('sms/send: any 2xx, an empty one too, is a code sent; the page waits its own pause before a resend', async () => {
    await pact()
      .given(STATE.phoneSession)
      .uponReceiving('a request for an SMS code in a phone registration session')
      .withRequest(emptyPost(CALLS.smsSend.path, SESSION))
      .willRespondWith({ status: SUCCESS })
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => withSessionCookie(() => sendSmsCode()));
        expect(result).toEqual({ ok: true, data: { retryAfter: DEFAULT_SMS_RETRY_S } });
      });
  });

  test('sms/send: asking again too soon is refused with how long to wait', async () => {
    await pact()
      .given(STATE.smsJustSent)
      .uponReceiving('a second request for an SMS code right after the first')
      .withRequest(emptyPost(CALLS.smsSend.path, SESSION))
      .willRespondWith(refusal('sms_too_often', null, 429, { retry_after: M.number(30) }))
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => withSessionCookie(() => sendSmsCode()));
        expect(result.ok || failureOf(result.error)).toEqual({
          field: 'code',
          error: { key: 'error.smsTooOften', values: { seconds: 30 } },
        });
      });
  });

  test('sms/check: the code sent is a bare success and the registration is done', async () => {
    const request = multipartRequest(CALLS.smsCheck.path, { code: field(SENT_CODE, CODE) }, SESSION);
    await withMultipart(pact().given(STATE.smsSent, { code: SENT_CODE }).uponReceiving('an SMS code check with the code sent'), request)
      .willRespondWith(BARE_SUCCESS)
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => withSessionCookie(() => checkSmsCode(' 4821 ')));
        expect(result).toEqual({ ok: true, data: { confirmed: true } });
      });
  });

  test('sms/check: another code is refused at the code field', async () => {
    const request = multipartRequest(CALLS.smsCheck.path, { code: field('1234', CODE) }, SESSION);
    await withMultipart(pact().given(STATE.smsSent, { code: SENT_CODE }).uponReceiving('an SMS code check with a wrong code'), request)
      .willRespondWith(refusal('sms_code_invalid', 'code', 422))
      .executeTest(async ({ url }) => {
        const result = await againstMock(url, () => withSessionCookie(() => checkSmsCode('1234')));
        expect(result.ok || failureOf(result.error)).toEqual({ field: 'code', error: { key: 'error.smsCode' } });
      });
  });
}
