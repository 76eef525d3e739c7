import { useEffect, useState } from 'react';
import { PRELOADER_MIN_MS, preloaderCanLift } from '../../domain/timing';

/** Only the first page of a visit shows the preloader; later in-app navigations do not (spec 2 "first load"). */
let liftedOnce = false;

/** For tests: a fresh visit. */
export function resetPreloaderVisit(): void {
  liftedOnce = false;
}

/** True while the preloader covers the page: until 600 ms after navigation start and the country call settled. */
export function usePreloader(countriesSettled: boolean): boolean {
  const [visible, setVisible] = useState(!liftedOnce);
  const [minimumPassed, setMinimumPassed] = useState(liftedOnce);

  useEffect(() => {
    if (minimumPassed) return;
    const timer = setTimeout(() => setMinimumPassed(true), Math.max(0, PRELOADER_MIN_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [minimumPassed]);

  useEffect(() => {
    if (visible && preloaderCanLift(minimumPassed ? PRELOADER_MIN_MS : 0, countriesSettled)) {
      liftedOnce = true;
      setVisible(false);
    }
  }, [visible, minimumPassed, countriesSettled]);

  return visible;
}
