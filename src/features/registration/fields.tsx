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

/** A labelled control with its hint and its error, tied together for screen readers. */
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
