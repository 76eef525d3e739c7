/**
 * The first-screen script, inline in every landing's head (gatsby/early-script.ts), before any bundle arrives:
 * - logged-in links for a visitor the stored flag says is logged in, set while the preloader still covers the page;
 * - sign-up calls lead to the in-page form at once; a click on the rules link or on a part whose code
 *   has not come, and a registration sent before the form's code (held-submit.ts), are kept for the code;
 * - the country list (spec 4) and account calls start while the JavaScript downloads; the page's code
 *   picks their answers up (src/early/hand-over.ts);
 * - only the click keeper and the chunk installer (chunk-tasks.ts) run while the parser waits; the calls,
 *   the login mark, the preloader's timers and the leave counter each start in a task of their own, as a
 *   browser service's first use waits on the browser process and all at once they make a long task;
 * - it steps the preloader's icons (preloader-steps.ts) and lifts it as soon as spec 2 allows, bundle or not;
 * - behind the preloader it draws the bands below the first screen, one per idle moment (draw-bands.ts);
 * - on pagehide it sends view_landing by sendBeacon unless the tracker took the view over, and it makes
 *   the view's id the tracker uses for every event of this view.
 * - first of all it keeps the visitor's consent (consent.ts): where the market asks for it, nothing is
 *   tracked, stored or loaded from a third party before the visitor accepts.
 * It must never throw into the page: every step is guarded.
 */
import { encodeFormFields } from '../domain/form-encoding';
import { installInitialChunksInTasksOfTheirOwn } from './chunk-tasks';
import { stepPreloader } from './preloader-steps';
import { drawBandsBehind } from './draw-bands';
import { holdEarlySubmits } from './held-submit';
import { nextTask } from './next-task';
import { randomPageViewId } from './page-view-id';
import { preloaderCanLift, PRELOADER_MAX_WAIT_MS, PRELOADER_MIN_MS } from '../domain/timing';
import { fetchAnswer } from '../main-site/fetch-answer';
import { buildTrackingEvent, KAFKA_TOPIC, landingViewDetail, VIEW_LANDING } from '../domain/tracking';
import { isImprint, IMPRINT_KEYS } from '../domain/imprint';
import { LOGGED_IN_ATTRIBUTE, LOGGED_IN_KEY } from '../domain/login';
import { openForm } from './open-form';
import { startConsent } from './consent';
import type { ConsentMode } from '../domain/consent';
import { readPartnerParams } from './partner-storage';
import { parsePartnerParams } from '../domain/partner';
import {
  EARLY_GLOBAL,
  LIFTED_ATTRIBUTE,
  PRELOADER_ID,
  WAITING_ISLAND_BUTTON,
  type EarlyCall,
  type EarlyState,
  type EarlyWindow,
} from './early-state';

export interface EarlyConfig {
  /** Main-site paths, query included: /ajax/data/country?lang_id=1 and /ajax/account/data. */
  countriesUrl: string;
  accountUrl: string;
  trackingUrl: string;
  /** The landing's brand, language code as in its path (its country too) and slug (spec 3 view detail). */
  brand: string;
  language: string;
  slug: string;
  /** The A/B experiment and this page's variant, on a landing that runs one. */
  experiment?: string | null;
  variant?: string | null;
  /** The market's consent mode (its table, data/markets/). */
  consent: ConsentMode;
}

function storage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/** A call whose GET starts when `started` settles: the page's code can take its answer before that. */
function call(win: Window, url: string, started: Promise<void>): EarlyCall {
  return { url, answer: started.then(() => fetchAnswer(url, {}, win)), taken: false };
}

/** The view event of a visitor who leaves early: what is known without the account data (spec 3). */
export function earlyViewBody(config: EarlyConfig, win: Window, at: string, pageViewId: string): string {
  const stored = storage(win);
  const partnerUid = parsePartnerParams(win.location.search).partnerUid ?? readPartnerParams(stored).partnerUid;
  let imprint: string | null = null;
  try {
    imprint = stored?.getItem(IMPRINT_KEYS.hash) ?? null;
  } catch {
    // A storage that refuses reads: the event goes without the imprint.
  }
  const event = buildTrackingEvent({
    code: VIEW_LANDING,
    detail: landingViewDetail({
      partnerUid,
      language: config.language,
      referrer: win.document.referrer,
      slug: config.slug,
      brand: config.brand,
      pageViewId,
      experiment: config.experiment,
      variant: config.variant,
    }),
    imprintHash: isImprint(imprint) ? imprint : null,
    userAgent: win.navigator.userAgent,
    host: win.location.host,
    now: Date.parse(at),
  });
  return encodeFormFields({ topic: KAFKA_TOPIC, action: VIEW_LANDING, additional_data: event });
}

export function startEarly(given: EarlyConfig, win: Window = window): EarlyState {
  const consent = startConsent(
    { mode: given.consent, trackingUrl: given.trackingUrl, brand: given.brand, market: given.language, slug: given.slug },
    win,
  );
  // A page asked for without consent was served without a variant (the host's split waits for it): its
  // view belongs to no arm, even once the visitor accepts on it.
  const config = consent.allowedAtLoad ? given : { ...given, experiment: null, variant: null };
  const first = nextTask(win);
  const second = first.then(() => nextTask(win));
  const state: EarlyState = {
    countries: call(win, config.countriesUrl, first),
    account: call(win, config.accountUrl, second),
    view: { at: new Date().toISOString(), sent: false },
    pageViewId: randomPageViewId(win),
    rulesAsked: null,
    islandClicks: [],
    heldSubmit: null,
  };
  (win as EarlyWindow)[EARLY_GLOBAL] = state;
  const doc = win.document;
  try {
    installInitialChunksInTasksOfTheirOwn(win);
  } catch {
    // Without it the chunks install as webpack does by itself.
  }

  // A later start (a page that runs the script twice, the tests) replaces this one.
  const current = () => (win as EarlyWindow)[EARLY_GLOBAL] === state;

  // Kept in the capture phase, before the island's own root sees it: while React hydrates the island, a
  // click it cannot hydrate for at once is stopped and dropped there. Stopped here, every early click
  // reaches the button once, as the replay once the island is alive.
  doc.addEventListener(
    'click',
    (event) => {
      if (!current()) return;
      const target = event.target instanceof Element ? event.target : null;
      const waiting = target?.closest<HTMLElement>(WAITING_ISLAND_BUTTON);
      if (!waiting) return;
      event.stopPropagation();
      if (!state.islandClicks.includes(waiting)) state.islandClicks.push(waiting);
    },
    true,
  );
  doc.addEventListener('click', (event) => {
    if (!current()) return;
    const target = event.target instanceof Element ? event.target : null;
    const rules = target?.closest<HTMLElement>('[data-open-rules]');
    if (rules) state.rulesAsked = rules;
    const toForm = target?.closest('[data-open-form]');
    if (toForm && !doc.documentElement.hasAttribute(LOGGED_IN_ATTRIBUTE) && openForm(doc)) event.preventDefault();
  });

  holdEarlySubmits(win, state, current);
  const bands = drawBandsBehind(win);

  let settled = false;
  let lifted = false;
  let stopMotion = () => {};
  const lift = () => {
    const preloader = doc.getElementById(PRELOADER_ID);
    if (!preloader && doc.readyState === 'loading') {
      doc.addEventListener('DOMContentLoaded', lift);
      return;
    }
    stopMotion();
    if (current()) bands.rest();
    preloader?.remove();
    doc.documentElement.setAttribute(LIFTED_ATTRIBUTE, '');
  };
  const check = () => {
    if (lifted || !preloaderCanLift(win.performance.now(), settled)) return;
    lifted = true;
    lift();
  };
  state.countries.answer.then(() => {
    settled = true;
    check();
  });
  // A timer's delay is cut to whole milliseconds, so it can fire a fraction before its mark; checked then,
  // the preloader stayed until the 4 s limit. A timer that comes early is set again for the rest.
  const checkAt = (mark: number) => {
    const wait = Math.ceil(mark - win.performance.now());
    if (wait > 0) win.setTimeout(() => checkAt(mark), wait);
    else check();
  };

  void second
    .then(() => nextTask(win))
    .then(() => {
      let loggedIn = false;
      try {
        loggedIn = storage(win)?.getItem(LOGGED_IN_KEY) === '1';
      } catch {
        // Unknown: the page's code asks the main site.
      }
      if (loggedIn && current()) doc.documentElement.setAttribute(LOGGED_IN_ATTRIBUTE, '');
    })
    .then(() => nextTask(win))
    .then(() => {
      checkAt(PRELOADER_MIN_MS);
      checkAt(PRELOADER_MAX_WAIT_MS);
      const startMotion = () => {
        const preloader = doc.getElementById(PRELOADER_ID);
        if (preloader && !lifted && current()) stopMotion = stepPreloader(win, preloader);
      };
      if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', startMotion, { once: true });
      else startMotion();
      win.addEventListener('pagehide', () => {
        if (state.view.sent || !current() || !consent.allowed) return;
        try {
          const body = new Blob([earlyViewBody(config, win, state.view.at, state.pageViewId)], {
            type: 'application/x-www-form-urlencoded',
          });
          state.view.sent = win.navigator.sendBeacon(config.trackingUrl, body);
        } catch {
          // Counting must never break leaving the page.
        }
      });
    });
  return state;
}
