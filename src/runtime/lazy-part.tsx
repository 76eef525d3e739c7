import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
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

type PartModule<Props> = { default: ComponentType<Props> };

export type LazyPart<Props extends object> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts fetching the part's code now, before React reaches it; a failure is handled when it renders. */
  preload(): void;
};

/**
 * React.lazy for a part of the page whose code comes later (form, odds, rules, the sections below the
 * fold). If its file fails to load, the page is loaded again in full (spec 8); the part's fallback
 * stays up meanwhile, so nothing blanks. If it fails again right after, the error goes to the
 * PartBoundary around it.
 *
 * Once the code is there, React gets it synchronously: a tap on a server-rendered part React has not
 * hydrated yet makes React hydrate it on the spot, and that only works if nothing suspends; a promise,
 * even a settled one, would suspend once and the tap would be lost.
 */
export function lazyPart<Props extends object>(load: () => Promise<PartModule<Props>>): LazyPart<Props> {
  let loading: Promise<PartModule<Props>> | null = null;
  let loaded: PartModule<Props> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        console.warn(`[promo] a part of the page did not load: ${error instanceof Error ? error.message : String(error)}`);
        if (reloadOnce()) return new Promise<never>(() => undefined);
        throw error;
      },
    ));
  const settled = (module: PartModule<Props>) =>
    ({ then: (resolve: (value: PartModule<Props>) => void) => resolve(module) }) as unknown as Promise<PartModule<Props>>;
  const Part = lazy(() => (loaded ? settled(loaded) : start())) as LazyPart<Props>;
  Part.preload = () => {
    start().catch(() => undefined);
  };
  return Part;
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
