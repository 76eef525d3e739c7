/**
 * Spec 7 SMS confirmation, the last steps of phone registration (spec 4). Failures are logged and
 * the server's body is handed back (spec 8): sms_too_often carries how long to wait.
 */
import { api, call, multipartBody, resultOf, type ApiResult } from './client';

export interface SmsSent {
  /** Seconds before another code may be asked for. */
  retryAfter: number;
}

export interface SmsConfirmed {
  confirmed: true;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function parseSmsSent(data: unknown): SmsSent | null {
  const result = resultOf(data);
  if (!isRecord(result) || typeof result.retry_after !== 'number' || !Number.isFinite(result.retry_after)) return null;
  return { retryAfter: result.retry_after };
}

function parseSmsConfirmed(data: unknown): SmsConfirmed | null {
  const result = resultOf(data);
  return isRecord(result) && result.confirmed === true ? { confirmed: true } : null;
}

/** The session opened by registration says which phone; the call has no body. */
export function sendSmsCode(): Promise<ApiResult<SmsSent>> {
  return call('/ajax/account/sms/send', () => api.post('/ajax/account/sms/send'), parseSmsSent);
}

export function checkSmsCode(code: string): Promise<ApiResult<SmsConfirmed>> {
  return call(
    '/ajax/account/sms/check',
    () => api.post('/ajax/account/sms/check', multipartBody({ code: code.trim() })),
    parseSmsConfirmed,
  );
}
