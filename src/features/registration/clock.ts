import { useCallback, useSyncExternalStore } from 'react';

const second = (): number => Math.floor(Date.now() / 1000) * 1000;
const noSubscription = () => () => undefined;

/**
 * The current time to the second, re-rendering its reader once a second while `ticking`. Null in the
 * server render and while React hydrates, so the built HTML and the first browser render agree (the
 * countdown shows its dashes until then).
 */
export function useSecondClock(ticking = true): number | null {
  const subscribe = useCallback((onTick: () => void) => {
    const timer = setInterval(onTick, 1000);
    return () => clearInterval(timer);
  }, []);
  return useSyncExternalStore<number | null>(ticking ? subscribe : noSubscription, second, () => null);
}
