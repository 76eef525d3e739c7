import React, { type RefObject } from 'react';
import type { FieldName, RegistrationValues } from '../../domain/registration';
import { HELD_TEXT } from '../../early/early-state';
import type { Translate } from '../../site/texts';
import { fieldId } from './built-form';
import { errorText, InputField, SelectField } from './fields';
import { Form } from './form-style';
import type { OfferedLists } from './offered-lists';
import { PasswordField } from './PasswordField';
import { fieldsOf } from './registration-steps';
import type { RegistrationHandle } from './useRegistration';

interface FormStepProps {
  t: Translate;
  registration: RegistrationHandle;
  lists: OfferedLists;
  /** The main site's registration, where the built form sends a visitor before its code is there. */
  registrationHref: string;
  /** The captcha's provider, rendered beside the fields. */
  captcha: React.ReactNode;
  formRef: RefObject<HTMLFormElement | null>;
  /** A focus in the form: the visitor's turn to it. */
  onTurn: () => void;
  onFieldFocus: (field: FieldName) => void;
}

/** The query of a main-site link as hidden fields: a GET form would otherwise drop it from its action. */
function hiddenQuery(href: string, except: string): [string, string][] {
  const query = href.split('?')[1] ?? '';
  return [...new URLSearchParams(query)].filter(([name]) => name !== except);
}

/** The first step, the one in the built HTML: registration by phone or by e-mail. */
export function FormStep({ t, registration, lists, registrationHref, captcha, formRef, onTurn, onFieldFocus }: FormStepProps) {
  const { state } = registration;
  // Only the promo code has a name: before the code is there the form goes to the main site's
  // registration with it, and nothing else the visitor typed (never a password) ends up in an address.
  const control = (field: keyof RegistrationValues) => ({
    id: fieldId(field),
    name: field === 'promoCode' ? 'promo_code' : undefined,
    value: state.values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => registration.change(field, event.target.value),
    onBlur: () => registration.blur(field),
    onFocus: () => onFieldFocus(field),
  });
  const error = (field: keyof RegistrationValues) => errorText(state.errors[field], t);
  const fields = fieldsOf(state);
  return (
    <Form
      noValidate
      aria-labelledby="registration-title"
      aria-busy={state.pending}
      action={registrationHref}
      method="get"
      ref={formRef}
      onFocus={onTurn}
      {...{ [HELD_TEXT.working]: t('reg.submitting'), [HELD_TEXT.leaving]: t('reg.heldLeaving') }}
      onSubmit={(event) => {
        event.preventDefault();
        void registration.submit();
      }}
    >
      {hiddenQuery(registrationHref, 'promo_code').map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {captcha}
      <div className="tabs" role="group">
        {(['phone', 'email'] as const).map((method) => (
          <button key={method} type="button" aria-pressed={state.method === method} onClick={() => registration.setMethod(method)}>
            {t(method === 'phone' ? 'reg.byPhone' : 'reg.byEmail')}
          </button>
        ))}
      </div>
      {state.formError && (
        <p className="form-error" role="alert">
          {errorText(state.formError, t)}
        </p>
      )}
      <SelectField {...control('country')} label={t('reg.country')} error={error('country')} autoComplete="country">
        <option value="" disabled label={t('reg.country')} />
        {lists.countries.map((country) => (
          <option key={country.countryId} value={String(country.countryId)}>
            {lists.countryName(country)}
          </option>
        ))}
      </SelectField>
      <SelectField {...control('currency')} label={t('reg.currency')} error={error('currency')}>
        <option value="" disabled label={t('reg.currency')} />
        {lists.currencies.map((currency) => (
          <option key={currency.id} value={String(currency.id)}>
            {lists.currencyName(currency)}
          </option>
        ))}
      </SelectField>
      {fields.includes('phone') && (
        <InputField
          {...control('phone')}
          label={t('reg.phone')}
          error={error('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={24}
        />
      )}
      {fields.includes('email') && (
        <InputField {...control('email')} label={t('reg.email')} error={error('email')} type="email" autoComplete="email" maxLength={100} />
      )}
      <PasswordField t={t} error={error('password')} props={control('password')} />
      <InputField {...control('promoCode')} label={t('reg.promoCode')} error={error('promoCode')} autoComplete="off" maxLength={32} />
      {fields.includes('birthdate') && (
        // A text field, not a date picker: a birth date is typed faster than scrolled back to, and the
        // picker's control costs the first layout of a phone that has just started the page's process.
        <InputField
          {...control('birthdate')}
          label={t('reg.birthdate')}
          error={error('birthdate')}
          hint={t('reg.birthdateHint')}
          inputMode="numeric"
          autoComplete="bday"
          maxLength={10}
        />
      )}
      <button type="submit" disabled={state.pending}>
        {state.pending ? t('reg.submitting') : t('reg.submit')}
      </button>
      <p className="small">{t('reg.terms')}</p>
      <p className="small">{t('reg.captcha')}</p>
    </Form>
  );
}
