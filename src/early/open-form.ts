/** The in-page registration form's section (spec 4): the calls to sign up lead here. */
export const REGISTRATION_ID = 'registration';

/**
 * Scrolls to the in-page form and puts the focus in it; false when there is no form to go to (a
 * logged-in visitor, a page without one), so the link's own address stays the way to register.
 */
export function openForm(doc: Document): boolean {
  const section = doc.getElementById(REGISTRATION_ID);
  // Not the hidden fields the built form carries for the main site's registration: focus cannot go there.
  const field = section?.querySelector<HTMLElement>('form input:not([type="hidden"]), form select, form button');
  if (!section || !field) return false;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  field.focus({ preventScroll: true });
  return true;
}
