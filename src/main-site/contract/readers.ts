/**
 * What every answer is read with: a field's reader for each type the answers hold, where an answer's
 * fields are, and whether a 2xx answer refused all the same (spec 8). Lenient throughout: a field of
 * the wrong type counts as absent, and nothing here throws.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A field's reader: its value, or undefined when it is of another type. Plain functions, not zod: this
 * module runs on every landing load, and zod's schemas would add a chunk to fetch and their construction
 * to the start-up for a handful of scalar checks; the tables keep zod at build time.
 */
export type Reader<T> = (value: unknown) => T | undefined;

const WHOLE_NUMBER_TEXT = /^\s*-?\d+\s*$/;
const DECIMAL_TEXT = /^\s*\d+(\.\d+)?\s*$/;
const PHONE_CODE = /^\+?\d{1,4}$/;

export const text: Reader<string> = (value) => (typeof value === 'string' ? value : undefined);
export const nonEmptyText: Reader<string> = (value) => (typeof value === 'string' && value.length > 0 ? value : undefined);
export const flag: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);
export const phoneCodeText: Reader<string> = (value) => (typeof value === 'string' && PHONE_CODE.test(value) ? value : undefined);
/** Ids and counts arrive as numbers or as digit strings, depending on the main site's serializer. */
export const wholeNumber: Reader<number> = (value) => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  return typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) ? Number(value) : undefined;
};
/** Odds and seconds: a finite number, or its decimal text (a text of 400 digits is no number either). */
export const decimal: Reader<number> = (value) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
};
export const positiveSeconds: Reader<number> = (value) => {
  const seconds = decimal(value);
  return seconds !== undefined && seconds >= 0 ? seconds : undefined;
};

/** One field read by its reader: the value, or undefined when it is absent or of another type. */
export function field<T>(record: Record<string, unknown>, key: string, read: Reader<T>): T | undefined {
  if (!(key in record)) return undefined;
  return read(record[key]);
}

/**
 * Where an answer's fields are: inside `result` when it is an object (the envelope spec 7 names),
 * otherwise at the top level (`{"success": true, "need_sms": false}`); an empty, non-JSON or scalar
 * body has none.
 */
export function answerFields(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  return isRecord(body.result) ? body.result : body;
}

/** `result` as spec 7 names it, or the body itself when the main site sent the list bare. */
export function resultOrBody(body: unknown): unknown {
  return isRecord(body) && 'result' in body ? body.result : body;
}

// ---------------------------------------------------------------------------------------------------
// Success and failure (spec 8)

const FAILED_STATUSES = new Set(['error', 'fail', 'failed', 'failure']);

/**
 * A 2xx answer is a success unless its body says otherwise in one of these ways: an `error` that is set
 * (an object, or a non-empty string), `success: false` or `ok: false`, `status` "error"/"fail"/"failed",
 * or `result: false`. Anything else, an empty or unreadable body included, is a success.
 */
export function refusedInBody(body: unknown): boolean {
  if (!isRecord(body)) return false;
  const { error } = body;
  if (isRecord(error) || (typeof error === 'string' && error.trim() !== '') || error === true) return true;
  if (body.success === false || body.ok === false || body.result === false) return true;
  return typeof body.status === 'string' && FAILED_STATUSES.has(body.status.trim().toLowerCase());
}

/** What the main site said went wrong, as far as its body tells; every part may be missing. */
export interface ServerError {
  /** A machine code such as "phone_taken". */
  code: string | null;
  /** The server's own text (English on the main site); shown to nobody, logged. */
  message: string | null;
  /** The form field at fault, in the main site's names (phone, email, promo_code…). */
  field: string | null;
  /** Seconds to wait before asking again (sms_too_often; a Retry-After header counts too). */
  retryAfter: number | null;
}

const CODE_LIKE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

function firstKey(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const key = Object.keys(value)[0];
  return key ?? null;
}

/**
 * Reads a failure body in the shapes main sites use: `{"error": {code, message, field}}` (the shape
 * server/README.md documents), `{"error": "phone_taken"}`, `{"code", "message", "field"}` at the top,
 * `{"errors": {"phone": ["…"]}}`, `{"status": "error", "message": "…"}`. Null when the body names
 * nothing at all (an HTML error page, an empty body).
 */
export function serverErrorOf(body: unknown, retryAfterHeader?: unknown): ServerError | null {
  const outer = isRecord(body) ? body : {};
  const inner = isRecord(outer.error) ? outer.error : {};
  const errorText = field(outer, 'error', nonEmptyText);
  const code =
    field(inner, 'code', nonEmptyText) ??
    field(inner, 'error_code', nonEmptyText) ??
    (errorText && CODE_LIKE.test(errorText) ? errorText : undefined) ??
    field(outer, 'code', nonEmptyText) ??
    field(outer, 'error_code', nonEmptyText) ??
    null;
  const message =
    field(inner, 'message', nonEmptyText) ??
    field(outer, 'message', nonEmptyText) ??
    (errorText && !CODE_LIKE.test(errorText) ? errorText : undefined) ??
    null;
  const fieldName =
    field(inner, 'field', nonEmptyText) ?? field(outer, 'field', nonEmptyText) ?? firstKey(inner.errors) ?? firstKey(outer.errors);
  const retryAfter =
    field(inner, 'retry_after', positiveSeconds) ??
    field(outer, 'retry_after', positiveSeconds) ??
    field({ header: retryAfterHeader }, 'header', positiveSeconds) ??
    null;
  if (code === null && message === null && fieldName === null && retryAfter === null) return null;
  return { code: code === null ? null : code, message, field: fieldName, retryAfter };
}
