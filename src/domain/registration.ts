/** What the registration form asks and checks (spec 4, 5): pure rules, no React, no I/O. */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validateField, type FieldRules, type RuleName } from './validation';
import { PROMO_CODE_MAX_LENGTH } from './partner';

export type RegistrationMethod = 'phone' | 'email';

export type FieldName = 'country' | 'currency' | 'phone' | 'email' | 'password' | 'promoCode' | 'birthdate';

export interface RegistrationValues {
  country: string;
  currency: string;
  phone: string;
  email: string;
  password: string;
  promoCode: string;
  /** As typed: day, month and year (31.12.1990, 31/12/1990, 31121990), or YYYY-MM-DD. */
  birthdate: string;
}

export const EMPTY_VALUES: RegistrationValues = {
  country: '',
  currency: '',
  phone: '',
  email: '',
  password: '',
  promoCode: '',
  birthdate: '',
};

export const EMAIL_MAX_LENGTH = 100;
export const ADULT_AGE = 18;

const RULES: Record<FieldName, FieldRules> = {
  country: { required: true },
  currency: { required: true },
  phone: { required: true, phone: true },
  email: { required: true, maxLength: EMAIL_MAX_LENGTH, emailCps: true },
  password: { required: true, maxLength: PASSWORD_MAX_LENGTH, minLength: PASSWORD_MIN_LENGTH, password: true },
  promoCode: { maxLength: PROMO_CODE_MAX_LENGTH, promoCode: true, promo_code: true },
  birthdate: { required: true },
};

/**
 * The fields a visitor fills in. The birth date is asked where the operator must check age at sign-up:
 * the Russian-licensed brand and the CIS-like languages (a choice documented in docs/landings.md).
 */
export function registrationFields(method: RegistrationMethod, askBirthdate: boolean): FieldName[] {
  return ['country', 'currency', method, 'password', 'promoCode', ...(askBirthdate ? (['birthdate'] as const) : [])];
}

export type BirthdateProblem = 'birthdate' | 'tooYoung';

/**
 * A typed birth date as YYYY-MM-DD, or null if it is not one. The field asks for day, month and year in
 * that order (the order of every language that asks for it); any separator goes, or none, as a phone's
 * number pad may lack the dot. Four digits first read as year-month-day, the form autofill and paste use.
 */
export function birthdateIso(typed: string): string | null {
  const text = typed.trim();
  const parts = /^\d{8}$/.test(text) ? [text.slice(0, 2), text.slice(2, 4), text.slice(4)] : text.split(/\D+/);
  if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const [day, month, year] = parts[0].length === 4 ? [parts[2], parts[1], parts[0]] : parts;
  if (year.length !== 4 || day.length > 2 || month.length > 2) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Whether a typed birth date (birthdateIso) is real and at least 18 years before `today` (YYYY-MM-DD). */
export function birthdateProblem(typed: string, today: string): BirthdateProblem | null {
  const value = birthdateIso(typed);
  if (!value) return 'birthdate';
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1900 || value > today) return 'birthdate';
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
  return age < ADULT_AGE ? 'tooYoung' : null;
}

export interface FieldError {
  /** Key of the message in the page texts ("error.phone"), filled with `values`. */
  key: string;
  values?: Record<string, number>;
}

export interface CheckContext {
  rejectedPromoCodes?: readonly string[];
  today: string;
}

function messageFor(rule: RuleName, rules: FieldRules): FieldError {
  if (rule === 'maxLength') return { key: 'error.maxLength', values: { max: rules.maxLength ?? 0 } };
  if (rule === 'minLength') return { key: 'error.minLength', values: { min: rules.minLength ?? 0 } };
  return { key: `error.${rule}` };
}

/** The first problem of one field, in the spec 5 check order, as a message key. */
export function checkField(field: FieldName, value: string, ctx: CheckContext): FieldError | null {
  const rules = RULES[field];
  const rule = validateField(value, rules, { rejectedPromoCodes: ctx.rejectedPromoCodes });
  if (rule) return messageFor(rule, rules);
  if (field === 'birthdate') {
    const problem = birthdateProblem(value, ctx.today);
    if (problem) return { key: problem === 'tooYoung' ? 'error.tooYoung' : 'error.birthdate' };
  }
  return null;
}

export type FieldErrors = Partial<Record<FieldName, FieldError>>;

export function checkForm(values: RegistrationValues, fields: readonly FieldName[], ctx: CheckContext): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const error = checkField(field, values[field], ctx);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Where a main-site error code belongs on the form and what the visitor reads (server/README.md codes). */
export const SERVER_ERRORS: Record<string, { field: FieldName | 'form' | 'code'; key: string }> = {
  phone_invalid: { field: 'phone', key: 'error.phone' },
  phone_taken: { field: 'phone', key: 'error.phoneTaken' },
  email_invalid: { field: 'email', key: 'error.emailCps' },
  email_taken: { field: 'email', key: 'error.emailTaken' },
  password_invalid: { field: 'password', key: 'error.password' },
  promo_code_invalid: { field: 'promoCode', key: 'error.promo_code' },
  birthdate_invalid: { field: 'birthdate', key: 'error.birthdate' },
  too_young: { field: 'birthdate', key: 'error.tooYoung' },
  country_invalid: { field: 'country', key: 'error.required' },
  currency_invalid: { field: 'currency', key: 'error.required' },
  captcha_invalid: { field: 'form', key: 'error.captcha' },
  captcha_failed: { field: 'form', key: 'error.captcha' },
  sms_code_invalid: { field: 'code', key: 'error.smsCode' },
  sms_too_often: { field: 'code', key: 'error.smsTooOften' },
};
