/** Runs work the visitor does not wait for when the browser is idle, or soon after where it cannot tell (Safari). */
export function whenIdle(run: () => void, timeout = 3000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1200);
  return () => clearTimeout(id);
}
