/**
 * Spec 7 SMS confirmation, the last steps of phone registration (spec 4). Answers are read by the
 * contract: a 2xx, even an empty one, is a code sent or accepted. Failures are logged and the server's
 * body is handed back (spec 8): sms_too_often carries how long to wait.
 */
import { call, multipartBody, refusal, type ApiResult } from '../../../main-site/client';
import { CALLS, readSmsCheck, readSmsSent, type SmsCheck, type SmsSent } from '../../../main-site/contract';

export type { SmsSent };

/** The session opened by registration says which phone; the call has no body. */
export function sendSmsCode(): Promise<ApiResult<SmsSent>> {
  const { path } = CALLS.smsSend;
  return call(path, (api) => api.post(path), readSmsSent);
}

export async function checkSmsCode(code: string): Promise<ApiResult<SmsCheck>> {
  const { path } = CALLS.smsCheck;
  const result = await call(path, (api) => api.post(path, multipartBody({ code: code.trim() })), readSmsCheck);
  if (!result.ok || result.data.confirmed) return result;
  console.error(`[promo] ${path} failed: the code was not confirmed`);
  return { ok: false, error: refusal(path, { code: 'sms_code_invalid', message: null, field: 'code', retryAfter: null }) };
}
