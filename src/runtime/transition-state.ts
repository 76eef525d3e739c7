import { type SetStateAction, startTransition, useCallback, useState } from 'react';

/**
 * useState for page-wide data that arrives after load (country list, account, visitor), held in a
 * context above the landing's sections. A new context value reaches the sections React has not
 * hydrated yet, and React must hydrate them before it can apply it: at the default priority that is
 * one long blocking task on a phone. As a transition the
 * same hydration runs in slices that yield to the visitor's input.
 */
export function useTransitionState<T>(initial: T | (() => T)): [T, (next: SetStateAction<T>) => void] {
  const [state, setState] = useState(initial);
  const set = useCallback((next: SetStateAction<T>) => startTransition(() => setState(next)), []);
  return [state, set];
}
