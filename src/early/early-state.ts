/**
 * What the inline first-screen script (early.ts) leaves on the window for the page's code: the answers
 * of the calls it started and whether the view was counted. Types and names only, so the bundle that
 * reads them does not carry the script itself.
 */
import type { RawAnswer } from '../main-site/fetch-answer';

export const EARLY_GLOBAL = '__promoEarly';
export const PRELOADER_ID = 'preloader';
/** Set on <html> once the preloader is gone, for styles and tests. */
export const LIFTED_ATTRIBUTE = 'data-preloader-lifted';
/** On the preloader: the pose its icons show now, how many poses there are, how long each shows (ms). */
export const PRELOADER_STEP = 'data-step';
export const PRELOADER_STEPS = 'data-steps';
export const PRELOADER_STEP_MS = 'data-step-ms';
/** On a band below the first screen once it stands at its own height (draw-bands.ts, components/below-the-fold.ts). */
export const BAND_DRAWN_ATTRIBUTE = 'data-drawn';

export interface EarlyCall {
  url: string;
  answer: Promise<RawAnswer>;
  /** The page's code has taken the answer: a second reader makes its own call. */
  taken: boolean;
}

export interface EarlyState {
  countries: EarlyCall;
  account: EarlyCall;
  /** The view of this page: sent once, by the script's beacon or by the tracker, whichever comes first. */
  view: { at: string; sent: boolean };
  /** This view's id (detail.pageViewId): the script's beacon sends it, the tracker takes it for every event of the view. */
  pageViewId: string;
  /** A visitor asked for the rules before the page's code could open them: it opens them when it comes. */
  rulesAsked: HTMLElement | null;
  /** Buttons of islands tapped before their code had taken them over: tapped again once it has. */
  islandClicks: HTMLElement[];
  /** A registration submitted before its form's code had taken the form over (held-submit.ts). */
  heldSubmit: HTMLFormElement | null;
}

/** A button of an island (runtime/island.tsx) whose code has not taken its HTML over yet. */
export const WAITING_ISLAND_BUTTON = '[data-island]:not([data-hydrated]) button[type="button"]';

/** A form of an island whose code has not taken its HTML over yet. */
export const WAITING_ISLAND_FORM = '[data-island]:not([data-hydrated]) form';

/** The attributes of a form that hold its words for a held submit, in the page's language (held-submit.ts). */
export const HELD_TEXT = { working: 'data-held-working', leaving: 'data-held-leaving' } as const;

export type EarlyWindow = Window & { [EARLY_GLOBAL]?: EarlyState };
