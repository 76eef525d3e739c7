/**
 * The page's side of the first-screen script (src/early/early.ts): the answers of the calls it started
 * from the HTML, and the view it may already have counted. Each answer is taken once; a page rendered
 * without the script (a client-side navigation, the component tests) finds none and calls itself.
 */
import { EARLY_GLOBAL, type EarlyState, type EarlyWindow } from './early-state';
import { releaseHeldSubmit } from './held-submit';
import { CONSENT_EVENT, CONSENT_GLOBAL, type ConsentWindow } from './consent-state';
import type { RawAnswer } from '../main-site/fetch-answer';

export function earlyState(): EarlyState | null {
  return typeof window === 'undefined' ? null : ((window as EarlyWindow)[EARLY_GLOBAL] ?? null);
}

/** The answer to `url` the script asked for, the first time it is asked for; null otherwise. */
export function takeEarlyAnswer(which: 'countries' | 'account', url: string): Promise<RawAnswer> | null {
  const call = earlyState()?.[which];
  if (!call || call.taken || call.url !== url) return null;
  call.taken = true;
  return call.answer;
}

export type ViewHandover = { send: true; at: Date | null } | { send: false };

/**
 * The tracker counts the view unless the script's beacon already did (the page was hidden and shown
 * again from the back-forward cache); from now on the script's beacon stays quiet. `at` is when the
 * script saw the page, the moment of the view.
 */
export function takeOverView(): ViewHandover {
  const state = earlyState();
  if (!state) return { send: true, at: null };
  if (state.view.sent) return { send: false };
  state.view.sent = true;
  return { send: true, at: new Date(state.view.at) };
}

/** Whether a visitor tapped a button of this island before the page's code ran: a turn to it. */
export function hasEarlyClicks(container: HTMLElement): boolean {
  return earlyState()?.islandClicks.some((button) => container.contains(button)) ?? false;
}

/** Taps the buttons of this island a visitor tapped before its code had taken it over, once, in order. */
export function replayEarlyClicks(container: HTMLElement): void {
  const state = earlyState();
  if (!state) return;
  const mine = state.islandClicks.filter((button) => container.contains(button));
  state.islandClicks = state.islandClicks.filter((button) => !mine.includes(button));
  for (const button of mine) if (button.isConnected) button.click();
}

/** Whether a form of this island was submitted before its code had taken it over: a turn to it. */
export function hasHeldSubmit(container: HTMLElement): boolean {
  const form = earlyState()?.heldSubmit;
  return !!form && container.contains(form);
}

/**
 * Sends the registration the first-screen script held (early/held-submit.ts) through the form's own
 * code, now alive: with everything the visitor typed, without leaving the page.
 */
export function replayHeldSubmit(container: HTMLElement): void {
  const state = earlyState();
  const form = state?.heldSubmit;
  if (!state || !form || !container.contains(form)) return;
  state.heldSubmit = null;
  releaseHeldSubmit(container.ownerDocument);
  if (form.isConnected) form.requestSubmit();
}

/**
 * Whether the visitor's consent allows tracking now: the page's one answer, which the first-screen script
 * (consent.ts) keeps by the rule in src/domain/consent.ts and which every gate asks (storage, the tracker,
 * the funnel events, the view). A page without the first-screen script (develop, the component tests) has
 * no market to keep: as before, it tracks.
 */
export function consentAllowsTracking(): boolean {
  if (typeof window === 'undefined') return false;
  const state = (window as ConsentWindow)[CONSENT_GLOBAL];
  return state ? state.allowed : true;
}

/** Runs `work` now if tracking is allowed, else once the visitor accepts (never, if they do not). */
export function whenTrackingAllowed(work: () => void): void {
  if (consentAllowsTracking()) {
    work();
    return;
  }
  window.addEventListener(CONSENT_EVENT, () => work(), { once: true });
}

/**
 * Whether this page was served as its experiment's variant: not when it was asked for without consent,
 * where the host serves the landing itself and assigns no variant (docs/deploy.md, "A/B experiments").
 */
export function servedByTheSplit(): boolean {
  const state = typeof window === 'undefined' ? undefined : (window as ConsentWindow)[CONSENT_GLOBAL];
  return state ? state.allowedAtLoad : true;
}
