/** Failure answer of the main site: `{"error": {"code", "message", "field"?, ...extra}}`. */
export interface ErrorBody {
  code: string;
  message: string;
  field?: string;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly extra: Record<string, unknown>;
  /** Response headers that belong to this failure, such as Retry-After. */
  readonly headers: Record<string, string> = {};

  constructor(status: number, code: string, message: string, field?: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.extra = extra;
  }

  toBody(): { error: ErrorBody } {
    const error: ErrorBody = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    return { error: { ...error, ...this.extra } };
  }
}

export function envelope<T>(result: T): { result: T } {
  return { result };
}

/** Fastify's own error codes mapped to the snake_case codes the main site uses. */
const FRAMEWORK_CODES: Record<number, string> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

export function frameworkErrorBody(status: number, message: string): { error: ErrorBody } {
  const code = FRAMEWORK_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
  return { error: { code, message } };
}
