/** After the page's load event, work the visitor does not wait for waits this much longer, so it never competes with first paint and hydration. */
export const SETTLE_MS = 2000;

/**
 * Runs deferred work (the registration form, odds cards, the imprint) once the page has loaded and
 * settled and the browser is idle, or soon after where it cannot tell (Safari).
 */
export function whenIdle(
  run: () => void,
  { settleMs = SETTLE_MS, timeout = 3000 }: { settleMs?: number; timeout?: number } = {},
): () => void {
  let cancelled = false;
  let cancelStep: () => void = () => undefined;
  const idle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout });
      cancelStep = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 500);
      cancelStep = () => clearTimeout(id);
    }
  };
  const settle = () => {
    const id = setTimeout(idle, settleMs);
    cancelStep = () => clearTimeout(id);
  };
  if (document.readyState === 'complete') settle();
  else {
    window.addEventListener('load', settle, { once: true });
    cancelStep = () => window.removeEventListener('load', settle);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
