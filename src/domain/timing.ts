/** Spec 9 timings of what the visitor sees while a page gets ready. */
export const PRELOADER_MIN_MS = 600;
export const PRELOADER_ICON_CYCLE_MS = 1500;
export const NAVIGATION_NOTICE_AFTER_MS = 1000;

/** How long any main-site call may take before the page gives up on it (spec 8: a timeout is a failure). */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The longest the preloader waits for the country call. Spec 2 and 4 hold the page until the call has
 * settled, and a call that never answers only settles when the client gives up (REQUEST_TIMEOUT_MS,
 * 15 s): a visitor on a flaky network would stare at the loader all that time. Past this bound the
 * unanswered call counts as failed for the preloader only; the call itself goes on, and the country
 * list still fills the form if it comes later.
 */
export const PRELOADER_MAX_WAIT_MS = 4000;

/**
 * Spec 2: the preloader stays until the minimum time has passed and the country call has settled,
 * either way, or until PRELOADER_MAX_WAIT_MS has passed without an answer.
 */
export function preloaderCanLift(elapsedMs: number, countriesSettled: boolean): boolean {
  return elapsedMs >= PRELOADER_MIN_MS && (countriesSettled || elapsedMs >= PRELOADER_MAX_WAIT_MS);
}
