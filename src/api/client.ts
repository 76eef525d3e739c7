/**
 * The one axios instance for the main site's /ajax calls (same origin, cookies sent) and the one
 * place where transport failures become values a feature can show (spec 8).
 */
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { serializeQueryParams } from './query-params';

/** Mobile networks are slow: long enough for a 3G answer, short enough that a visitor is not left waiting. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Spec 9: the query parser's defaults, as the main site reads our form bodies (tests parse with them too). */
export const QS_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

export const api: AxiosInstance = axios.create({
  baseURL: '/',
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  paramsSerializer: { serialize: (params) => serializeQueryParams(params) },
});

export type ApiErrorKind = 'timeout' | 'network' | 'aborted' | 'http' | 'invalid';

/** A failed call as features see it: its kind, spec 8's message, and the server's body when it sent one. */
export interface ApiError {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  /** The server's failure body, handed back to the caller as is (spec 8). */
  body?: unknown;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export function toApiError(error: unknown): ApiError {
  const axiosError = error as AxiosError;
  if (axios.isCancel(error) || axiosError?.code === 'ERR_CANCELED') return { kind: 'aborted', message: 'Request aborted' };
  if (axiosError?.code === 'ECONNABORTED' && /timeout/i.test(axiosError.message)) return { kind: 'timeout', message: axiosError.message };
  if (axiosError?.code === 'ETIMEDOUT') return { kind: 'timeout', message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` };
  if (axiosError?.response) {
    return { kind: 'http', status: axiosError.response.status, message: axiosError.message, body: axiosError.response.data };
  }
  if (axiosError?.request || axiosError?.code === 'ERR_NETWORK') return { kind: 'network', message: 'Network Error' };
  return { kind: 'invalid', message: error instanceof Error ? error.message : String(error) };
}

/** An answer that does not have the shape we read: treated like a failed call. */
export function invalidAnswer(what: string): ApiError {
  return { kind: 'invalid', message: `Unexpected answer from ${what}` };
}

/** Logs a failure the page goes on without (spec 8: "logged only"). */
export function logFailure(call: string, error: ApiError): void {
  console.warn(`[promo] ${call} failed: ${error.message}`);
}

/**
 * Form-encoded body with the spec 9 qs rules (nested keys like data[promo_id]). qs is fetched with
 * the first form body rather than with every page; build the body inside the request function given
 * to `call()`, so a chunk that fails to load is a failed call and not an unhandled rejection.
 */
export async function formBody(fields: Record<string, unknown>): Promise<string> {
  const { encodeForm } = await import('./form-encoding');
  return encodeForm(fields);
}

/** Multipart body; empty or falsy fields are left out unless named in `keep` (spec 5). */
export function multipartBody(
  fields: Record<string, string | number | boolean | null | undefined>,
  keep: readonly string[] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (!value && !keep.includes(name)) continue;
    form.append(name, String(value ?? ''));
  }
  return form;
}

/** `{ result: … }` is how the main site wraps a successful answer. */
export function resultOf(data: unknown): unknown {
  return data && typeof data === 'object' && 'result' in data ? (data as { result: unknown }).result : undefined;
}

/**
 * Runs one call and parses its answer; every failure, transport or shape, comes back as an ApiError.
 * `quiet` calls (country list, popular events, tracking, imprint) are logged only (spec 8).
 */
export async function call<T>(
  name: string,
  request: () => Promise<{ data: unknown }>,
  parse: (data: unknown) => T | null,
  { logOnly = false }: { logOnly?: boolean } = {},
): Promise<ApiResult<T>> {
  let error: ApiError;
  try {
    const response = await request();
    const data = parse(response.data);
    if (data !== null) return { ok: true, data };
    error = invalidAnswer(name);
  } catch (failure) {
    error = toApiError(failure);
  }
  if (logOnly) logFailure(name, error);
  else console.error(`[promo] ${name} failed: ${error.message}`, error.body ?? '');
  return { ok: false, error };
}

/** What the main site says went wrong: `{"error": {code, message, field?}}` (server/README.md). */
export interface ServerError {
  code: string;
  message: string;
  field?: string;
  /** Seconds to wait, on sms_too_often. */
  retryAfter?: number;
}

/** The server's own failure in an ApiError's body, or null when the failure was not the server speaking. */
export function serverErrorOf(error: ApiError): ServerError | null {
  const body = error.body as { error?: Record<string, unknown>; retry_after?: unknown } | undefined;
  const inner = body?.error;
  if (!inner || typeof inner.code !== 'string') return null;
  const retryAfter = Number(inner.retry_after ?? body?.retry_after);
  return {
    code: inner.code,
    message: typeof inner.message === 'string' ? inner.message : '',
    field: typeof inner.field === 'string' ? inner.field : undefined,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
  };
}
