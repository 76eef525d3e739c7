/**
 * Spec 7 registration calls. Payloads follow spec 5: multipart, phone sent as + and digits, empty
 * fields left out except captcha_state. Failures are logged and the server's body is handed back
 * (spec 8), so the form can place the error with serverErrorOf.
 */
import { CAPTCHA_ACTION } from '../domain/captcha';
import type { Brand } from '../domain/links';
import { normalizePhone } from '../domain/validation';
import { api, call, multipartBody, resultOf, type ApiResult } from './client';

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

export interface PromoCheck {
  promoId: number;
}

export interface PhoneAvailable {
  available: true;
}

export interface PhoneRegistration {
  userId: number;
  login: string;
  needSms: boolean;
}

export interface EmailRegistration {
  userId: number;
  login: string;
  confirmEmail: boolean;
}

export interface NewRegistration {
  userId: number;
  login: string;
  needSms: boolean;
  confirmEmail: boolean;
}

type Fields = Record<string, string | number | undefined>;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

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

function userFields(result: Record<string, unknown>): { userId: number; login: string } | null {
  if (typeof result.user_id !== 'number' || typeof result.login !== 'string') return null;
  return { userId: result.user_id, login: result.login };
}

function parsePromoCheck(data: unknown): PromoCheck | null {
  const result = resultOf(data);
  if (!isRecord(result) || result.valid !== true || typeof result.promo_id !== 'number') return null;
  return { promoId: result.promo_id };
}

function parsePhoneAvailable(data: unknown): PhoneAvailable | null {
  const result = resultOf(data);
  return isRecord(result) && result.available === true ? { available: true } : null;
}

function parsePhoneRegistration(data: unknown): PhoneRegistration | null {
  const result = resultOf(data);
  const user = isRecord(result) ? userFields(result) : null;
  if (!isRecord(result) || !user) return null;
  return { ...user, needSms: result.need_sms === true };
}

function parseEmailRegistration(data: unknown): EmailRegistration | null {
  const result = resultOf(data);
  const user = isRecord(result) ? userFields(result) : null;
  if (!isRecord(result) || !user) return null;
  return { ...user, confirmEmail: result.confirm_email === true };
}

function parseNewRegistration(data: unknown): NewRegistration | null {
  const result = resultOf(data);
  const user = isRecord(result) ? userFields(result) : null;
  if (!isRecord(result) || !user) return null;
  return { ...user, needSms: result.need_sms === true, confirmEmail: result.confirm_email === true };
}

/** Spec 7 POST /ajax/account/promo/check; the brand narrows the codes to those of this landing's brand. */
export function checkPromoCode(promoCode: string, brand: Brand): Promise<ApiResult<PromoCheck>> {
  return call(
    '/ajax/account/promo/check',
    () => api.post('/ajax/account/promo/check', multipartBody({ promo_code: promoCode.trim(), brand })),
    parsePromoCheck,
  );
}

export function checkPhone(form: RegistrationForm): Promise<ApiResult<PhoneAvailable>> {
  return call(
    '/ajax/registration/check_phone',
    () => api.post('/ajax/registration/check_phone', multipart(phoneFields(form))),
    parsePhoneAvailable,
  );
}

export function registerByPhone(form: RegistrationForm): Promise<ApiResult<PhoneRegistration>> {
  return call(
    '/ajax/registration/register_v2',
    () => api.post('/ajax/registration/register_v2', multipart(phoneFields(form))),
    parsePhoneRegistration,
  );
}

export function registerByEmail(form: RegistrationForm): Promise<ApiResult<EmailRegistration>> {
  return call(
    '/ajax/registration/register_email',
    () => api.post('/ajax/registration/register_email', multipart(emailFields(form))),
    parseEmailRegistration,
  );
}

/**
 * The caller picks the fields and their names; spec 5 still applies to what is sent: a phone goes
 * as + and digits, and empty fields are left out.
 */
export function registerNew(fields: Record<string, string>): Promise<ApiResult<NewRegistration>> {
  const sent: Fields = { ...fields };
  if (typeof fields.phone === 'string') sent.phone = normalizePhone(fields.phone);
  return call('/ajax/registration/register_new', () => api.post('/ajax/registration/register_new', multipart(sent)), parseNewRegistration);
}
