import { useEffect, useState } from 'react';
import { PRELOADER_MAX_WAIT_MS, PRELOADER_MIN_MS, preloaderCanLift } from '../../domain/timing';

/** Only the first page of a visit shows the preloader; later in-app navigations do not (spec 2 "first load"). */
let liftedOnce = false;

/** For tests: a fresh visit. */
export function resetPreloaderVisit(): void {
  liftedOnce = false;
}

/** The time marks the preloader cares about, counted from navigation start. */
const MARKS = [PRELOADER_MIN_MS, PRELOADER_MAX_WAIT_MS] as const;

/**
 * True while the preloader covers the page: until 600 ms after navigation start and the country call
 * settled, or PRELOADER_MAX_WAIT_MS without an answer (a hanging call does not hold the page).
 */
export function usePreloader(countriesSettled: boolean): boolean {
  const [visible, setVisible] = useState(!liftedOnce);
  // The last mark passed: 0 before the minimum, then PRELOADER_MIN_MS, then PRELOADER_MAX_WAIT_MS.
  const [elapsed, setElapsed] = useState(liftedOnce ? PRELOADER_MAX_WAIT_MS : 0);

  useEffect(() => {
    if (!visible) return;
    const next = MARKS.find((mark) => mark > elapsed);
    if (next === undefined) return;
    const timer = setTimeout(() => setElapsed(next), Math.max(0, next - performance.now()));
    return () => clearTimeout(timer);
  }, [visible, elapsed]);

  useEffect(() => {
    if (visible && preloaderCanLift(elapsed, countriesSettled)) {
      liftedOnce = true;
      setVisible(false);
    }
  }, [visible, elapsed, countriesSettled]);

  return visible;
}
