import { PAGE_VIEW_ID_LENGTH, pageViewIdFrom } from '../domain/tracking';

/**
 * A new page view id (domain/tracking.ts): from the browser's random source, else Math.random (an old
 * browser or an insecure frame without crypto); an id only joins one view's events, it guards nothing.
 */
export function randomPageViewId(win: Window = window): string {
  const bytes = new Uint8Array(PAGE_VIEW_ID_LENGTH);
  try {
    win.crypto.getRandomValues(bytes);
    return pageViewIdFrom(bytes);
  } catch {
    return pageViewIdFrom(Array.from(bytes, () => Math.floor(Math.random() * 256)));
  }
}
