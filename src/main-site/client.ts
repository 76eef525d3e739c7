/**
 * Where the calls a visitor's action makes (registration, SMS, casino, odds, rules) are made and judged
 * (spec 8). The axios instance lives in ajax.ts and is loaded with the first such call, so axios is never
 * part of a plain visit: the calls the page makes by itself go by fetch (fetch-answer.ts), and both are
 * judged by answer.ts.
 */
import type { AxiosInstance } from 'axios';
import { NETWORK_ERROR, readAnswer, reported, type AnswerReader, type ApiResult, type CallOptions } from './answer';
import { REQUEST_TIMEOUT_MS } from '../domain/timing';

/** Mobile networks are slow: long enough for a 3G answer, short enough that a visitor is not left waiting. */
export { REQUEST_TIMEOUT_MS };

/** Spec 9: the query parser's defaults, as the main site reads our form bodies (tests parse with them too). */
export const QS_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

export { invalidAnswer, refusal, type ApiError, type ApiErrorKind, type ApiResult } from './answer';

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
  request: (api: AxiosInstance) => Promise<{ data: unknown; headers?: unknown }>,
  read: AnswerReader<T>,
  options?: CallOptions,
): Promise<ApiResult<T>> {
  let transport: typeof import('./ajax');
  try {
    transport = await import(/* webpackChunkName: "main-site-ajax" */ './ajax');
  } catch {
    // The chunk did not come: for the visitor that is the network failing, and the next call tries again.
    return reported(name, { ok: false, error: NETWORK_ERROR }, options);
  }
  let result: ApiResult<T>;
  try {
    const response = await request(transport.api);
    result = readAnswer(name, response.data, transport.retryAfterOf(response.headers as Record<string, unknown> | undefined), read);
  } catch (failure) {
    result = { ok: false, error: transport.toApiError(failure) };
  }
  return reported(name, result, options);
}
