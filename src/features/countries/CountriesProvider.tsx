import React, { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Country } from '../../api/country';
import { findCountryByRegion } from '../../domain/locale';
import { useTransitionState } from '../../site/transition-state';

export interface CountriesState {
  /** "loading" until the call settles; "failed" pages go on without the list (spec 8). */
  status: 'loading' | 'ready' | 'failed';
  countries: Country[];
  /** The page's country in the list, matched by code in upper case (spec 3), preselected in forms. */
  visitorCountry: Country | null;
}

const LOADING: CountriesState = { status: 'loading', countries: [], visitorCountry: null };
const CountriesContext = createContext<CountriesState>(LOADING);

/**
 * Whether the country call has settled, for the preloader, which must lift as soon as it has (spec 4):
 * the list itself arrives as a transition, which waits for React to finish hydrating the sections.
 * A store read with useSyncExternalStore updates only its readers, at once; the context holding the
 * store never changes, so it forces nothing to hydrate.
 */
interface SettledSignal {
  settled(): boolean;
  settle(): void;
  subscribe(listener: () => void): () => void;
}

function settledSignal(): SettledSignal {
  let settled = false;
  const listeners = new Set<() => void>();
  return {
    settled: () => settled,
    settle() {
      if (settled) return;
      settled = true;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NEVER_SETTLES: SettledSignal = { settled: () => false, settle: () => undefined, subscribe: () => () => undefined };
const SettledContext = createContext<SettledSignal>(NEVER_SETTLES);

/** Loads the country list once per page; the API chunk (axios) is fetched here, after first paint. */
export function CountriesProvider({ langId, region, children }: { langId: number; region: string; children: React.ReactNode }) {
  const [state, setState] = useTransitionState<CountriesState>(LOADING);
  const [signal] = useState(settledSignal);
  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: CountriesState) => {
      signal.settle();
      setState(next);
    };
    import('../../api/country')
      .then(({ fetchCountries }) => fetchCountries(langId, controller.signal))
      .then((result) => {
        if (controller.signal.aborted) return;
        settle(
          result.ok
            ? { status: 'ready', countries: result.data, visitorCountry: findCountryByRegion(result.data, region) ?? null }
            : { status: 'failed', countries: [], visitorCountry: null },
        );
      })
      .catch(() => {
        // The chunk itself failed to load (offline): settle so the page is not held behind the preloader.
        if (!controller.signal.aborted) settle({ status: 'failed', countries: [], visitorCountry: null });
      });
    return () => controller.abort();
  }, [langId, region, setState, signal]);
  return (
    <SettledContext.Provider value={signal}>
      <CountriesContext.Provider value={state}>{children}</CountriesContext.Provider>
    </SettledContext.Provider>
  );
}

export function useCountries(): CountriesState {
  return useContext(CountriesContext);
}

/** True once the country call has answered or failed. */
export function useCountriesSettled(): boolean {
  const signal = useContext(SettledContext);
  return useSyncExternalStore(signal.subscribe, signal.settled, () => false);
}
