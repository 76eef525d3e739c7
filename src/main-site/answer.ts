/**
 * How a main-site answer becomes what a feature sees (spec 8), without the transport: success is the
 * status, a 2xx body may still refuse (contract/readers.ts, refusedInBody), and the contract's reader
 * takes what the page needs. The axios client (client.ts) and the fetch calls (fetch-answer.ts: the first-screen
 * script's, the session's, tracking's) both end here, so one rule decides for every call.
 */
import type { RawAnswer } from './fetch-answer';
import { refusedInBody, serverErrorOf, type ServerError } from './contract';
import { REQUEST_TIMEOUT_MS } from '../domain/timing';

/** A failure of the network and a call given up, in the same words whichever transport made the call (axios's). */
export const NETWORK_ERROR: ApiError = { kind: 'network', message: 'Network Error', server: null };
export const TIMEOUT_ERROR: ApiError = { kind: 'timeout', message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, server: null };
export const ABORTED_ERROR: ApiError = { kind: 'aborted', message: 'Request aborted', server: null };

/**
 * `http`: a non-2xx status; `refused`: a 2xx whose body says it failed (contract/readers.ts, refusedInBody);
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

export type AnswerReader<T> = (data: unknown, retryAfterHeader: unknown) => T | null;

export interface CallOptions {
  /** Country list, popular events, tracking, imprint: failures are logged only (spec 8). */
  logOnly?: boolean;
}

/** A 2xx answer without the data the page cannot do without: treated like a failed call. */
export function invalidAnswer(what: string): ApiError {
  return { kind: 'invalid', message: `Unexpected answer from ${what}`, server: null };
}

/** A 2xx answer that says no in a field of its own (valid: false, available: false…), placed like a 4xx. */
export function refusal(what: string, server: ServerError): ApiError {
  return { kind: 'refused', message: `${what} refused`, server };
}

/** A non-2xx answer: its body goes back to the caller with what it says went wrong. */
export function statusFailure(status: number, body: unknown, retryAfter: unknown): ApiError {
  return { kind: 'http', status, message: `Request failed with status code ${status}`, body, server: serverErrorOf(body, retryAfter) };
}

/** A 2xx answer read through the contract. */
export function readAnswer<T>(name: string, data: unknown, retryAfter: unknown, read: AnswerReader<T>): ApiResult<T> {
  if (refusedInBody(data)) {
    return { ok: false, error: { kind: 'refused', message: `${name} refused`, body: data, server: serverErrorOf(data, retryAfter) } };
  }
  const read_ = read(data, retryAfter);
  return read_ === null ? { ok: false, error: invalidAnswer(name) } : { ok: true, data: read_ };
}

/** Logs a failure the page goes on without (spec 8: "logged only"). */
export function logFailure(call: string, error: ApiError): void {
  console.warn(`[promo] ${call} failed: ${error.message}`);
}

/** Spec 8: every failure is logged, the quiet ones as warnings; the result goes on unchanged. */
export function reported<T>(name: string, result: ApiResult<T>, { logOnly = false }: CallOptions = {}): ApiResult<T> {
  if (result.ok) return result;
  if (logOnly) logFailure(name, result.error);
  else console.error(`[promo] ${name} failed: ${result.error.message}`, result.error.body ?? '');
  return result;
}

/** JSON when it parses, else the text itself (axios's own silent parsing): the contract reads either. */
function parsedBody(body: string): unknown {
  if (body === '') return '';
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The raw answer of a fetch call (fetch-answer.ts), judged like any other. */
export async function fromRawAnswer<T>(
  name: string,
  answer: Promise<RawAnswer>,
  read: AnswerReader<T>,
  options?: CallOptions,
): Promise<ApiResult<T>> {
  const { status, body, retryAfter, timedOut, aborted } = await answer;
  const data = parsedBody(body);
  if (status === 0) {
    const error: ApiError = timedOut ? TIMEOUT_ERROR : aborted ? ABORTED_ERROR : NETWORK_ERROR;
    return reported(name, { ok: false, error }, options);
  }
  if (status < 200 || status >= 300) return reported(name, { ok: false, error: statusFailure(status, data, retryAfter) }, options);
  return reported(name, readAnswer(name, data, retryAfter, read), options);
}
