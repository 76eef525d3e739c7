/**
 * The visitor's consent, kept by the first-screen script before anything else loads (docs/landings.md,
 * "Tracking and consent"): the market's mode and the choice cookie say whether anything is tracked; the
 * choice sheet the build wrote into the page (src/site/consent-sheet.tsx) is shown, and its buttons and
 * the footer's link work, before any bundle. Loaders of third parties (the tag manager, the metrics counter)
 * are handed to the queue below and run only once tracking is allowed; the page's code asks
 * `consentAllowsTracking` (hand-over.ts) and waits for CONSENT_EVENT.
 */
import {
  choiceMade,
  consentCookie,
  consentFromCookies,
  consentModeState,
  THIRD_PARTY_COOKIE,
  trackingAllowed,
  asksOnArrival,
  type ConsentMode,
  type ConsentValue,
} from '../domain/consent';
import { encodeFormFields } from '../domain/form-encoding';
import { IMPRINT_KEYS } from '../domain/imprint';
import { buildConsentChoiceEvent, CONSENT_CHOICE, KAFKA_TOPIC, type ConsentChoice } from '../domain/tracking';
import { capturePartnerParams, STORAGE_KEYS } from './partner-storage';
import {
  CONSENT_ASK_ATTRIBUTE,
  CONSENT_EVENT,
  CONSENT_GLOBAL,
  CONSENT_OPEN,
  CONSENT_QUEUE,
  CONSENT_SHEET_ID,
  type ConsentState,
  type ConsentWindow,
} from './consent-state';

export interface ConsentConfig {
  mode: ConsentMode;
  trackingUrl: string;
  brand: string;
  /** The landing's country code as in its path: the event's market. */
  market: string;
  slug: string;
}

type Loader = () => void;

/** What a withdrawal removes from the browser: what the page stored for tracking, and the third parties' cookies. */
const TRACKING_KEYS = [STORAGE_KEYS.partnerUid, STORAGE_KEYS.promoCode, IMPRINT_KEYS.hash, IMPRINT_KEYS.sent];

function pushConsent(win: ConsentWindow, command: 'default' | 'update', granted: boolean): void {
  // Built as gtag's arguments object so the tag manager takes it as a command, as `function gtag(){dataLayer.push(arguments)}` would.
  const args = (function (..._values: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    return arguments;
  })('consent', command, consentModeState(granted));
  (win.dataLayer = win.dataLayer || []).push(args);
}

function expireCookie(win: Window, name: string): void {
  const host = win.location.hostname;
  const parts = host.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, index) => `; domain=.${parts.slice(index).join('.')}`)];
  for (const domain of domains) win.document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
}

/** Removes what tracking stored: the page's own keys and the cookies the third parties' scripts set on this host. */
export function forgetTracking(win: Window): void {
  try {
    for (const key of TRACKING_KEYS) win.localStorage.removeItem(key);
  } catch {
    // No storage: nothing was stored either.
  }
  for (const part of win.document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (THIRD_PARTY_COOKIE.test(name)) expireCookie(win, name);
  }
}

function sendChoice(win: Window, config: ConsentConfig, choice: ConsentChoice): void {
  try {
    const { market, brand, slug, mode } = config;
    const event = buildConsentChoiceEvent({ choice, market, brand, slug, consentMode: mode, host: win.location.host, now: new Date() });
    // No cookie goes with it (credentials omitted): the choice is counted, never tied to a visitor.
    void win
      .fetch(config.trackingUrl, {
        method: 'POST',
        body: encodeFormFields({ topic: KAFKA_TOPIC, action: CONSENT_CHOICE, additional_data: event }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        credentials: 'omit',
        keepalive: true,
      })
      .catch(() => undefined);
  } catch {
    // Counting a choice must never stand in its way.
  }
}

export function startConsent(config: ConsentConfig, win: Window = window): ConsentState {
  const cw = win as ConsentWindow;
  const doc = win.document;
  const root = doc.documentElement;
  let choice: ConsentValue | null = null;
  try {
    choice = consentFromCookies(doc.cookie);
  } catch {
    // A document without cookies (a sandboxed frame): no choice made yet.
  }
  const allowed = trackingAllowed(config.mode, choice);
  const state: ConsentState = { mode: config.mode, choice, allowed, allowedAtLoad: allowed };
  const waiting: Loader[] = [];
  const run = (loader: Loader) => {
    try {
      loader();
    } catch {
      // One third party failing leaves the others and the page alone.
    }
  };
  // The Consent Mode signals come before the tag manager's first event: denied by default, granted where allowed.
  pushConsent(cw, 'default', false);
  if (state.allowed) pushConsent(cw, 'update', true);
  cw[CONSENT_QUEUE] = {
    push(loader: Loader) {
      if (state.allowed) run(loader);
      else waiting.push(loader);
    },
  };
  cw[CONSENT_GLOBAL] = state;
  if (asksOnArrival(config.mode, choice)) root.setAttribute(CONSENT_ASK_ATTRIBUTE, '');

  const sheet = () => doc.getElementById(CONSENT_SHEET_ID);
  const close = () => {
    const hadFocus = sheet()?.contains(doc.activeElement) ?? false;
    root.removeAttribute(CONSENT_ASK_ATTRIBUTE);
    // Focus would otherwise fall to the page's start: it goes back to the footer's link when that opened the sheet.
    if (hadFocus) doc.querySelector<HTMLElement>(CONSENT_OPEN)?.focus();
  };

  const choose = (value: ConsentValue) => {
    const before = state.choice;
    const made = choiceMade(value, before);
    try {
      doc.cookie = consentCookie(value, win.location.protocol === 'https:');
    } catch {
      // Not kept: asked again on the next page.
    }
    state.choice = value;
    sendChoice(win, config, made);
    close();
    const allowed = trackingAllowed(config.mode, value);
    if (allowed && !state.allowed) {
      state.allowed = true;
      try {
        capturePartnerParams(win.location.search, win.localStorage);
      } catch {
        // No storage: the parameters stay in the URL and the page's memory.
      }
      pushConsent(cw, 'update', true);
      for (const loader of waiting.splice(0)) run(loader);
      win.dispatchEvent(new Event(CONSENT_EVENT));
    } else if (!allowed && state.allowed) {
      // Scripts already running cannot be unloaded: the page is loaded again without them, and the host
      // drops its visitor cookie on that request (docs/deploy.md, "A/B experiments").
      state.allowed = false;
      pushConsent(cw, 'update', false);
      forgetTracking(win);
      win.location.reload();
    }
  };

  doc.addEventListener('click', (event) => {
    if (cw[CONSENT_GLOBAL] !== state) return;
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>(`#${CONSENT_SHEET_ID} [data-consent]`);
    const value = button?.getAttribute('data-consent');
    if (value === 'accept' || value === 'refuse') {
      choose(value);
      return;
    }
    if (target?.closest(CONSENT_OPEN)) {
      event.preventDefault();
      root.setAttribute(CONSENT_ASK_ATTRIBUTE, '');
      // Opened on the visitor's request: focus goes to it (never on load, where it would take the page's focus).
      sheet()?.focus();
    }
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && root.hasAttribute(CONSENT_ASK_ATTRIBUTE) && state.choice !== null) close();
  });
  return state;
}
