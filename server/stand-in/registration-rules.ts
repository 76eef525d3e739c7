import { ApiError } from './errors';
import { givenField, stringField, type Fields } from './fields';
import { findCountryById } from './fixtures/countries';
import { findCurrencyById } from './fixtures/currencies';
import { checkPromoCode } from './promo-rules';
import type { StandInState } from './state';

/**
 * Server-side checks of the registration forms. They mirror what the landing validates on its
 * side (spec section 5) plus what only a server can know (taken phones, captcha verdicts).
 */

/**
 * Spec 5: + and digits, up to 18 characters. Spec 5 sets no minimum; 7 characters is the shortest
 * number a country code and a subscriber number make, and the landing's form uses the same floor.
 */
export const PHONE_PATTERN = /^(?=.{7,18}$)\+?\d+$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
const ADULT_AGE = 18;
/** The token a test sends to hear the captcha provider say "bot". */
export const REJECTED_CAPTCHA_TOKEN = 'bad-token';

export function checkCaptcha(fields: Fields): void {
  const token = givenField(fields, 'recaptcha');
  if (!token) throw new ApiError(400, 'captcha_invalid', 'Captcha token (recaptcha) is missing', 'recaptcha');
  if (stringField(fields, 'captcha_state') !== '0') {
    throw new ApiError(400, 'captcha_invalid', 'captcha_state must be 0', 'captcha_state');
  }
  if (stringField(fields, 'recaptcha_version') !== 'V3') {
    throw new ApiError(400, 'captcha_invalid', 'recaptcha_version must be V3', 'recaptcha_version');
  }
  if (stringField(fields, 'recaptcha_action') !== 'registration') {
    throw new ApiError(400, 'captcha_invalid', 'recaptcha_action must be registration', 'recaptcha_action');
  }
  if (token === REJECTED_CAPTCHA_TOKEN) {
    throw new ApiError(403, 'captcha_failed', 'Captcha verification failed, please try again', 'recaptcha');
  }
}

export function checkPhone(phone: string | undefined): string {
  if (phone === undefined) throw new ApiError(422, 'phone_invalid', 'Phone number is required', 'phone');
  if (!PHONE_PATTERN.test(phone)) {
    throw new ApiError(422, 'phone_invalid', 'Phone number must be 7 to 18 characters of digits, with an optional leading "+"', 'phone');
  }
  return phone;
}

export function checkPhoneFree(state: StandInState, phone: string): void {
  if (state.isPhoneTaken(phone)) {
    throw new ApiError(409, 'phone_taken', 'An account with this phone number already exists', 'phone');
  }
}

export function checkEmail(email: string | undefined): string {
  if (email === undefined) throw new ApiError(422, 'email_invalid', 'E-mail is required', 'email');
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw new ApiError(422, 'email_invalid', 'E-mail address is not valid', 'email');
  }
  return email;
}

export function checkEmailFree(state: StandInState, email: string): void {
  if (state.isEmailTaken(email)) {
    throw new ApiError(409, 'email_taken', 'An account with this e-mail already exists', 'email');
  }
}

export function checkCountry(value: string | undefined): number {
  const id = value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (value === undefined) throw new ApiError(422, 'country_invalid', 'Country is required', 'country_id');
  if (!findCountryById(id)) throw new ApiError(422, 'country_invalid', 'Unknown country', 'country_id');
  return id;
}

export function checkCurrency(value: string | undefined): number {
  const id = value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (value === undefined) throw new ApiError(422, 'currency_invalid', 'Currency is required', 'currency');
  if (!findCurrencyById(id)) throw new ApiError(422, 'currency_invalid', 'Unknown currency id', 'currency');
  return id;
}

export function checkPassword(password: string | undefined): string {
  if (password === undefined || password === '') {
    throw new ApiError(422, 'password_invalid', 'Password is required', 'password');
  }
  const length = [...password].length;
  if (length < 6 || length > 30) {
    throw new ApiError(422, 'password_invalid', 'Password must be 6 to 30 characters long', 'password');
  }
  if (/^[.\s]/.test(password)) {
    throw new ApiError(422, 'password_invalid', 'Password must not start with a dot or a space', 'password');
  }
  return password;
}

export function checkBirthdate(value: string, today: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const year = match ? Number(match[1]) : NaN;
  const month = match ? Number(match[2]) : NaN;
  const day = match ? Number(match[3]) : NaN;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = match !== null && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900 || date.getTime() > today.getTime()) {
    throw new ApiError(422, 'birthdate_invalid', 'Birth date must be a real date written as YYYY-MM-DD', 'birthdate');
  }
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // Someone born on 29 February comes of age on 1 March in non-leap years, which Date.UTC rolls to.
  const adultFrom = Date.UTC(year + ADULT_AGE, month - 1, day);
  if (adultFrom > todayUtc) {
    throw new ApiError(422, 'too_young', `Registration is open from the age of ${ADULT_AGE}`, 'birthdate');
  }
  return value;
}

export interface RegistrationData {
  phone?: string;
  email?: string;
  country_id?: number;
  currency?: number;
  password?: string;
  promo_code?: string;
  birthdate?: string;
}

/**
 * Checks the optional fields every registration form shares; a field is only checked when given,
 * because the landing leaves out empty fields.
 */
export function checkOptionalFields(fields: Fields, today: Date, data: RegistrationData): void {
  const country = givenField(fields, 'country_id');
  if (country !== undefined) data.country_id = checkCountry(country);
  const currency = givenField(fields, 'currency');
  if (currency !== undefined) data.currency = checkCurrency(currency);
  const password = stringField(fields, 'password');
  if (password !== undefined && password !== '') data.password = checkPassword(password);
  const promo = givenField(fields, 'promo_code');
  if (promo !== undefined) {
    checkPromoCode(promo, givenField(fields, 'brand'));
    data.promo_code = promo.trim().toUpperCase();
  }
  const birthdate = givenField(fields, 'birthdate');
  if (birthdate !== undefined) data.birthdate = checkBirthdate(birthdate, today);
  const email = givenField(fields, 'email');
  if (email !== undefined) data.email = checkEmail(email.trim());
}
