/**
 * Spec 8: when a part of the page cannot load its code (a deploy replaced the files, the network
 * dropped), the page is fetched again in full. One such reload per page within this window, so a
 * part that keeps failing (offline) shows its fallback instead of reloading forever.
 */
export const RELOAD_GUARD_MS = 60_000;

/** Whether to reload now, given when this page last reloaded for a failed part (ms since epoch, or null). */
export function shouldReloadForFailedPart(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}
