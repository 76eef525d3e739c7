/**
 * What tells that a visitor turns to a part of the page: a pointer over it (a mouse coming to it; on a
 * touch screen it comes just before the touch), a touch or press on it, a focus in it (a tap on a field,
 * Tab, a call to sign up that puts the focus there), a key, a submit (autofill and a tap on the button).
 */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'submit'] as const;

/**
 * Runs `act` once, at the first sign that the visitor turns to `element`; at once if the focus is
 * already in it (they turned to it before this code ran), unless `next` asks for a sign still to come.
 * Returns what stops listening.
 */
export function onIntent(element: HTMLElement, act: () => void, { next = false }: { next?: boolean } = {}): () => void {
  if (!next && element.contains(element.ownerDocument.activeElement)) {
    act();
    return () => undefined;
  }
  const stop = () => {
    for (const type of INTENT_EVENTS) element.removeEventListener(type, turned, true);
  };
  function turned() {
    stop();
    act();
  }
  // Captured and passive: the listener sees the event before the part's own handlers and never delays a scroll.
  for (const type of INTENT_EVENTS) element.addEventListener(type, turned, { capture: true, passive: true });
  return stop;
}
