/**
 * The one axios instance for the main site's /ajax calls (same origin, cookies sent) and the one
 * place where transport failures become values a feature can show (spec 8).
 */
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { readAnswer, reported, type AnswerReader, type ApiError, type ApiResult, type CallOptions } from './answer';
import { serverErrorOf } from './contract';
import { REQUEST_TIMEOUT_MS } from '../domain/timing';
import { serializeQueryParams } from './query-params';

/** Mobile networks are slow: long enough for a 3G answer, short enough that a visitor is not left waiting. */
export { REQUEST_TIMEOUT_MS };

/** Spec 9: the query parser's defaults, as the main site reads our form bodies (tests parse with them too). */
export const QS_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

export const api: AxiosInstance = axios.create({
  baseURL: '/',
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  paramsSerializer: { serialize: (params) => serializeQueryParams(params) },
});

export { invalidAnswer, refusal, type ApiError, type ApiErrorKind, type ApiResult } from './answer';

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
 * Runs one call and reads its answer through the contract (answer.ts): a 2xx is a success unless its
 * body refuses (spec 8), and the reader takes what the page needs from it; every failure, transport,
 * status or shape, comes back as an ApiError carrying the server's body, and is logged.
 */
export async function call<T>(
  name: string,
  request: () => Promise<{ data: unknown; headers?: unknown }>,
  read: AnswerReader<T>,
  options?: CallOptions,
): Promise<ApiResult<T>> {
  let result: ApiResult<T>;
  try {
    const response = await request();
    result = readAnswer(name, response.data, retryAfterOf(response.headers as Headers), read);
  } catch (failure) {
    result = { ok: false, error: toApiError(failure) };
  }
  return reported(name, result, options);
}
