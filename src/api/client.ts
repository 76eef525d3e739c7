/**
 * The one axios instance for the main site's /ajax calls (same origin, cookies sent) and the one
 * place where transport failures become values a feature can show (spec 8).
 */
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { refusedInBody, serverErrorOf, type ServerError } from './contract';
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

/**
 * `http`: a non-2xx status; `refused`: a 2xx whose body says it failed (contract.refusedInBody);
 * `invalid`: a 2xx without the data the page cannot do without (contract readers that return null).
 */
export type ApiErrorKind = 'timeout' | 'network' | 'aborted' | 'http' | 'refused' | 'invalid';

/** A failed call as features see it: its kind, spec 8's message, and the server's body when it sent one. */
export interface ApiError {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  /** The server's failure body, handed back to the caller as is (spec 8). */
  body?: unknown;
  /** What the body says went wrong (code, field, wait), read by the contract; null when it says nothing. */
  server: ServerError | null;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

type Headers = Record<string, unknown> | undefined;

const retryAfterOf = (headers: Headers): unknown => headers?.['retry-after'];

export function toApiError(error: unknown): ApiError {
  const axiosError = error as AxiosError;
  if (axios.isCancel(error) || axiosError?.code === 'ERR_CANCELED') return { kind: 'aborted', message: 'Request aborted', server: null };
  if (axiosError?.code === 'ECONNABORTED' && /timeout/i.test(axiosError.message)) {
    return { kind: 'timeout', message: axiosError.message, server: null };
  }
  if (axiosError?.code === 'ETIMEDOUT') return { kind: 'timeout', message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, server: null };
  if (axiosError?.response) {
    const { status, data, headers } = axiosError.response;
    return { kind: 'http', status, message: axiosError.message, body: data, server: serverErrorOf(data, retryAfterOf(headers as Headers)) };
  }
  if (axiosError?.request || axiosError?.code === 'ERR_NETWORK') return { kind: 'network', message: 'Network Error', server: null };
  return { kind: 'invalid', message: error instanceof Error ? error.message : String(error), server: null };
}

/** A 2xx answer without the data the page cannot do without: treated like a failed call. */
export function invalidAnswer(what: string): ApiError {
  return { kind: 'invalid', message: `Unexpected answer from ${what}`, server: null };
}

/** A 2xx answer that says no in a field of its own (valid: false, available: false…), placed like a 4xx. */
export function refusal(what: string, server: ServerError): ApiError {
  return { kind: 'refused', message: `${what} refused`, server };
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

/**
 * Runs one call and reads its answer through the contract: a 2xx is a success unless its body refuses
 * (spec 8), and the reader takes what the page needs from it; every failure, transport, status or
 * shape, comes back as an ApiError carrying the server's body. `logOnly` calls (country list, popular
 * events, tracking, imprint) are logged only (spec 8).
 */
export async function call<T>(
  name: string,
  request: () => Promise<{ data: unknown; headers?: unknown }>,
  read: (data: unknown, retryAfterHeader: unknown) => T | null,
  { logOnly = false }: { logOnly?: boolean } = {},
): Promise<ApiResult<T>> {
  let error: ApiError;
  try {
    const response = await request();
    const retryAfter = retryAfterOf(response.headers as Headers);
    if (refusedInBody(response.data)) {
      error = { kind: 'refused', message: `${name} refused`, body: response.data, server: serverErrorOf(response.data, retryAfter) };
    } else {
      const data = read(response.data, retryAfter);
      if (data !== null) return { ok: true, data };
      error = invalidAnswer(name);
    }
  } catch (failure) {
    error = toApiError(failure);
  }
  if (logOnly) logFailure(name, error);
  else console.error(`[promo] ${name} failed: ${error.message}`, error.body ?? '');
  return { ok: false, error };
}
