import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server render and while React hydrates the built HTML, true from the next render on:
 * what depends on the browser (its address, its clock) is shown only then, so the HTML and the first
 * browser render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
