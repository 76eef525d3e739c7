import type { FieldName } from '../../domain/registration';

/** The id of a registration field, in the built HTML and in the live form alike. */
export const fieldId = (field: FieldName | 'sms') => `reg-${field}`;

/**
 * Before the form comes alive, the promo code the visitor brought replaces the landing's in the built
 * field, unless they have typed one of their own; the form takes it over as theirs when it comes
 * alive (typed-before-code.ts). A form React runs already is left to React.
 */
export function showVisitorCode(doc: Document, code: string | null): void {
  const field = doc.getElementById(fieldId('promoCode'));
  if (!code || !(field instanceof HTMLInputElement) || field.closest('[data-hydrated]')) return;
  if (field.value === field.defaultValue) field.value = code;
}
