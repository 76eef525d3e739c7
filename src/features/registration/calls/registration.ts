/**
 * Spec 7 registration calls. Payloads follow spec 5: multipart, phone sent as + and digits, empty
 * fields left out except captcha_state. Answers are read by the contract (success by status, fields
 * with safe defaults); failures are logged and the server's body is handed back (spec 8), with what it
 * says went wrong in `error.server`, so the form can place it.
 */
import { CAPTCHA_ACTION } from '../../../domain/captcha';
import type { Brand } from '../../../domain/links';
import { normalizePhone } from '../../../domain/validation';
import { call, multipartBody, refusal, type ApiResult } from '../../../main-site/client';
import { CALLS, readPhoneCheck, readPromoCheck, readRegistration, type PromoCheck, type Registration } from '../../../main-site/contract';

export type { PromoCheck, Registration };

/** Spec 9. */
export const CAPTCHA_VERSION = 'V3';
/** A string, so a multipart body carries it as "0" rather than dropping a falsy 0. */
export const CAPTCHA_STATE = '0';

export interface RegistrationForm {
  phone?: string;
  countryId: number;
  /** The main site's currency id (Currency.id), not its code. */
  currencyId: number;
  password: string;
  promoCode?: string;
  /** A Date is read in the visitor's own calendar; a string must already be YYYY-MM-DD. */
  birthdate?: Date | string;
  email?: string;
  captchaToken: string;
}

type Fields = Record<string, string | number | undefined>;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/**
 * YYYY-MM-DD. A date picked in a calendar is local midnight, so local fields give the day the
 * visitor chose; an invalid Date gives undefined and the field is left out.
 */
export function formatBirthdate(value: Date | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (Number.isNaN(value.getTime())) return undefined;
  return `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1, 2)}-${pad(value.getDate(), 2)}`;
}

const captchaFields = (form: RegistrationForm): Fields => ({
  recaptcha: form.captchaToken,
  captcha_state: CAPTCHA_STATE,
  recaptcha_version: CAPTCHA_VERSION,
  recaptcha_action: CAPTCHA_ACTION,
});

/** check_phone and register_v2 (spec 7: "same fields as check_phone"). */
function phoneFields(form: RegistrationForm): Fields {
  return {
    phone: form.phone === undefined ? undefined : normalizePhone(form.phone),
    country_id: form.countryId,
    currency: form.currencyId,
    password: form.password,
    promo_code: form.promoCode?.trim(),
    birthdate: formatBirthdate(form.birthdate),
    email: form.email?.trim(),
    ...captchaFields(form),
  };
}

/**
 * Spec 7 lists no phone and no birthdate for register_email. The phone must be absent, not empty:
 * the main site refuses a phone field on this call even when it is blank.
 */
function emailFields(form: RegistrationForm): Fields {
  return {
    country_id: form.countryId,
    currency: form.currencyId,
    password: form.password,
    promo_code: form.promoCode?.trim(),
    email: form.email?.trim(),
    ...captchaFields(form),
  };
}

const multipart = (fields: Fields): FormData => multipartBody(fields, ['captcha_state']);

/** A field of its own saying no (valid: false, available: false) counts as the server refusing that field. */
async function refusedUnless<T>(
  name: string,
  answer: Promise<ApiResult<T>>,
  accepted: (data: T) => boolean,
  code: string,
  field: string,
): Promise<ApiResult<T>> {
  const result = await answer;
  if (!result.ok || accepted(result.data)) return result;
  const error = refusal(name, { code, message: null, field, retryAfter: null });
  console.error(`[promo] ${name} failed: ${error.message}`);
  return { ok: false, error };
}

/** Spec 7 POST /ajax/account/promo/check; the brand narrows the codes to those of this landing's brand. */
export function checkPromoCode(promoCode: string, brand: Brand): Promise<ApiResult<PromoCheck>> {
  const { path } = CALLS.promoCheck;
  const answer = call(path, (api) => api.post(path, multipartBody({ promo_code: promoCode.trim(), brand })), readPromoCheck);
  return refusedUnless(path, answer, (data) => data.valid, 'promo_code_invalid', 'promo_code');
}

export function checkPhone(form: RegistrationForm): Promise<ApiResult<{ available: boolean }>> {
  const { path } = CALLS.checkPhone;
  const answer = call(path, (api) => api.post(path, multipart(phoneFields(form))), readPhoneCheck);
  return refusedUnless(path, answer, (data) => data.available, 'phone_taken', 'phone');
}

export function registerByPhone(form: RegistrationForm): Promise<ApiResult<Registration>> {
  const { path } = CALLS.registerPhone;
  return call(path, (api) => api.post(path, multipart(phoneFields(form))), readRegistration);
}

export function registerByEmail(form: RegistrationForm): Promise<ApiResult<Registration>> {
  const { path } = CALLS.registerEmail;
  return call(path, (api) => api.post(path, multipart(emailFields(form))), readRegistration);
}

/**
 * The caller picks the fields and their names; spec 5 still applies to what is sent: a phone goes
 * as + and digits, and empty fields are left out.
 */
export function registerNew(fields: Record<string, string>): Promise<ApiResult<Registration>> {
  const sent: Fields = { ...fields };
  if (typeof fields.phone === 'string') sent.phone = normalizePhone(fields.phone);
  const { path } = CALLS.registerNew;
  return call(path, (api) => api.post(path, multipart(sent)), readRegistration);
}
