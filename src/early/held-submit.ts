/**
 * A registration sent before the form's code has taken the form over. The built form's GET would leave
 * the page and drop everything typed but the promo code, so the first-screen script holds the submit
 * instead: the page says it is working, and the form sends the registration itself once it is alive
 * (hand-over.ts replays it). Only when the code has not come within HELD_SUBMIT_LIMIT_MS does
 * the built form go to the main site's registration, after a notice that says so. A browser that runs
 * no script never gets here and takes the GET at once.
 */
import { HELD_TEXT, WAITING_ISLAND_FORM, type EarlyState } from './early-state';

/**
 * Longer than the form's code takes on a slow 3G connection to a low-end phone (its file and the
 * styling library, then hydration), shorter than a visitor waits on a button that seems to do nothing.
 */
export const HELD_SUBMIT_LIMIT_MS = 8000;
/** How long the notice stays before the page leaves: time to read one line. */
export const LEAVING_NOTICE_MS = 1500;
/** On <html> while a submit is held: the form's button shows that it is working. */
export const HELD_ATTRIBUTE = 'data-registration-held';
/** The notice, outside React's tree (the body's last child), so no hydration ever meets it. */
export const HELD_NOTICE_ID = 'registration-held';

function showNotice(doc: Document, text: string | null): void {
  if (!text) return;
  let notice = doc.getElementById(HELD_NOTICE_ID);
  if (!notice) {
    notice = doc.createElement('div');
    notice.id = HELD_NOTICE_ID;
    notice.setAttribute('role', 'status');
    doc.body.appendChild(notice);
  }
  notice.textContent = text;
}

/** Takes the held state's marks off the page: the form's code has the submit now. */
export function releaseHeldSubmit(doc: Document): void {
  doc.documentElement.removeAttribute(HELD_ATTRIBUTE);
  doc.getElementById(HELD_NOTICE_ID)?.remove();
}

/** Listens for submits of a form whose island is still waiting for its code, for as long as `current()`. */
export function holdEarlySubmits(win: Window, state: EarlyState, current: () => boolean): void {
  const doc = win.document;
  const leave = (form: HTMLFormElement) => {
    if (state.heldSubmit !== form) return;
    showNotice(doc, form.getAttribute(HELD_TEXT.leaving));
    win.setTimeout(() => {
      if (state.heldSubmit !== form) return;
      state.heldSubmit = null;
      doc.documentElement.removeAttribute(HELD_ATTRIBUTE);
      form.submit();
    }, LEAVING_NOTICE_MS);
  };
  doc.addEventListener(
    'submit',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!current() || !target?.matches(WAITING_ISLAND_FORM)) return;
      const form = target as HTMLFormElement;
      event.preventDefault();
      // The island's root, mid-hydration, must not take it too: it is sent once, by the replay.
      event.stopPropagation();
      // A second tap while one is held is the same registration.
      if (state.heldSubmit === form) return;
      state.heldSubmit = form;
      doc.documentElement.setAttribute(HELD_ATTRIBUTE, '');
      showNotice(doc, form.getAttribute(HELD_TEXT.working));
      win.setTimeout(() => leave(form), HELD_SUBMIT_LIMIT_MS);
    },
    true,
  );
}
