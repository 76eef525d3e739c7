import React from 'react';
import type { Translate } from '../../site/texts';
import { fieldId } from './built-form';
import { useSecondClock } from './clock';
import { errorText, InputField } from './fields';
import { Form } from './form-style';
import type { RegistrationHandle } from './useRegistration';

/** The code step of a phone registration: the code sent by SMS, a way back to the form, and a resend once allowed. */
export function SmsStep({ t, registration }: { t: Translate; registration: RegistrationHandle }) {
  const { state } = registration;
  // The resend button's wait, counted down once a second while this step shows.
  const now = useSecondClock() ?? 0;
  const wait = Math.max(0, Math.ceil((state.resendAt - now) / 1000));
  return (
    <Form
      noValidate
      aria-labelledby="sms-title"
      onSubmit={(event) => {
        event.preventDefault();
        void registration.confirmSms();
      }}
    >
      <h3 id="sms-title">{t('reg.smsTitle')}</h3>
      <p>{t('reg.smsSent', { phone: state.registeredPhone ?? '' })}</p>
      <InputField
        id={fieldId('sms')}
        label={t('reg.smsCode')}
        error={errorText(state.smsError, t)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={state.smsCode}
        onChange={(event) => registration.changeSms(event.target.value)}
      />
      <button type="submit" disabled={state.pending}>
        {t('reg.smsConfirm')}
      </button>
      <div className="row" style={{ marginTop: 12 }}>
        <button type="button" onClick={registration.back} disabled={state.pending}>
          {t('reg.back')}
        </button>
        <button type="button" onClick={() => void registration.resendSms()} disabled={state.pending || wait > 0}>
          {t('reg.smsResend')}
        </button>
      </div>
      {wait > 0 && <p className="small">{t('reg.smsResendIn', { seconds: wait })}</p>}
    </Form>
  );
}
