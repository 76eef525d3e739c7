import React, { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';
import { outlinedButton } from '../../components/outlined-button';
import { type FieldName, type RegistrationValues } from '../../domain/registration';
import type { RegistrationDefaults } from '../../domain/page-context';
import { useSecondClock } from './clock';
import type { Translate } from '../../site/texts';
import type { AccountState } from '../../site/AccountProvider';
import type { CountriesState } from './CountriesProvider';
import { useCaptcha } from './captcha';
import { errorText, Field } from './fields';
import { fieldsOf } from './registration-steps';
import { fieldId } from './built-form';
import { HELD_TEXT } from '../../early/early-state';
import { openSession } from './open-session';
import { usePageNames } from './page-names';
import { useRegistration, type StartingValues } from './useRegistration';
import type { Brand } from '../../domain/links';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

const Form = styled.form`
  display: grid;
  /* No column wider than the screen: a select is otherwise as wide as its longest option. */
  grid-template-columns: minmax(0, 1fr);

  .tabs {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 0.5rem;
    margin: 0 0 1rem;
  }
  .tabs button[aria-pressed='true'] {
    background: ${color.accent};
    color: ${color.onAccent};
  }
  button {
    min-height: 48px;
    padding: 0.625rem 1rem;
    ${outlinedButton}
  }
  button[type='submit'] {
    background: ${color.accent};
    color: ${color.onAccent};
  }
  button:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  .form-error {
    margin: 0 0 0.75rem;
    padding: 0.625rem 0.75rem;
    border-radius: 8px;
    background: rgba(255, 138, 128, 0.15);
    color: #ffb4ab;
    font-weight: ${TYPE.bold};
  }
  .small {
    margin: 0.75rem 0 0;
    font-size: ${TYPE.small};
    color: ${color.muted};
  }
  .row {
    display: flex;
    gap: 0.5rem;
  }
  .row > * {
    flex: 1;
  }
  /* The password and its show button share a line while both fit; with large text the button goes below. */
  .password {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .password input {
    flex: 1 1 5rem;
    min-width: 0;
  }
  .password button {
    flex: 0 1 auto;
  }
`;

export interface RegistrationFormProps {
  brand: Brand;
  /** The page language as in its path ("kz"): picks the file of country and currency names. */
  language: string;
  /** The captcha's language (BCP 47). */
  captchaLanguage: string;
  /** The page country's currency code, preselected when the account offers it. */
  currencyCode: string;
  /** The page's region (upper-case ISO code), whose country is preselected. */
  region: string;
  /** Countries and currency to offer when the main site's answers give none. */
  defaults: RegistrationDefaults;
  askBirthdate: boolean;
  /** The promo code the visitor brought, else the landing's. */
  promoCode: string;
  t: Translate;
  /** Main-site home, where a registered visitor goes on. */
  continueHref: string;
  /** The main site's registration, where the built form sends a visitor before its code is there. */
  registrationHref: string;
  /** The page's data, handed in by the page: the form is an island of its own (runtime/island.tsx). */
  countries: CountriesState;
  account: AccountState;
  /** The code the visitor brought (spec 4), once the page has read it; it replaces the landing's code. */
  visitorPromoCode: string | null;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The registration calls' transport (axios, main-site/ajax.ts), fetched as the visitor turns to the form
 * rather than with every visit, so the first submit does not wait for it. A file that does not come is
 * loaded again by the call itself.
 */
function loadCallTransport(): void {
  import(/* webpackChunkName: "main-site-ajax" */ '../../main-site/ajax').catch(() => undefined);
}

const FIELDS: FieldName[] = ['country', 'currency', 'phone', 'email', 'password', 'promoCode', 'birthdate'];

/** What a control held when the page was built: its `value` attribute, or the option marked selected. */
function builtValue(control: HTMLInputElement | HTMLSelectElement): string {
  if (control instanceof HTMLSelectElement) return [...control.options].find((option) => option.defaultSelected)?.value ?? '';
  return control.defaultValue;
}

/**
 * The form is in the built HTML and can be filled in before its code arrives. When React takes it over,
 * whatever differs from what the build put there was typed or chosen by the visitor: it is kept, and
 * counts as theirs. In the server render there is no document and nothing was typed.
 */
function typedBeforeCode(): StartingValues {
  const values: Partial<RegistrationValues> = {};
  const touched: FieldName[] = [];
  if (typeof document === 'undefined') return { values, touched };
  for (const field of FIELDS) {
    const control = document.getElementById(fieldId(field));
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
    if (control.value === builtValue(control)) continue;
    values[field] = control.value;
    touched.push(field);
  }
  return { values, touched };
}

/** The fields typed into as text: a select's value is only ever one of its options, chosen with a change event. */
const TYPED_FIELDS: FieldName[] = ['phone', 'email', 'password', 'promoCode', 'birthdate'];

/**
 * What the visitor typed, pasted or autofilled while React was taking the form over: it reached the
 * fields after the form's state was read from them, and no change event tells React (hydration takes
 * the field's value as it is). Adopted in the commit that takes the form over, before any later render
 * could write the older state back into the field and drop a character.
 */
function typedWhileHydrating(values: RegistrationValues): [FieldName, string][] {
  return TYPED_FIELDS.flatMap((field): [FieldName, string][] => {
    const control = document.getElementById(fieldId(field));
    return control instanceof HTMLInputElement && control.value !== values[field] ? [[field, control.value]] : [];
  });
}

/**
 * The text fields the visitor is in or has selected text in as the form comes alive: focused before this
 * code came (the focus is what woke the form, runtime/intent.ts), or holding a selection they made.
 */
function visitedBeforeCode(): FieldName[] {
  return TYPED_FIELDS.filter((field) => {
    const control = document.getElementById(fieldId(field));
    if (!(control instanceof HTMLInputElement)) return false;
    return control === document.activeElement || (control.selectionStart ?? 0) !== (control.selectionEnd ?? 0);
  });
}

/** The query of a main-site link as hidden fields: a GET form would otherwise drop it from its action. */
function hiddenQuery(href: string, except: string): [string, string][] {
  const query = href.split('?')[1] ?? '';
  return [...new URLSearchParams(query)].filter(([name]) => name !== except);
}

function Funnel(props: RegistrationFormProps) {
  const { t, defaults, region } = props;
  const promoCode = props.visitorPromoCode ?? props.promoCode;
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const captcha = useCaptcha(captchaWanted, props.captchaLanguage);
  const captchaToken = () => {
    setCaptchaWanted(true);
    return captcha.token();
  };
  const funnel = useRegistration({ brand: props.brand, captchaToken, today: todayIso, now: Date.now }, props.askBirthdate, () => {
    // What the build put in the form, then what the visitor typed over it before this code came.
    const typed = typedBeforeCode();
    const pageCountry = defaults.countries.find((country) => country.code === region);
    const built: Partial<RegistrationValues> = {
      country: pageCountry ? String(pageCountry.countryId) : '',
      currency: String(defaults.currency.id),
      phone: pageCountry?.phoneCode ?? '',
      promoCode: props.promoCode,
    };
    return { values: { ...built, ...typed.values }, touched: typed.touched };
  });
  const { state } = funnel;
  // A text field the visitor has focused, selected in or typed in is theirs: a later answer (the main
  // site's dialling code, the visitor's own promo code) never writes into it. Writing would also drop
  // their selection, and what they type next would land after the new value instead of replacing it.
  const visited = useRef(new Set<FieldName>());
  useLayoutEffect(() => {
    for (const field of visitedBeforeCode()) visited.current.add(field);
    for (const [field, value] of typedWhileHydrating(state.values)) funnel.change(field, value);
    // Once, in the commit that takes the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { countries, account } = props;
  const names = usePageNames(props.language);
  // Google's script (a large one, with a frame of its own) loads when the visitor turns to the form:
  // a focus in it, a call to sign up (which focuses its first field), or a submit. A visitor who only
  // looks never pays for it; one who registers gives it the whole form's filling to observe.
  // The main site's lists when it gave usable ones, otherwise the build's: the form always works.
  const countryOptions = countries.countries.length > 0 ? countries.countries : defaults.countries;
  const accountCurrencies = account.account?.currencies || [];
  const currencyOptions = accountCurrencies.length > 0 ? accountCurrencies : [defaults.currency];
  const pageCountry = countryOptions.find((country) => country.code === region) ?? null;
  // In the page language: the main site names currencies in its session's language (Russian without one).
  const currencyLabel = (currency: { id: number; label: string }) =>
    names.currencies[String(currency.id)] ?? (currency.id === defaults.currency.id ? defaults.currency.label : currency.label);
  const pageCurrency =
    currencyOptions.find((currency) => currency.code === props.currencyCode) ??
    currencyOptions.find((currency) => currency.id === defaults.currency.id) ??
    currencyOptions[0];
  const phoneCode = pageCountry?.phoneCode ?? defaults.countries.find((country) => country.code === region)?.phoneCode ?? '';

  // The visitor's turn to the form: what the submit needs comes now. The focus that woke the form (runtime/intent.ts)
  // came before this code, so a focus found in the form when it comes alive counts as one.
  const turnToForm = () => {
    setCaptchaWanted(true);
    openSession();
    loadCallTransport();
  };
  const formElement = useRef<HTMLFormElement>(null);
  // Once, as the form comes alive.
  useEffect(() => {
    if (formElement.current?.contains(document.activeElement)) turnToForm();
  }, []);

  // A choice the current lists no longer hold (the main site's list replaced the build's) is made again.
  const countryValues = countryOptions.map((country) => String(country.countryId));
  const currencyValues = currencyOptions.map((currency) => String(currency.id));
  useEffect(() => {
    const values: Partial<RegistrationValues> = {
      country: pageCountry ? String(pageCountry.countryId) : '',
      phone: phoneCode,
      currency: pageCurrency ? String(pageCurrency.id) : '',
      promoCode,
    };
    for (const field of visited.current) delete values[field];
    funnel.prefill(values, { country: countryValues, currency: currencyValues });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the option lists are compared by their values
  }, [pageCountry?.countryId, phoneCode, pageCurrency?.id, promoCode, countryValues.join(), currencyValues.join()]);

  // The resend button's wait, counted down once a second while the code step shows.
  const now = useSecondClock(state.step === 'sms') ?? 0;

  // Only the promo code has a name: before the code is there the form goes to the main site's
  // registration with it, and nothing else the visitor typed (never a password) ends up in an address.
  const input = (field: keyof RegistrationValues) => ({
    id: fieldId(field),
    name: field === 'promoCode' ? 'promo_code' : undefined,
    value: state.values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => funnel.change(field, event.target.value),
    onBlur: () => funnel.blur(field),
    onFocus: () => {
      if (TYPED_FIELDS.includes(field)) visited.current.add(field);
    },
  });
  const error = (field: keyof RegistrationValues) => errorText(state.errors[field], t);

  if (state.step === 'done') {
    return (
      <div role="status">
        <h3>{t('reg.doneTitle')}</h3>
        <p>{state.doneEmail ? t('reg.doneEmail', { email: state.doneEmail }) : t('reg.done')}</p>
        <ButtonLink href={props.continueHref}>{t('reg.continue')}</ButtonLink>
      </div>
    );
  }

  if (state.step === 'sms') {
    const wait = Math.max(0, Math.ceil((state.resendAt - now) / 1000));
    return (
      <Form
        noValidate
        aria-labelledby="sms-title"
        onSubmit={(event) => {
          event.preventDefault();
          void funnel.confirmSms();
        }}
      >
        <h3 id="sms-title">{t('reg.smsTitle')}</h3>
        <p>{t('reg.smsSent', { phone: state.registeredPhone ?? '' })}</p>
        <Field id={fieldId('sms')} label={t('reg.smsCode')} error={errorText(state.smsError, t)}>
          {(describedBy, invalid) => (
            <input
              id={fieldId('sms')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={state.smsCode}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => funnel.changeSms(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={state.pending}>
          {t('reg.smsConfirm')}
        </button>
        <div className="row" style={{ marginTop: 12 }}>
          <button type="button" onClick={funnel.back} disabled={state.pending}>
            {t('reg.back')}
          </button>
          <button type="button" onClick={() => void funnel.resendSms()} disabled={state.pending || wait > 0}>
            {t('reg.smsResend')}
          </button>
        </div>
        {wait > 0 && <p className="small">{t('reg.smsResendIn', { seconds: wait })}</p>}
      </Form>
    );
  }

  const fields = fieldsOf(state);
  return (
    <Form
      noValidate
      aria-labelledby="registration-title"
      aria-busy={state.pending}
      action={props.registrationHref}
      method="get"
      ref={formElement}
      onFocus={turnToForm}
      {...{ [HELD_TEXT.working]: t('reg.submitting'), [HELD_TEXT.leaving]: t('reg.heldLeaving') }}
      onSubmit={(event) => {
        event.preventDefault();
        void funnel.submit();
      }}
    >
      {hiddenQuery(props.registrationHref, 'promo_code').map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {captcha.element}
      <div className="tabs" role="group">
        {(['phone', 'email'] as const).map((method) => (
          <button key={method} type="button" aria-pressed={state.method === method} onClick={() => funnel.setMethod(method)}>
            {t(method === 'phone' ? 'reg.byPhone' : 'reg.byEmail')}
          </button>
        ))}
      </div>
      {state.formError && (
        <p className="form-error" role="alert">
          {errorText(state.formError, t)}
        </p>
      )}
      <Field id={fieldId('country')} label={t('reg.country')} error={error('country')}>
        {(describedBy, invalid) => (
          <select {...input('country')} aria-invalid={invalid} aria-describedby={describedBy} autoComplete="country">
            <option value="" disabled label={t('reg.country')} />
            {countryOptions.map((country) => (
              <option key={country.countryId} value={String(country.countryId)}>
                {names.regions[country.code] ?? country.name ?? country.code}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fieldId('currency')} label={t('reg.currency')} error={error('currency')}>
        {(describedBy, invalid) => (
          <select {...input('currency')} aria-invalid={invalid} aria-describedby={describedBy}>
            <option value="" disabled label={t('reg.currency')} />
            {currencyOptions.map((currency) => (
              <option key={currency.id} value={String(currency.id)}>
                {currencyLabel(currency)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {fields.includes('phone') && (
        <Field id={fieldId('phone')} label={t('reg.phone')} error={error('phone')}>
          {(describedBy, invalid) => (
            <input
              {...input('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={24}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
      {fields.includes('email') && (
        <Field id={fieldId('email')} label={t('reg.email')} error={error('email')}>
          {(describedBy, invalid) => (
            <input
              {...input('email')}
              type="email"
              autoComplete="email"
              maxLength={100}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
      <PasswordField t={t} error={error('password')} props={input('password')} />
      <Field id={fieldId('promoCode')} label={t('reg.promoCode')} error={error('promoCode')}>
        {(describedBy, invalid) => (
          <input {...input('promoCode')} autoComplete="off" maxLength={32} aria-invalid={invalid} aria-describedby={describedBy} />
        )}
      </Field>
      {fields.includes('birthdate') && (
        // A text field, not a date picker: a birth date is typed faster than scrolled back to, and the
        // picker's control costs the first layout of a phone that has just started the page's process.
        <Field id={fieldId('birthdate')} label={t('reg.birthdate')} error={error('birthdate')} hint={t('reg.birthdateHint')}>
          {(describedBy, invalid) => (
            <input
              {...input('birthdate')}
              inputMode="numeric"
              autoComplete="bday"
              maxLength={10}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
      <button type="submit" disabled={state.pending}>
        {state.pending ? t('reg.submitting') : t('reg.submit')}
      </button>
      <p className="small">{t('reg.terms')}</p>
      <p className="small">{t('reg.captcha')}</p>
    </Form>
  );
}

function PasswordField({ t, error, props }: { t: Translate; error: string | null; props: React.InputHTMLAttributes<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={fieldId('password')} label={t('reg.password')} error={error} hint={t('reg.passwordHint')}>
      {(describedBy, invalid) => (
        <div className="password">
          <input
            {...props}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            maxLength={30}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
          <button type="button" aria-pressed={visible} onClick={() => setVisible(!visible)}>
            {visible ? t('reg.hidePassword') : t('reg.showPassword')}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The whole funnel with its captcha: loaded as its own chunk when the visitor comes near the form. */
/** The whole funnel: its HTML is in the built page, its code a chunk of its own (RegistrationSection.tsx). */
export default function RegistrationForm(props: RegistrationFormProps) {
  return <Funnel {...props} />;
}
