/**
 * The first-screen script. It runs inline in every landing's head (built into one small string at build,
 * see build-early.ts), before any bundle has arrived:
 * - a visitor the stored flag says is logged in sees the logged-in links from the first paint;
 * - the calls to sign up lead to the in-page form (in the built HTML) as soon as they can be clicked;
 *   a click on the rules link, or on a button of a part whose code has not arrived, is kept until the
 *   page's code can act on it;
 * - it starts the two calls the first screen waits for: the country list (the preloader's condition,
 *   spec 4) and the account data (login state and currencies), so they are answered while the JavaScript
 *   still downloads; the page's code picks their answers up (src/site/early-answers.ts);
 * - only what must hold at the first paint runs while the parser waits (the click keeper, the chunk
 *   installer); the two calls, the login mark, then the preloader's timers and the leave counter start
 *   in the tasks after it, one each. The first use of each browser service (fetch, storage, timers, page
 *   lifecycle) waits on the browser process: run at once they made the parser's task 11–17 ms at 1× CPU,
 *   and in one task of their own 10 ms, a long task on a phone. The login mark can wait for its task:
 *   the preloader covers the page until it lifts, and the mark is set long before that;
 * - it moves the preloader's icons (preloader-steps.ts) and lifts the preloader as soon as spec 2 allows
 *   (PRELOADER_MIN_MS after navigation start and the country call settled, at most
 *   PRELOADER_MAX_WAIT_MS), whether or not the bundle is there;
 * - it counts the view of a visitor who leaves before the tracker has loaded: on pagehide it sends
 *   view_landing once with sendBeacon, unless the tracker has taken the view over (src/site/early-answers.ts).
 * - it has the chunks the HTML loads installed each in a task of its own, so the framework's compile and
 *   the page's start-up are not one long task (chunk-tasks.ts).
 * It must never throw into the page: every step is guarded.
 */
import { encodeFormFields } from '../domain/form-encoding';
import { installInitialChunksInTasksOfTheirOwn } from './chunk-tasks';
import { stepPreloader } from './preloader-steps';
import { nextTask } from '../site/next-task';
import { preloaderCanLift, PRELOADER_MAX_WAIT_MS, PRELOADER_MIN_MS } from '../domain/timing';
import { fetchAnswer } from '../main-site/fetch-answer';
import { buildTrackingEvent, KAFKA_TOPIC, landingViewDetail, VIEW_LANDING } from '../domain/tracking';
import { isImprint, IMPRINT_KEYS } from '../domain/imprint';
import { LOGGED_IN_ATTRIBUTE, LOGGED_IN_KEY } from '../domain/login';
import { openForm } from '../features/registration/open-form';
import { readPartnerParams } from '../features/partner/partner-storage';
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
  /** The landing's language code as in its path, and its slug (spec 3 view detail). */
  language: string;
  slug: string;
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
export function earlyViewBody(config: EarlyConfig, win: Window, at: string): string {
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
    detail: landingViewDetail({ partnerUid, language: config.language, referrer: win.document.referrer, slug: config.slug }),
    imprintHash: isImprint(imprint) ? imprint : null,
    userAgent: win.navigator.userAgent,
    host: win.location.host,
    now: Date.parse(at),
  });
  return encodeFormFields({ topic: KAFKA_TOPIC, action: VIEW_LANDING, additional_data: event });
}

export function startEarly(config: EarlyConfig, win: Window = window): EarlyState {
  const first = nextTask(win);
  const second = first.then(() => nextTask(win));
  const state: EarlyState = {
    countries: call(win, config.countriesUrl, first),
    account: call(win, config.accountUrl, second),
    view: { at: new Date().toISOString(), sent: false },
    rulesAsked: null,
    islandClicks: [],
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

  doc.addEventListener('click', (event) => {
    if (!current()) return;
    const target = event.target instanceof Element ? event.target : null;
    const rules = target?.closest<HTMLElement>('[data-open-rules]');
    if (rules) state.rulesAsked = rules;
    const waiting = target?.closest<HTMLElement>(WAITING_ISLAND_BUTTON);
    if (waiting && !state.islandClicks.includes(waiting)) state.islandClicks.push(waiting);
    const toForm = target?.closest('[data-open-form]');
    if (toForm && !doc.documentElement.hasAttribute(LOGGED_IN_ATTRIBUTE) && openForm(doc)) event.preventDefault();
  });

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
        if (state.view.sent || !current()) return;
        try {
          const body = new Blob([earlyViewBody(config, win, state.view.at)], { type: 'application/x-www-form-urlencoded' });
          state.view.sent = win.navigator.sendBeacon(config.trackingUrl, body);
        } catch {
          // Counting must never break leaving the page.
        }
      });
    });
  return state;
}
