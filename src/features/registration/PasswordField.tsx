import React, { useState } from 'react';
import type { Translate } from '../../site/texts';
import { fieldId } from './built-form';
import { Field } from './fields';

/** The password, and a button beside it that shows or hides what was typed. */
export function PasswordField({
  t,
  error,
  props,
}: {
  t: Translate;
  error: string | null;
  props: React.InputHTMLAttributes<HTMLInputElement>;
}) {
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
