import React, { createContext, useContext, useEffect } from 'react';
import type { AccountData } from '../main-site/account';
import { isLoggedInBy, LOGGED_IN_KEY } from '../domain/login';
import { accountData, configureAccountData } from './account-data';
import { safeStorage } from '../runtime/storage';
import { useTransitionState } from '../runtime/transition-state';
import { inNextTask } from '../early/next-task';

export { LOGGED_IN_KEY } from '../domain/login';

export interface AccountState {
  status: 'loading' | 'ready' | 'failed';
  account: AccountData | null;
  /** The stored flag, or the main site's access=true; any failure means false (spec 6). */
  loggedIn: boolean;
}

const AccountContext = createContext<AccountState>({ status: 'loading', account: null, loggedIn: false });
/**
 * The page around the form needs only the flag: a context of its own, whose value stays the same
 * boolean when the account call answers for a visitor who is not logged in, so the page does not re-render.
 */
const LoggedInContext = createContext<boolean>(false);

export function rememberLoggedIn(): void {
  safeStorage()?.setItem(LOGGED_IN_KEY, '1');
}

function storedFlag(): boolean {
  return safeStorage()?.getItem(LOGGED_IN_KEY) === '1';
}

/** Account data for currencies and login, after first paint (the call itself is shared: site/account-data). */
export function AccountProvider({ extraCurrencyId, children }: { extraCurrencyId: number | null; children: React.ReactNode }) {
  const [state, setState] = useTransitionState<AccountState>({ status: 'loading', account: null, loggedIn: false });
  configureAccountData(extraCurrencyId);
  useEffect(() => {
    let active = true;
    // In a task of its own: the page's first effects all run in one task, and this one's storage
    // read and code fetch would make that a long one on a phone. The call itself started long before.
    inNextTask(window, () => {
      if (!active) return;
      const flag = storedFlag();
      if (flag) setState((current) => ({ ...current, loggedIn: true }));
      accountData()
        .then((result) => {
          if (!active) return;
          setState({
            status: result.ok ? 'ready' : 'failed',
            account: result.ok ? result.data : null,
            loggedIn: isLoggedInBy(storedFlag(), result.ok ? result.data.access : null),
          });
        })
        .catch(() => {
          if (active) setState({ status: 'failed', account: null, loggedIn: flag });
        });
    });
    return () => {
      active = false;
    };
  }, [extraCurrencyId, setState]);
  return (
    <AccountContext.Provider value={state}>
      <LoggedInContext.Provider value={state.loggedIn}>{children}</LoggedInContext.Provider>
    </AccountContext.Provider>
  );
}

export function useAccount(): AccountState {
  return useContext(AccountContext);
}

export function useLoggedIn(): boolean {
  return useContext(LoggedInContext);
}
