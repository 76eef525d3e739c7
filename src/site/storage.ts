/** localStorage when the browser lets us use it (private modes and blocked cookies throw). */
export function safeStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = '__promo_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}
