import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';
import { checkPhone, checkPromoCode, registerByEmail, registerByPhone, type RegistrationForm } from './calls/registration';
import { checkSmsCode, sendSmsCode } from './calls/sms';
import type { Brand } from '../../domain/links';
import { birthdateIso, type CheckContext, type FieldName, type RegistrationValues } from '../../domain/registration';
import { normalizePhone } from '../../domain/validation';
import { rememberLoggedIn } from '../../site/AccountProvider';
import { failureOf } from './failures';
import { fieldsOf, formProblems, registrationReducer, initialRegistration, type RegistrationState } from './registration-steps';
import { fieldChanged, fieldLeft, funnelStep, useFunnelTracking } from './funnel-tracking';

export interface RegistrationDeps {
  brand: Brand;
  /** A fresh captcha token; v3 tokens are single-use, so each call asks anew. */
  captchaToken: () => Promise<string | null>;
  /** YYYY-MM-DD today, for the age check. */
  today: () => string;
  now: () => number;
}

/**
 * Spec 4 registration sequence. Phone: promo code checked, phone checked, account registered, SMS
 * code sent, then checked. E-mail: promo code checked, account registered. A failure at any step
 * keeps every value and shows where it went wrong; a call already under way ignores a second submit.
 */
export interface StartingValues {
  values: Partial<RegistrationValues>;
  /** What the visitor typed before the form's code was there: kept as theirs. */
  touched: FieldName[];
}

export function useRegistration(deps: RegistrationDeps, askBirthdate: boolean, start: () => StartingValues) {
  const [state, dispatch] = useReducer(registrationReducer, askBirthdate, (ask) => {
    const { values, touched } = start();
    return initialRegistration(ask, values, touched);
  });
  const busy = useRef(false);
  // The handlers below run after a commit and read the state it showed, not the one they closed over.
  const current = useRef<RegistrationState>(state);
  useLayoutEffect(() => {
    current.current = state;
  });
  useFunnelTracking(current, state.step);

  const ctx = (): CheckContext => ({ today: deps.today() });

  const run = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } finally {
      busy.current = false;
    }
  }, []);

  const sendSms = async (phone: string) => {
    const sent = await sendSmsCode();
    if (sent.ok) {
      dispatch({ type: 'smsStep', phone, resendAt: deps.now() + sent.data.retryAfter * 1000 });
      return;
    }
    // The account exists: the visitor goes on to the code step and may ask again once the server allows.
    const failure = failureOf(sent.error);
    const wait = failure.error.values?.seconds ?? 0;
    dispatch({ type: 'smsStep', phone, resendAt: deps.now() + wait * 1000 });
    dispatch({ type: 'smsFailed', error: failure.error });
  };

  const fail = (error: Parameters<typeof failureOf>[0], rejectedPromoCode?: string) => {
    const failure = failureOf(error, fieldsOf(current.current));
    dispatch({ type: 'failed', field: failure.field === 'code' ? 'form' : failure.field, error: failure.error, rejectedPromoCode });
  };

  const submit = () =>
    run(async () => {
      const state = current.current;
      if (state.pending || state.step !== 'form') return;
      funnelStep('reg_button_enter', state);
      const problems = formProblems(state, ctx());
      if (problems) {
        dispatch({ type: 'invalid', errors: problems });
        return;
      }
      dispatch({ type: 'submit' });
      const values = state.values;
      const phone = normalizePhone(values.phone);
      if (state.method === 'phone' && state.registeredPhone === phone) {
        await sendSms(phone);
        return;
      }
      if (values.promoCode) {
        const promo = await checkPromoCode(values.promoCode, deps.brand);
        if (!promo.ok) {
          const failure = failureOf(promo.error);
          fail(promo.error, failure.field === 'promoCode' ? values.promoCode : undefined);
          return;
        }
      }
      const form = async (): Promise<RegistrationForm | null> => {
        const captchaToken = await deps.captchaToken();
        if (!captchaToken) {
          dispatch({ type: 'failed', field: 'form', error: { key: 'error.captcha' } });
          return null;
        }
        return {
          countryId: Number(values.country),
          currencyId: Number(values.currency),
          password: values.password,
          promoCode: values.promoCode || undefined,
          birthdate: state.askBirthdate ? (birthdateIso(values.birthdate) ?? values.birthdate) : undefined,
          ...(state.method === 'phone' ? { phone } : { email: values.email.trim() }),
          captchaToken,
        };
      };
      if (state.method === 'email') {
        const payload = await form();
        if (!payload) return;
        const registered = await registerByEmail(payload);
        if (!registered.ok) return fail(registered.error);
        rememberLoggedIn();
        // The confirmation notice only when the main site says it sent one (contract: confirm_email).
        dispatch({ type: 'done', email: registered.data.confirmEmail ? (payload.email ?? null) : null });
        return;
      }
      const checkPayload = await form();
      if (!checkPayload) return;
      const available = await checkPhone(checkPayload);
      if (!available.ok) return fail(available.error);
      const registerPayload = await form();
      if (!registerPayload) return;
      const registered = await registerByPhone(registerPayload);
      if (!registered.ok) return fail(registered.error);
      rememberLoggedIn();
      // Spec 4 goes on to the SMS unless the main site says the account needs none (need_sms: false).
      if (!registered.data.needSms) {
        dispatch({ type: 'done', email: null });
        return;
      }
      await sendSms(phone);
    });

  const confirmSms = () =>
    run(async () => {
      const state = current.current;
      if (state.pending || state.step !== 'sms') return;
      funnelStep('sms_code_entered', state);
      if (!/^\d{4,8}$/.test(state.smsCode)) {
        dispatch({ type: 'smsFailed', error: { key: 'error.smsCode' } });
        return;
      }
      dispatch({ type: 'submit' });
      const checked = await checkSmsCode(state.smsCode);
      if (checked.ok) dispatch({ type: 'done', email: null });
      else dispatch({ type: 'smsFailed', error: failureOf(checked.error).error });
    });

  const resendSms = () =>
    run(async () => {
      const state = current.current;
      if (state.pending || state.step !== 'sms' || deps.now() < state.resendAt) return;
      funnelStep('sms_code_repeat', state);
      dispatch({ type: 'submit' });
      const sent = await sendSmsCode();
      if (sent.ok) {
        dispatch({ type: 'smsResent', resendAt: deps.now() + sent.data.retryAfter * 1000 });
        return;
      }
      const failure = failureOf(sent.error);
      const wait = failure.error.values?.seconds;
      dispatch({ type: 'smsFailed', error: failure.error, resendAt: wait ? deps.now() + wait * 1000 : undefined });
    });

  return {
    state,
    submit,
    confirmSms,
    resendSms,
    setMethod: (method: RegistrationState['method']) => dispatch({ type: 'method', method }),
    change: (field: FieldName, value: string) => {
      dispatch({ type: 'change', field, value });
      if (value !== current.current.values[field]) fieldChanged(field, value, current.current);
    },
    blur: (field: FieldName) => {
      dispatch({ type: 'blur', field, ctx: ctx() });
      fieldLeft(field, current.current);
    },
    prefill: (values: Partial<RegistrationState['values']>, options?: Partial<Record<FieldName, readonly string[]>>) =>
      dispatch({ type: 'prefill', values, options }),
    changeSms: (code: string) => dispatch({ type: 'smsChange', code }),
    back: () => {
      if (current.current.step === 'sms' && !current.current.pending) funnelStep('back_step', current.current);
      dispatch({ type: 'back' });
    },
  };
}

/** The registration as its steps see it: the state, and what the visitor can do at each step. */
export type RegistrationHandle = ReturnType<typeof useRegistration>;
