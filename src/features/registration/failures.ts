import { serverErrorOf, type ApiError } from '../../api/client';
import { SERVER_ERRORS, type FieldError, type FieldName } from '../../domain/registration';

export interface Failure {
  field: FieldName | 'form' | 'code';
  error: FieldError;
}

/** The server's field names (multipart) and the form's. */
const SERVER_FIELDS: Record<string, FieldName> = {
  phone: 'phone',
  email: 'email',
  password: 'password',
  promo_code: 'promoCode',
  birthdate: 'birthdate',
  country_id: 'country',
  currency: 'currency',
};

/**
 * Where a failed call's message goes and what it says, in the page language: the main site's own
 * text is English, so its code picks a translated message; the field it names decides the place.
 */
export function failureOf(error: ApiError): Failure {
  const server = serverErrorOf(error);
  if (server) {
    const known = SERVER_ERRORS[server.code];
    const values = server.retryAfter !== undefined ? { seconds: server.retryAfter } : undefined;
    if (known) return { field: known.field, error: { key: known.key, values } };
    const field = server.field ? SERVER_FIELDS[server.field] : undefined;
    return { field: field ?? 'form', error: { key: 'error.server' } };
  }
  if (error.kind === 'timeout') return { field: 'form', error: { key: 'error.timeout' } };
  if (error.kind === 'network' || error.kind === 'aborted') return { field: 'form', error: { key: 'error.network' } };
  return { field: 'form', error: { key: 'error.server' } };
}
