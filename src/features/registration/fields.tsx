import React from 'react';
import styled from 'styled-components';
import type { FieldError } from '../../domain/registration';
import type { Translate } from '../../site/texts';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

export const FieldBox = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.25rem;
  margin: 0 0 0.875rem;

  label {
    font-weight: ${TYPE.bold};
  }
  input,
  select {
    width: 100%;
    min-height: 48px;
    padding: 0.625rem 0.75rem;
    border: 2px solid ${color.muted};
    border-radius: 8px;
    background: #fff;
    color: #111;
    font: inherit;
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: #ff8a80;
  }
  .hint {
    font-size: ${TYPE.small};
    color: ${color.muted};
  }
  .error {
    margin: 0;
    color: #ffb4ab;
    font-weight: ${TYPE.bold};
  }
`;

export function errorText(error: FieldError | null | undefined, t: Translate): string | null {
  return error ? t(error.key, error.values) : null;
}

interface FieldProps {
  id: string;
  label: string;
  error: string | null;
  hint?: string;
  children: (describedBy: string | undefined, invalid: boolean) => React.ReactNode;
}

/** A labelled control with its hint and its error, tied together for screen readers: `children` renders the control. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children(described, Boolean(error))}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </FieldBox>
  );
}

interface ControlField {
  id: string;
  label: string;
  error: string | null;
  hint?: string;
}

/** A field whose control is one input, tied to the field's label, hint and error. */
export function InputField({ id, label, error, hint, ...input }: ControlField & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => <input id={id} {...input} aria-invalid={invalid} aria-describedby={describedBy} />}
    </Field>
  );
}

/** A field whose control is a select of `children`, its options, tied to the field's label, hint and error. */
export function SelectField({
  id,
  label,
  error,
  hint,
  autoComplete,
  children,
  ...select
}: ControlField & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => (
        <select id={id} {...select} aria-invalid={invalid} aria-describedby={describedBy} autoComplete={autoComplete}>
          {children}
        </select>
      )}
    </Field>
  );
}
