/** The registration's state machine (form, SMS code, done): every step keeps what the visitor typed (spec 4, 5). */
import {
  checkField,
  checkForm,
  EMPTY_VALUES,
  registrationFields,
  type CheckContext,
  type FieldError,
  type FieldErrors,
  type FieldName,
  type RegistrationMethod,
  type RegistrationValues,
} from '../../domain/registration';

export type Step = 'form' | 'sms' | 'done';

export interface RegistrationState {
  step: Step;
  method: RegistrationMethod;
  askBirthdate: boolean;
  values: RegistrationValues;
  /** Fields the visitor has typed in or chosen: nothing the page learns later replaces them. */
  touched: FieldName[];
  errors: FieldErrors;
  /** A problem that belongs to no field (captcha, network, server). */
  formError: FieldError | null;
  /** A call is under way: a second submit is ignored. */
  pending: boolean;
  rejectedPromoCodes: string[];
  /** The phone an account was created for: going back and resubmitting it skips straight to the SMS. */
  registeredPhone: string | null;
  smsCode: string;
  smsError: FieldError | null;
  /** When a new code may be asked for (epoch ms). */
  resendAt: number;
  doneEmail: string | null;
}

export type RegistrationAction =
  | { type: 'method'; method: RegistrationMethod }
  | { type: 'change'; field: FieldName; value: string }
  | { type: 'blur'; field: FieldName; ctx: CheckContext }
  /** Sets what the visitor has not touched, and replaces a choice the `options` of its field no longer hold. */
  | { type: 'prefill'; values: Partial<RegistrationValues>; options?: Partial<Record<FieldName, readonly string[]>> }
  | { type: 'submit' }
  | { type: 'failed'; field: FieldName | 'form'; error: FieldError; rejectedPromoCode?: string }
  | { type: 'invalid'; errors: FieldErrors }
  | { type: 'smsStep'; phone: string; resendAt: number }
  | { type: 'smsChange'; code: string }
  | { type: 'smsFailed'; error: FieldError; resendAt?: number }
  | { type: 'smsResent'; resendAt: number }
  | { type: 'back' }
  | { type: 'done'; email: string | null };

export function initialRegistration(
  askBirthdate: boolean,
  values: Partial<RegistrationValues> = {},
  touched: FieldName[] = [],
): RegistrationState {
  return {
    step: 'form',
    method: 'phone',
    askBirthdate,
    values: { ...EMPTY_VALUES, ...values },
    touched,
    errors: {},
    formError: null,
    pending: false,
    rejectedPromoCodes: [],
    registeredPhone: null,
    smsCode: '',
    smsError: null,
    resendAt: 0,
    doneEmail: null,
  };
}

export function fieldsOf(state: RegistrationState): FieldName[] {
  return registrationFields(state.method, state.askBirthdate);
}

/** Checks the whole form before a call; null when it can be sent. */
export function formProblems(state: RegistrationState, ctx: CheckContext): FieldErrors | null {
  const errors = checkForm(state.values, fieldsOf(state), { ...ctx, rejectedPromoCodes: state.rejectedPromoCodes });
  return Object.keys(errors).length ? errors : null;
}

export function registrationReducer(state: RegistrationState, action: RegistrationAction): RegistrationState {
  switch (action.type) {
    case 'method':
      return state.pending ? state : { ...state, method: action.method, errors: {}, formError: null };
    case 'change': {
      const errors = { ...state.errors };
      delete errors[action.field];
      const touched = state.touched.includes(action.field) ? state.touched : [...state.touched, action.field];
      return { ...state, values: { ...state.values, [action.field]: action.value }, touched, errors, formError: null };
    }
    case 'blur': {
      const value = state.values[action.field];
      if (value === '') return state;
      const error = checkField(action.field, value, { ...action.ctx, rejectedPromoCodes: state.rejectedPromoCodes });
      const errors = { ...state.errors };
      if (error) errors[action.field] = error;
      else delete errors[action.field];
      return { ...state, errors };
    }
    case 'prefill': {
      const values = { ...state.values };
      for (const [field, value] of Object.entries(action.values) as [FieldName, string][]) {
        const options = action.options?.[field];
        const stale = values[field] !== '' && options !== undefined && !options.includes(values[field]);
        if ((!state.touched.includes(field) || stale) && value) values[field] = value;
      }
      const changed = (Object.keys(values) as FieldName[]).some((field) => values[field] !== state.values[field]);
      return changed ? { ...state, values } : state;
    }
    case 'submit':
      // The form passed its checks, so every message still shown is the main site's verdict on an earlier
      // attempt (a phone then taken, a password then refused): this attempt gets its own.
      return { ...state, pending: true, formError: null, errors: {} };
    case 'invalid':
      return { ...state, pending: false, errors: action.errors };
    case 'failed': {
      const rejected = action.rejectedPromoCode ? [...state.rejectedPromoCodes, action.rejectedPromoCode] : state.rejectedPromoCodes;
      if (action.field === 'form') return { ...state, pending: false, formError: action.error, rejectedPromoCodes: rejected };
      return { ...state, pending: false, errors: { ...state.errors, [action.field]: action.error }, rejectedPromoCodes: rejected };
    }
    case 'smsStep':
      return {
        ...state,
        pending: false,
        step: 'sms',
        registeredPhone: action.phone,
        resendAt: action.resendAt,
        smsCode: '',
        smsError: null,
      };
    case 'smsChange':
      return { ...state, smsCode: action.code.replace(/\D/g, '').slice(0, 8), smsError: null };
    case 'smsFailed':
      return { ...state, pending: false, smsError: action.error, resendAt: action.resendAt ?? state.resendAt };
    case 'smsResent':
      return { ...state, pending: false, resendAt: action.resendAt, smsError: null };
    case 'back':
      return state.pending ? state : { ...state, step: 'form', smsError: null };
    case 'done':
      return { ...state, pending: false, step: 'done', doneEmail: action.email };
  }
}
