import type { ApiError } from '../../main-site/client';
import { SERVER_ERRORS, type FieldError, type FieldName } from '../../domain/registration';

export interface Failure {
  field: FieldName | 'form' | 'code';
  error: FieldError;
}

/** The server's field names (multipart) and the form's. */
const SERVER_FIELDS: Record<string, FieldName | 'code'> = {
  phone: 'phone',
  email: 'email',
  password: 'password',
  promo_code: 'promoCode',
  birthdate: 'birthdate',
  country_id: 'country',
  currency: 'currency',
  code: 'code',
};

/**
 * Where a failed call's message goes and what it says, in the page language. The main site's own text
 * is English, so a code it is known by picks a translated message; an unknown code at a field it names
 * reads "not accepted" there; anything else is a message at the form. A field the form does not show
 * (`shown`: a birth date the page does not ask for) cannot hold a message, so it goes to the form. What
 * the visitor typed is never touched here.
 */
export function failureOf(error: ApiError, shown?: readonly FieldName[]): Failure {
  const failure = placeOf(error);
  const field = failure.field;
  if (shown && field !== 'form' && field !== 'code' && !shown.includes(field)) return { field: 'form', error: failure.error };
  return failure;
}

function placeOf(error: ApiError): Failure {
  const server = error.server;
  if (server) {
    const known = server.code ? SERVER_ERRORS[server.code] : undefined;
    const values = server.retryAfter !== null ? { seconds: server.retryAfter } : undefined;
    if (known) return { field: known.field, error: { key: known.key, values } };
    const field = server.field ? SERVER_FIELDS[server.field] : undefined;
    if (field) return { field, error: { key: field === 'code' ? 'error.smsCode' : 'error.rejected' } };
  }
  if (error.kind === 'timeout') return { field: 'form', error: { key: 'error.timeout' } };
  if (error.kind === 'network' || error.kind === 'aborted') return { field: 'form', error: { key: 'error.network' } };
  return { field: 'form', error: { key: 'error.server' } };
}
