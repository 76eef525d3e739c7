/**
 * The form is in the built HTML and can be filled in before its code arrives. What the visitor typed,
 * chose, focused or selected there before the form came alive is adopted as theirs.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { FieldName, RegistrationValues } from '../../domain/registration';
import { fieldId } from './built-form';
import type { StartingValues } from './useRegistration';

const FIELDS: FieldName[] = ['country', 'currency', 'phone', 'email', 'password', 'promoCode', 'birthdate'];

/** The fields typed into as text: a select's value is only ever one of its options, chosen with a change event. */
const TYPED_FIELDS: FieldName[] = ['phone', 'email', 'password', 'promoCode', 'birthdate'];

/** What a control held when the page was built: its `value` attribute, or the option marked selected. */
function builtValue(control: HTMLInputElement | HTMLSelectElement): string {
  if (control instanceof HTMLSelectElement) return [...control.options].find((option) => option.defaultSelected)?.value ?? '';
  return control.defaultValue;
}

/**
 * When React takes the form over, whatever differs from what the build put there was typed or chosen by
 * the visitor: it is kept, and counts as theirs. In the server render there is no document and nothing
 * was typed.
 */
export function typedBeforeCode(): StartingValues {
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

export interface VisitedFields {
  /** The text fields that are the visitor's, read where the page would write into them. */
  fields: RefObject<ReadonlySet<FieldName>>;
  /** A focus in a field: a text field is the visitor's from then on. */
  focused: (field: FieldName) => void;
}

/**
 * A text field the visitor has focused, selected in or typed in is theirs: a later answer (the main
 * site's dialling code, the visitor's own promo code) never writes into it. Writing would also drop
 * their selection, and what they type next would land after the new value instead of replacing it.
 * `change` takes what was typed while the form came alive into the form's state.
 */
export function useVisitedFields(values: RegistrationValues, change: (field: FieldName, value: string) => void): VisitedFields {
  const visited = useRef(new Set<FieldName>());
  useLayoutEffect(() => {
    for (const field of visitedBeforeCode()) visited.current.add(field);
    for (const [field, value] of typedWhileHydrating(values)) change(field, value);
    // Once, in the commit that takes the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    fields: visited,
    focused: (field) => {
      if (TYPED_FIELDS.includes(field)) visited.current.add(field);
    },
  };
}
