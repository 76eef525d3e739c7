/**
 * The first-screen script of every landing (src/early/early.ts), in a document like the built one: the
 * preloader of spec 2 and 4 (stays until ~600 ms AND the country call settled, at most
 * PRELOADER_MAX_WAIT_MS), the calls it starts for the page's code, the view it counts for visitors who
 * leave before the tracker came, and the clicks it keeps for the page's code.
 */
import qs from 'qs';
import { startEarly, type EarlyConfig } from '../../../src/early/early';
import { EARLY_GLOBAL, LIFTED_ATTRIBUTE, type EarlyWindow } from '../../../src/early/early-state';
import { PRELOADER_MAX_WAIT_MS, REQUEST_TIMEOUT_MS } from '../../../src/domain/timing';
import { fetchCountries } from '../../../src/features/registration/calls/country';
import { replayEarlyClicks, replayHeldSubmit, takeEarlyAnswer, takeOverView } from '../../../src/early/hand-over';
import { HELD_SUBMIT_LIMIT_MS, LEAVING_NOTICE_MS } from '../../../src/early/held-submit';

const CONFIG: EarlyConfig = {
  countriesUrl: '/ajax/data/country?lang_id=1',
  accountUrl: '/ajax/account/data',
  trackingUrl: '/ajax/kafka/log',
  brand: 'zenit',
  language: 'ru',
  slug: 'bonus20000',
  consent: 'none',
};

interface Pending {
  url: string;
  init: RequestInit;
  answer: (status: number, body: string) => void;
  fail: () => void;
}

let calls: Pending[];
const beacons: { url: string; body: Blob }[] = [];

function answerTo(url: string): Pending {
  const call = calls.find((entry) => entry.url === url);
  if (!call) throw new Error(`no call to ${url}`);
  return call;
}

/** Lets settled promises run their callbacks, without moving the clock. */
async function flush() {
  for (let i = 0; i < 12; i += 1) await Promise.resolve();
}

/** The script starts its calls, timers and leave counter in the tasks after its own, as in the browser. */
async function nextTask() {
  for (let task = 0; task < 4; task += 1) {
    jest.advanceTimersByTime(0);
    await flush();
  }
}

async function at(ms: number) {
  jest.advanceTimersByTime(ms - performance.now());
  await flush();
}

const preloaderShown = () => document.getElementById('preloader') !== null;

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  calls = [];
  beacons.length = 0;
  document.documentElement.removeAttribute(LIFTED_ATTRIBUTE);
  document.documentElement.removeAttribute('data-logged-in');
  localStorage.clear();
  document.body.innerHTML = `
    <div data-static=""><div id="preloader" role="status"></div></div>
    <a href="/m/registration/phone?promo_code=Z" data-open-form="">Register</a>
    <section id="registration"><div data-island="registration"><form><input type="hidden" name="lang_id" value="1"><input id="reg-phone"><button type="button" id="by-email">E-mail</button></form></div></section>
    <button type="button" data-open-rules="">Rules</button>`;
  window.fetch = jest.fn(
    (url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({
          url: String(url),
          init: init ?? {},
          answer: (status, body) => resolve({ status, text: () => Promise.resolve(body), headers: new Headers() } as unknown as Response),
          fail: () => reject(new TypeError('Failed to fetch')),
        });
      }),
  ) as typeof fetch;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    },
  });
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => {
  delete (window as EarlyWindow)[EARLY_GLOBAL];
  jest.useRealTimers();
});

describe('the preloader (spec 2, 4)', () => {
  test('the country list answers at 200 ms: it stays until 600 ms, then goes', async () => {
    startEarly(CONFIG);
    await nextTask();
    await at(200);
    answerTo(CONFIG.countriesUrl).answer(200, '{"result": []}');
    await flush();
    await at(590);
    expect(preloaderShown()).toBe(true);
    await at(600);
    expect(preloaderShown()).toBe(false);
    expect(document.documentElement.hasAttribute(LIFTED_ATTRIBUTE)).toBe(true);
  });

  test('the country list answers at 900 ms: it stays past 600 ms until the answer', async () => {
    startEarly(CONFIG);
    await at(890);
    expect(preloaderShown()).toBe(true);
    answerTo(CONFIG.countriesUrl).answer(200, '{"result": []}');
    await flush();
    expect(preloaderShown()).toBe(false);
  });

  test('a failed country call counts as settled: the page is not held', async () => {
    startEarly(CONFIG);
    await nextTask();
    answerTo(CONFIG.countriesUrl).fail();
    await at(600);
    expect(preloaderShown()).toBe(false);
  });

  test('a country call that never answers holds the page PRELOADER_MAX_WAIT_MS only', async () => {
    startEarly(CONFIG);
    await nextTask();
    await at(PRELOADER_MAX_WAIT_MS - 10);
    expect(preloaderShown()).toBe(true);
    await at(PRELOADER_MAX_WAIT_MS);
    expect(preloaderShown()).toBe(false);
  });

  test('started at a fractional time, where the browser cuts a timer to whole milliseconds, it still goes at 600 ms, not at the 4 s limit', async () => {
    // Chromium cuts a timer's fractional delay, so the timer for the rest of 600 ms fires a fraction early.
    const fake = window.setTimeout;
    window.setTimeout = ((handler: () => void, delay?: number) => fake(handler, Math.trunc(delay ?? 0))) as typeof window.setTimeout;
    const clock = jest.spyOn(performance, 'now');
    try {
      clock.mockImplementation(() => Date.now() + 0.3);
      startEarly(CONFIG);
      await nextTask();
      answerTo(CONFIG.countriesUrl).answer(200, '{"result": []}');
      await flush();
      await at(610);
      expect(preloaderShown()).toBe(false);
    } finally {
      clock.mockRestore();
      window.setTimeout = fake;
    }
  });

  test('it does not wait for the page code: nothing but the script and the answer is needed', async () => {
    startEarly(CONFIG);
    await nextTask();
    answerTo(CONFIG.countriesUrl).answer(500, '<html>');
    await at(600);
    expect(preloaderShown()).toBe(false);
  });
});

describe("the preloader's icons move (spec 4: one cycle in 1.5 s)", () => {
  const step = () => document.getElementById('preloader')?.getAttribute('data-step');
  const posed = (steps: number, everyMs: number) => {
    const preloader = document.getElementById('preloader')!;
    preloader.setAttribute('data-step', '0');
    preloader.setAttribute('data-steps', String(steps));
    preloader.setAttribute('data-step-ms', String(everyMs));
  };

  test('pose after pose with the clock, round again after the last, until the preloader lifts', async () => {
    posed(12, 125);
    startEarly(CONFIG);
    await nextTask();
    const seen: string[] = [];
    for (let ms = 130; ms <= 1510; ms += 125) {
      await at(ms);
      seen.push(step() ?? '');
    }
    expect(seen).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '0']);
    const preloader = document.getElementById('preloader')!;
    answerTo(CONFIG.countriesUrl).answer(200, '{"result": []}');
    await flush();
    expect(preloaderShown()).toBe(false);
    // Gone, it is posed no more: no timer works on for it.
    const last = preloader.getAttribute('data-step');
    await at(2000);
    expect(preloader.getAttribute('data-step')).toBe(last);
  });

  test('a timer held up by a busy thread shows the pose of the moment, so the cycle keeps its length', async () => {
    posed(4, 1500);
    startEarly(CONFIG);
    await nextTask();
    const clock = jest.spyOn(performance, 'now');
    try {
      // The first call comes 3.2 s late: two poses were missed, the third shows.
      clock.mockImplementation(() => Date.now() + 3200);
      jest.advanceTimersByTime(1500);
      await flush();
      expect(step()).toBe('3');
    } finally {
      clock.mockRestore();
    }
  });

  test('under prefers-reduced-motion the icons stay at rest', async () => {
    posed(12, 125);
    window.matchMedia = jest.fn((query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList);
    try {
      startEarly(CONFIG);
      await nextTask();
      await at(500);
      expect(step()).toBe('0');
      expect(preloaderShown()).toBe(true);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

describe('the calls the first screen waits for', () => {
  test('country list and account data start in the tasks after the script, with cookies, and the page code takes each answer once', async () => {
    startEarly(CONFIG);
    await nextTask();
    expect(calls.map((call) => call.url)).toEqual([CONFIG.countriesUrl, CONFIG.accountUrl]);
    expect(calls.every((call) => call.init.credentials === 'include')).toBe(true);
    answerTo(CONFIG.accountUrl).answer(200, '{"result": {"access": true}}');
    const taken = takeEarlyAnswer('account', CONFIG.accountUrl);
    await expect(taken).resolves.toMatchObject({ status: 200, body: '{"result": {"access": true}}' });
    expect(takeEarlyAnswer('account', CONFIG.accountUrl)).toBeNull();
  });

  test('while the parser waits, the script starts no call, timer or leave counter: they come in the tasks after', async () => {
    const setTimer = jest.spyOn(window, 'setTimeout');
    const listen = jest.spyOn(window, 'addEventListener');
    startEarly(CONFIG);
    expect(calls).toHaveLength(0);
    expect(setTimer.mock.calls.filter(([, delay]) => (delay ?? 0) > 0)).toHaveLength(0);
    expect(listen.mock.calls.map(([type]) => type)).not.toContain('pagehide');
    await nextTask();
    expect(calls.map((call) => call.url)).toEqual([CONFIG.countriesUrl, CONFIG.accountUrl]);
    expect(setTimer.mock.calls.filter(([, delay]) => (delay ?? 0) > 0).length).toBeGreaterThan(0);
    expect(listen.mock.calls.map(([type]) => type)).toContain('pagehide');
    setTimer.mockRestore();
    listen.mockRestore();
  });

  test('a call that never answers is given up after the client timeout and read as a logged timeout', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    startEarly(CONFIG);
    await nextTask();
    const countries = fetchCountries(1);
    await at(REQUEST_TIMEOUT_MS - 1);
    expect(warn).not.toHaveBeenCalled();
    await at(REQUEST_TIMEOUT_MS + 1);
    await expect(countries).resolves.toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(warn).toHaveBeenCalledWith(`[promo] /ajax/data/country failed: timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`);
    expect(calls[0].init.signal?.aborted).toBe(true);
    warn.mockRestore();
  });

  test('an answer to another address is not handed out (a client-side move to another landing)', () => {
    startEarly(CONFIG);
    expect(takeEarlyAnswer('countries', '/ajax/data/country?lang_id=2')).toBeNull();
    expect(takeEarlyAnswer('countries', CONFIG.countriesUrl)).not.toBeNull();
  });
});

describe('view_landing of a visitor who leaves early (issue 12)', () => {
  /** jsdom's Blob has no text(); a FileReader reads it as a browser would send it. */
  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  const viewOf = async (beacon: { body: Blob }) => qs.parse(await textOf(beacon.body)) as Record<string, unknown>;

  test('leaving before the tracker came sends the view once, form-encoded, with the partner, the landing and the view id', async () => {
    window.history.replaceState(null, '', '/promo/zenit/ru/bonus20000/?zpartner_uid=partner42');
    const state = startEarly(CONFIG);
    expect(state.pageViewId).toMatch(/^[a-z0-9]{16,32}$/);
    await nextTask();
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0].url).toBe(CONFIG.trackingUrl);
    expect(beacons[0].body.type).toBe('application/x-www-form-urlencoded');
    const sent = await viewOf(beacons[0]);
    expect(sent).toMatchObject({
      topic: 'landing_events',
      action: 'view_landing',
      additional_data: {
        eventCode: 'view_landing',
        detail: {
          partnerUid: 'partner42',
          sourceScreen: 'landing',
          language: 'ru',
          type: 'casino',
          name: 'bonus20000',
          pageViewId: state.pageViewId,
          brand: 'zenit',
          country: 'ru',
          slug: 'bonus20000',
          category: 'casino',
        },
      },
    });
    // Each load is a view of its own.
    expect(startEarly(CONFIG).pageViewId).not.toBe(state.pageViewId);
  });

  test('once the tracker has taken the view over, leaving sends nothing more; and it sends nothing once the beacon did', async () => {
    startEarly(CONFIG);
    await nextTask();
    expect(takeOverView()).toMatchObject({ send: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(0);
  });

  test('a page shown again from the back-forward cache after the beacon: the tracker does not count it again', async () => {
    startEarly(CONFIG);
    await nextTask();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(takeOverView()).toEqual({ send: false });
  });
});

describe('clicks before the page code', () => {
  test('a call to sign up scrolls to the in-page form instead of leaving, and puts the focus in its first field', () => {
    startEarly(CONFIG);
    const link = document.querySelector<HTMLAnchorElement>('[data-open-form]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.getElementById('registration')!.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(document.getElementById('reg-phone'));
  });

  test('a visitor the stored flag says is logged in is marked behind the preloader, before it lifts, and the call keeps its address', async () => {
    localStorage.setItem('logged_in', '1');
    startEarly(CONFIG);
    // Not while the parser waits (the storage's first use waits on the browser process): in a task after it.
    expect(document.documentElement.hasAttribute('data-logged-in')).toBe(false);
    await nextTask();
    expect(preloaderShown()).toBe(true);
    expect(document.documentElement.hasAttribute('data-logged-in')).toBe(true);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('[data-open-form]')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  test('a tap on an island button before its code is kept, and tapped again once the island has its code', () => {
    const state = startEarly(CONFIG);
    const button = document.getElementById('by-email')!;
    button.click();
    expect(state.islandClicks).toEqual([button]);
    const onClick = jest.fn();
    button.addEventListener('click', onClick);
    const island = document.querySelector<HTMLElement>('[data-island]')!;
    island.setAttribute('data-hydrated', '');
    replayEarlyClicks(island);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(state.islandClicks).toEqual([]);
  });

  test('a tap on an island button while React is taking the island over reaches the button once, by the replay', () => {
    const state = startEarly(CONFIG);
    const island = document.querySelector<HTMLElement>('[data-island]')!;
    const button = document.getElementById('by-email')!;
    // React's root listens on the island in the capture phase; mid-hydration it may stop the click and drop it.
    const seenByRoot = jest.fn();
    island.addEventListener('click', seenByRoot, true);
    button.click();
    expect(seenByRoot).not.toHaveBeenCalled();
    expect(state.islandClicks).toEqual([button]);
    island.setAttribute('data-hydrated', '');
    replayEarlyClicks(island);
    expect(seenByRoot).toHaveBeenCalledTimes(1);
    island.removeEventListener('click', seenByRoot, true);
    island.removeAttribute('data-hydrated');
  });

  test('a tap on the rules before the page code is kept for it', () => {
    const state = startEarly(CONFIG);
    document.querySelector<HTMLElement>('[data-open-rules]')!.click();
    expect(state.rulesAsked).toBe(document.querySelector('[data-open-rules]'));
  });
});

describe('a registration submitted before the form has its code', () => {
  const WORKING = 'Signing you up…';
  const LEAVING = 'Taking you to the site to finish signing up.';
  const form = () => document.querySelector<HTMLFormElement>('#registration form')!;
  const island = () => document.querySelector<HTMLElement>('[data-island]')!;
  const notice = () => document.getElementById('registration-held');
  let sentByGet: jest.SpyInstance;

  function submit(): SubmitEvent {
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form().dispatchEvent(event);
    return event;
  }

  beforeEach(() => {
    form().setAttribute('data-held-working', WORKING);
    form().setAttribute('data-held-leaving', LEAVING);
    sentByGet = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  });

  afterEach(() => {
    sentByGet.mockRestore();
    notice()?.remove();
    document.documentElement.removeAttribute('data-registration-held');
  });

  test('is held rather than sent away: the page says it is working, and a second tap is the same registration', () => {
    const state = startEarly(CONFIG);
    expect(submit().defaultPrevented).toBe(true);
    expect(submit().defaultPrevented).toBe(true);
    expect(state.heldSubmit).toBe(form());
    expect(document.documentElement.hasAttribute('data-registration-held')).toBe(true);
    expect(notice()).toHaveAttribute('role', 'status');
    expect(notice()!.textContent).toBe(WORKING);
    expect(sentByGet).not.toHaveBeenCalled();
  });

  test('is sent by the form itself once its code has come, once, and the page stays', async () => {
    startEarly(CONFIG);
    // The island's root, mid-hydration, listens on it in the capture phase: it must not take the held submit too.
    const sentByCode = jest.fn((event: Event) => event.preventDefault());
    island().addEventListener('submit', sentByCode, true);
    submit();
    expect(sentByCode).not.toHaveBeenCalled();
    island().setAttribute('data-hydrated', '');
    replayHeldSubmit(island());
    expect(sentByCode).toHaveBeenCalledTimes(1);
    expect(notice()).toBeNull();
    expect(document.documentElement.hasAttribute('data-registration-held')).toBe(false);
    await at(HELD_SUBMIT_LIMIT_MS + LEAVING_NOTICE_MS + 1000);
    expect(sentByGet).not.toHaveBeenCalled();
    expect(sentByCode).toHaveBeenCalledTimes(1);
    island().removeEventListener('submit', sentByCode, true);
    island().removeAttribute('data-hydrated');
  });

  test('goes to the main site by the built form, after a notice that says so, when the code has not come in time', async () => {
    startEarly(CONFIG);
    submit();
    await at(HELD_SUBMIT_LIMIT_MS - 10);
    expect(notice()!.textContent).toBe(WORKING);
    await at(HELD_SUBMIT_LIMIT_MS);
    expect(notice()!.textContent).toBe(LEAVING);
    expect(sentByGet).not.toHaveBeenCalled();
    await at(HELD_SUBMIT_LIMIT_MS + LEAVING_NOTICE_MS);
    expect(sentByGet).toHaveBeenCalledTimes(1);
  });

  test('a form whose code has taken it over is left to that code', () => {
    startEarly(CONFIG);
    island().setAttribute('data-hydrated', '');
    expect(submit().defaultPrevented).toBe(false);
    expect(notice()).toBeNull();
    island().removeAttribute('data-hydrated');
  });
});
