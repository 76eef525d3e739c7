import { PRELOADER_STEP, PRELOADER_STEP_MS, PRELOADER_STEPS } from './early-state';

/**
 * Moves the preloader's icons from pose to pose (features/preloader/motion.ts) until the returned stop
 * is called. The pose follows the clock, not the count of timer calls: a timer held up by a busy main
 * thread skips the poses it missed, so one cycle still takes its 1.5 s. Under prefers-reduced-motion the
 * icons stay at rest.
 */
export function stepPreloader(win: Window, preloader: HTMLElement): () => void {
  const steps = Number(preloader.getAttribute(PRELOADER_STEPS));
  const every = Number(preloader.getAttribute(PRELOADER_STEP_MS));
  if (!(steps > 1 && every > 0) || win.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => {};
  // Each timer call reads the pose half a step after its own mark, so a call that comes a little early
  // or late still shows the pose it was set for.
  const start = win.performance.now() - every / 2;
  const timer = win.setInterval(() => {
    preloader.setAttribute(PRELOADER_STEP, String(Math.floor((win.performance.now() - start) / every) % steps));
  }, every);
  return () => win.clearInterval(timer);
}
