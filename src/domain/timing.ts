/** Spec 9 timings of what the visitor sees while a page gets ready. */
export const PRELOADER_MIN_MS = 600;
export const PRELOADER_ICON_CYCLE_MS = 1500;
export const NAVIGATION_NOTICE_AFTER_MS = 1000;

/** Spec 2: the preloader stays until the minimum time has passed and the country call has settled, either way. */
export function preloaderCanLift(elapsedMs: number, countriesSettled: boolean): boolean {
  return elapsedMs >= PRELOADER_MIN_MS && countriesSettled;
}
