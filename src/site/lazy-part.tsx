import React, { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { shouldReloadForFailedPart } from '../domain/reload';

const RELOADED_KEY = 'promo_part_reload';

/** The full navigation itself; an object so component tests can watch it (jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reloads the page once per guard window; false when it already did and the part still fails. */
function reloadOnce(): boolean {
  const storage = sessionStore();
  const key = `${RELOADED_KEY}:${window.location.pathname}`;
  const last = Number(storage?.getItem(key) ?? Number.NaN);
  if (!shouldReloadForFailedPart(Number.isNaN(last) ? null : last, Date.now())) return false;
  storage?.setItem(key, String(Date.now()));
  pageReload.run();
  return true;
}

/**
 * React.lazy for a part of the page whose code comes later (form, odds, rules). If its file fails to
 * load, the page is loaded again in full (spec 8); the part's fallback stays up meanwhile, so nothing
 * blanks. If it fails again right after, the error goes to the PartBoundary around it.
 */
export function lazyPart<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn(`[promo] a part of the page did not load: ${error instanceof Error ? error.message : String(error)}`);
      if (reloadOnce()) return new Promise<never>(() => undefined);
      throw error;
    }),
  );
}

/** Keeps a failing part from taking the page down: the part is replaced by its fallback (or by nothing). */
export class PartBoundary extends Component<{ fallback?: ReactNode; onError?: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`[promo] a part of the page failed and was left out: ${error instanceof Error ? error.message : String(error)}`);
    this.props.onError?.();
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
