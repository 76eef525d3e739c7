/** The validation catalogue of spec 5. */
export const PATTERNS = {
  latinName: /^[A-Za-z _'-]+$/,
  cyrillicName: /^[\p{Script=Cyrillic} _'-]+$/u,
  latinNumber: /^[A-Za-z0-9_-]+$/,
  latinNumberSymbol: /^[A-Za-z\p{Script=Cyrillic}0-9 .,:;!?()"'«»№#@&+_\-/]+$/u,
  number: /^\d+$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** The stricter e-mail rule: ASCII local part, no leading, trailing or doubled dots, a real TLD. */
  emailCps: /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+-]+(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/,
  /** Words of latin or cyrillic letters joined by a space, hyphen, apostrophe or an abbreviating dot ("St. Petersburg"). */
  city: /^[A-Za-z\p{Script=Cyrillic}]+(?:(?:\. ?|[ '-])[A-Za-z\p{Script=Cyrillic}]+)*\.?$/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  promoCode: /^[\p{L}\p{Nd}]+$/u,
  /**
   * What a phone may hold once normalised: an optional leading + and at least seven digits (no numbering
   * plan has shorter ones with its country code), at most 18 characters in all.
   */
  phone: /^(?=.{7,18}$)\+?\d{7,}$/,
} as const;

export const PHONE_MAX_LENGTH = 18;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 30;

/** Spec 5: phones are sent as + and digits only. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[^\d+]/g, '');
}

export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH && !/^[.\s]/.test(value);
}

export interface FieldRules {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  promoCode?: boolean;
  latinNumber?: boolean;
  latinNumberSymbol?: boolean;
  noCyrillic?: boolean;
  phone?: boolean;
  password?: boolean;
  emailCps?: boolean;
  number?: boolean;
  /** The code was checked with the main site (/ajax/account/promo/check) and refused. */
  promo_code?: boolean;
}

export type RuleName = keyof FieldRules;

export interface ValidationContext {
  /** Promo codes the main site has refused so far. */
  rejectedPromoCodes?: readonly string[];
}

/** Spec 5: rules run in this order and the first one that fails names the error. */
export const CHECK_ORDER: readonly RuleName[] = [
  'required',
  'maxLength',
  'minLength',
  'promoCode',
  'latinNumber',
  'latinNumberSymbol',
  'noCyrillic',
  'phone',
  'password',
  'emailCps',
  'number',
  'promo_code',
];

type Check = (value: string, rules: FieldRules, ctx: ValidationContext) => boolean;

const CHECKS: Record<RuleName, Check> = {
  required: (v) => v.trim() !== '',
  maxLength: (v, r) => v.length <= (r.maxLength ?? Infinity),
  minLength: (v, r) => v.length >= (r.minLength ?? 0),
  promoCode: (v) => PATTERNS.promoCode.test(v),
  latinNumber: (v) => PATTERNS.latinNumber.test(v),
  latinNumberSymbol: (v) => PATTERNS.latinNumberSymbol.test(v),
  noCyrillic: (v) => !PATTERNS.cyrillic.test(v),
  phone: (v) => {
    const phone = normalizePhone(v);
    return phone.length <= PHONE_MAX_LENGTH && PATTERNS.phone.test(phone);
  },
  password: (v) => isValidPassword(v),
  emailCps: (v) => PATTERNS.emailCps.test(v),
  number: (v) => PATTERNS.number.test(v),
  promo_code: (v, _r, ctx) => !(ctx.rejectedPromoCodes ?? []).includes(v),
};

/**
 * The name of the first rule `value` breaks, or null when it passes. An empty optional field
 * passes: only `required` speaks about emptiness.
 */
export function validateField(value: string, rules: FieldRules, ctx: ValidationContext = {}): RuleName | null {
  if (!rules.required && value === '') return null;
  for (const rule of CHECK_ORDER) {
    if (rules[rule] === undefined || rules[rule] === false) continue;
    if (!CHECKS[rule](value, rules, ctx)) return rule;
  }
  return null;
}
