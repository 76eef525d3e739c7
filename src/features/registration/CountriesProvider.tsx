import React, { createContext, useContext, useEffect } from 'react';
import type { Country } from './calls/country';
import { findCountryByRegion } from '../../domain/locale';
import { useTransitionState } from '../../runtime/transition-state';

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
 * The country list, once per page: the landing's HTML asked for it already (src/early/early.ts), so this
 * reads that answer; the preloader does not wait for this code (the first-screen script lifts it).
 */
export function CountriesProvider({ langId, region, children }: { langId: number; region: string; children: React.ReactNode }) {
  const [state, setState] = useTransitionState<CountriesState>(LOADING);
  useEffect(() => {
    const controller = new AbortController();
    // One file with the account call's reader (site/account-data.ts): both are wanted in the same moment
    // of the start-up, and every file is a request, a script element and a task of its own.
    import(/* webpackChunkName: "page-calls" */ './calls/country')
      .then(({ fetchCountries }) => fetchCountries(langId, controller.signal))
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { status: 'ready', countries: result.data, visitorCountry: findCountryByRegion(result.data, region) ?? null }
            : { status: 'failed', countries: [], visitorCountry: null },
        );
      })
      .catch(() => {
        // The chunk itself failed to load (offline): the form goes on with the countries it was built with.
        if (!controller.signal.aborted) setState({ status: 'failed', countries: [], visitorCountry: null });
      });
    return () => controller.abort();
  }, [langId, region, setState]);
  return <CountriesContext.Provider value={state}>{children}</CountriesContext.Provider>;
}

export function useCountries(): CountriesState {
  return useContext(CountriesContext);
}
