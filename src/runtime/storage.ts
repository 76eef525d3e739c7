import { consentAllowsTracking } from '../early/hand-over';

let usable: Storage | null | undefined;

/**
 * localStorage when the browser lets us use it (private modes and blocked cookies throw). Tried once per
 * page: each try writes and removes a key, a message to the browser process, and the page's start-up
 * asked three times. Where the visitor's consent does not allow tracking, the page keeps nothing and
 * reads nothing there (docs/landings.md, "Tracking and consent"): the partner's parameters stay in the URL.
 */
export function safeStorage(): Storage | null {
  if (!consentAllowsTracking()) return null;
  if (usable !== undefined) return usable;
  try {
    const storage = window.localStorage;
    const probe = '__promo_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    usable = storage;
  } catch {
    usable = null;
  }
  return usable;
}
