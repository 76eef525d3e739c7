import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import qs from 'qs';
import React from 'react';
import { QS_LIMITS } from '../../../src/main-site/client';
import { TrackingProvider, useTrack } from '../../../src/tracking/TrackingProvider';
import { createTracker } from '../../../src/tracking/tracker';
import type { TrackingEvent } from '../../../src/domain/tracking';
import { VisitorProvider } from '../../../src/site/visitor';
import { fetchWire, installFetchWire, type FetchedRequest } from '../../fixtures/fetch-wire';

const HASH = 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071';

jest.mock('@fingerprintjs/fingerprintjs', () => {
  const get = jest.fn(async () => ({ visitorId: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071' }));
  const load = jest.fn(async () => ({ get }));
  return { __esModule: true, load, default: { load } };
});
const fingerprint = jest.requireMock('@fingerprintjs/fingerprintjs') as { load: jest.Mock };
// The speed measures have their own tests (web-vitals.test.tsx): here they would add a beacon to each hidden page.
jest.mock('../../../src/tracking/vitals', () => ({ watchVitals: jest.fn() }));

const ACCOUNT = {
  result: {
    ip: '203.0.113.7',
    timezone_id: 3,
    appId: 'zenit-web',
    appVer: '4.18.2',
    sessionId: 'session1',
    eventSource: 'landing',
    login: null,
    access: false,
    finance_data: { currency: {}, order: [] },
  },
};

type Kafka = 'ok' | 'hang';
let kafka: Kafka = 'ok';
/** The main site as the page's fetch meets it: the account, and { result: true } for every POST (kafka may hang). */
const wire = installFetchWire(
  fetchWire((request) => {
    const path = request.url.split('?')[0];
    if (path === '/ajax/account/data') return { body: ACCOUNT };
    if (path === '/ajax/kafka/log' && kafka === 'hang') return 'hang';
    return { body: { result: true } };
  }),
);

/** Idle callbacks are held until the test runs them: jsdom has no requestIdleCallback of its own. */
let idle: IdleRequestCallback[] = [];
const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);

function runIdle() {
  const callbacks = idle;
  idle = [];
  act(() => callbacks.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
}

function posts(url: string): FetchedRequest[] {
  return wire.to(url);
}

function kafkaForms(): Record<string, any>[] {
  return posts('/ajax/kafka/log').map((request) => qs.parse(String(request.body), QS_LIMITS));
}

/** jsdom's Blob has no text(). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const views = () => kafkaForms().filter((form) => form.action === 'view_landing');

function Landing({
  brand = 'zenit',
  slug = 'bonus20000',
  language = 'ru',
  experiment,
  variant,
  children,
}: {
  brand?: string;
  slug?: string;
  language?: string;
  experiment?: string;
  variant?: string;
  children?: React.ReactNode;
}) {
  return (
    <VisitorProvider>
      <TrackingProvider brand={brand} slug={slug} language={language} experiment={experiment} variant={variant}>
        {children}
      </TrackingProvider>
    </VisitorProvider>
  );
}

/** StrictMode must be the root element: React 19 double-runs effects only then. */
const renderStrict = (ui: React.ReactElement) => render(<React.StrictMode>{ui}</React.StrictMode>);

/**
 * Mounts a landing and lets the page go idle: once for the view event (which loads the tracker), and
 * once more for the imprint, should this test be the first to create the tracker.
 */
async function mountLanding(ui: React.ReactElement) {
  const view = renderStrict(ui);
  await settle();
  runIdle();
  await settle();
  runIdle();
  return view;
}

/** Lets queued promise callbacks (lazy import, fetch answers) run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

// The settle delay after load has its own test (idle.test.ts); here "idle" is the browser's idle callback.
jest.mock('../../../src/runtime/idle', () => ({
  whenIdle: (run: () => void, options?: { timeout?: number }) => {
    const id = window.requestIdleCallback(run, { timeout: options?.timeout });
    return () => window.cancelIdleCallback(id);
  },
}));

let warn: jest.SpyInstance;

beforeAll(() => {
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
  window.cancelIdleCallback = jest.fn();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  Object.defineProperty(document, 'referrer', { value: 'https://partner.example/promo', configurable: true });
  window.history.replaceState(null, '', '/promo/zenit/ru/bonus20000/?zpartner_uid=abc123');
  localStorage.clear();
});

beforeEach(() => {
  kafka = 'ok';
  idle = [];
  sendBeacon.mockClear();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => warn.mockRestore());

describe('tracking: imprint', () => {
  it('is computed on idle, stored, sent once and attached to the view event', async () => {
    const { unmount } = renderStrict(<Landing />);
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    await settle();
    // Nothing of the tracker, let alone the fingerprint, runs before the browser is idle.
    expect(wire.requests).toEqual([]);
    expect(fingerprint.load).not.toHaveBeenCalled();

    // The first idle moment sends the view and so loads the tracker; the fingerprint waits for the next one.
    runIdle();
    await waitFor(() => expect(idle).toHaveLength(1));
    await settle();
    expect(fingerprint.load).not.toHaveBeenCalled();
    expect(posts('/ajax/cookie/imprint')).toHaveLength(0);

    runIdle();
    await waitFor(() => expect(posts('/ajax/cookie/imprint')).toHaveLength(1));
    expect(fingerprint.load).toHaveBeenCalledTimes(1);
    expect(fingerprint.load).toHaveBeenCalledWith({ monitoring: false });
    expect(qs.parse(String(posts('/ajax/cookie/imprint')[0].body))).toEqual({ imprint: HASH });
    await waitFor(() => expect(localStorage.getItem('imprint_sent')).toBe(HASH));
    expect(localStorage.getItem('imprint')).toBe(HASH);

    await waitFor(() => expect(views()).toHaveLength(1));
    expect(views()[0].additional_data.additional_data.imprintHash).toBe(HASH);
    unmount();

    // A second mount on the same page, left before the page went idle: still a view of its own, but
    // no second fingerprint or imprint call.
    renderStrict(<Landing />).unmount();
    runIdle();
    await waitFor(() => expect(views()).toHaveLength(2));
    await settle();
    expect(fingerprint.load).toHaveBeenCalledTimes(1);
    expect(posts('/ajax/cookie/imprint')).toHaveLength(1);
  });

  it('is not computed or sent again on a later visit once it was sent', async () => {
    let ensure: ((storage: Storage | null) => Promise<string | null>) | undefined;
    // A fresh module registry is a fresh page load; localStorage carries over as it does between visits.
    // Its calls go by the same global fetch, so the wire sees them too.
    jest.isolateModules(() => {
      ensure = require('../../../src/tracking/imprint').ensureImprint;
    });
    const loadsBefore = fingerprint.load.mock.calls.length;
    await expect(ensure!(localStorage)).resolves.toBe(HASH);
    expect(idle).toHaveLength(0);
    expect(fingerprint.load.mock.calls.length).toBe(loadsBefore);
    expect(wire.requests).toEqual([]);
  });

  it('is sent without being computed again when an earlier send failed', async () => {
    localStorage.removeItem('imprint_sent');
    let ensure: ((storage: Storage | null) => Promise<string | null>) | undefined;
    jest.isolateModules(() => {
      ensure = require('../../../src/tracking/imprint').ensureImprint;
    });
    await expect(ensure!(localStorage)).resolves.toBe(HASH);
    expect(idle).toHaveLength(0);
    expect(posts('/ajax/cookie/imprint')).toHaveLength(1);
    expect(localStorage.getItem('imprint_sent')).toBe(HASH);
  });

  it('logs a failed computation and resolves with no hash', async () => {
    let ensure: ((storage: Storage | null) => Promise<string | null>) | undefined;
    const storage = { getItem: () => null, setItem: jest.fn() } as unknown as Storage;
    fingerprint.load.mockRejectedValueOnce(new Error('canvas blocked'));
    jest.isolateModules(() => {
      ensure = require('../../../src/tracking/imprint').ensureImprint;
    });
    const result = ensure!(storage);
    await waitFor(() => expect(idle).toHaveLength(1));
    runIdle();
    await expect(result).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('canvas blocked'));
    expect(storage.setItem).not.toHaveBeenCalled();
  });
});

describe('tracking: view_landing', () => {
  it('is sent once per mount, in StrictMode too, when the page is idle, dated when the landing was seen', async () => {
    const mountedFrom = Date.now();
    const { unmount } = renderStrict(<Landing brand="zenbet" slug="GameART_Tournament" language="br" />);
    const mountedBy = Date.now();
    await settle();
    // Hydration is not made to share the main thread with the tracker.
    expect(views()).toHaveLength(0);

    runIdle();
    await waitFor(() => expect(views()).toHaveLength(1));
    await settle();
    expect(views()).toHaveLength(1);

    const form = views()[0];
    expect(form.topic).toBe('landing_events');
    const event = form.additional_data;
    expect(event.eventType).toBe('landing');
    expect(event.eventCode).toBe('view_landing');
    expect(event.detail).toEqual({
      pageViewId: expect.stringMatching(/^[a-z0-9]{16,32}$/),
      brand: 'zenbet',
      country: 'br',
      slug: 'GameART_Tournament',
      category: 'casino',
      partnerUid: 'abc123',
      sourceScreen: 'landing',
      language: 'br',
      refer: 'https://partner.example/promo',
      type: 'casino',
      name: 'GameART_Tournament',
    });
    expect(event.ipAddress).toBe('203.0.113.7');
    expect(event.timezone).toBe('3');
    expect(event.userAgent).toBe(navigator.userAgent);
    expect(event.additional_data).toEqual({
      appId: 'zenit-web',
      appVer: '4.18.2',
      sessionId: 'session1',
      host: 'localhost',
      eventSource: 'landing',
      imprintHash: HASH,
    });
    expect(Date.parse(event.date)).toBeGreaterThanOrEqual(mountedFrom);
    expect(Date.parse(event.date)).toBeLessThanOrEqual(mountedBy);
    unmount();

    await mountLanding(<Landing slug="freebet30" />);
    await waitFor(() => expect(views()).toHaveLength(2));
    expect(views()[1].additional_data.detail).toMatchObject({ type: 'sport', name: 'freebet30', language: 'ru', category: 'sport' });
    // Without the first-screen script (a client-side navigation) each view gets an id of its own.
    expect(views()[1].additional_data.detail.pageViewId).toMatch(/^[a-z0-9]{16,32}$/);
    expect(views()[1].additional_data.detail.pageViewId).not.toBe(event.detail.pageViewId);
  });

  it('on an A/B variant page names the experiment and the variant', async () => {
    await mountLanding(<Landing slug="bonus25000" experiment="bonus25000-headline" variant="bold" />);
    await waitFor(() => expect(views()).toHaveLength(1));
    expect(views()[0].additional_data.detail).toMatchObject({ slug: 'bonus25000', experiment: 'bonus25000-headline', variant: 'bold' });
  });
});

function LogoLink({ onResult }: { onResult: (value: unknown) => void }) {
  const { trackClick } = useTrack();
  return (
    <a
      href="/promo/elsewhere"
      onClick={(event) => {
        event.preventDefault();
        onResult(trackClick('click_logo_landing'));
      }}
    >
      logo
    </a>
  );
}

describe('tracking: clicks and leaving the page', () => {
  it("a click returns at once though the view's POST never answers, and pagehide hands both to sendBeacon in order", async () => {
    const user = userEvent.setup();
    kafka = 'hang';
    const results: unknown[] = [];
    const { getByText } = await mountLanding(
      <Landing>
        <LogoLink onResult={(value) => results.push(value)} />
      </Landing>,
    );
    await waitFor(() => expect(views()).toHaveLength(1));
    const viewPost = posts('/ajax/kafka/log')[0];
    // Kept alive: had the visitor left (no beacon), the POST would still arrive.
    expect(viewPost.keepalive).toBe(true);

    await user.click(getByText('logo'));
    // The handler ran to its end synchronously and handed back nothing to wait for.
    expect(results).toEqual([undefined]);
    // One event at a time: the click waits for the view's answer.
    await settle();
    expect(kafkaForms().map((form) => form.action)).toEqual(['view_landing']);

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const beacons = await Promise.all(
      sendBeacon.mock.calls.map(async ([url, body]) => {
        expect(url).toBe('/ajax/kafka/log');
        expect((body as Blob).type).toBe('application/x-www-form-urlencoded');
        return qs.parse(await blobText(body as Blob), QS_LIMITS) as Record<string, any>;
      }),
    );
    expect(beacons.map((form) => form.action)).toEqual(['view_landing', 'click_logo_landing']);
    const [view, click] = beacons;
    expect(click.topic).toBe('landing_events');
    expect(click.additional_data.eventCode).toBe('click_logo_landing');
    expect(click.additional_data.detail).toMatchObject({ partnerUid: 'abc123', name: 'bonus20000', type: 'casino', brand: 'zenit' });
    // The click is of the view the view event counted, and came after it.
    expect(click.additional_data.detail.pageViewId).toBe(view.additional_data.detail.pageViewId);
    expect(Date.parse(click.additional_data.date)).toBeGreaterThan(Date.parse(view.additional_data.date));
    // The POST still on its way is called off, so a page that lives on does not log the event twice.
    expect(viewPost.signal?.aborted).toBe(true);
    await settle();
    expect(posts('/ajax/kafka/log')).toHaveLength(1);

    // Handed over once: a second pagehide has nothing left to send.
    sendBeacon.mockClear();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('a page going hidden sends its pending events by beacon too', async () => {
    const user = userEvent.setup();
    kafka = 'hang';
    const { getByText } = await mountLanding(
      <Landing>
        <LogoLink onResult={() => undefined} />
      </Landing>,
    );
    await waitFor(() => expect(views()).toHaveLength(1));
    await user.click(getByText('logo'));
    await settle();

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });

  it('a refused beacon leaves the POST running', async () => {
    kafka = 'hang';
    sendBeacon.mockReturnValue(false);
    try {
      await mountLanding(<Landing />);
      await waitFor(() => expect(views()).toHaveLength(1));
      const post = posts('/ajax/kafka/log').at(-1)!;
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      expect(post.signal?.aborted).toBe(false);
    } finally {
      sendBeacon.mockReturnValue(true);
      // The page's one tracker serves every test: the hanging POST would hold the next tests' events behind it.
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      await settle();
    }
  });

  it('a click before the page is idle counts the view first, then the click; idle counts no second view', async () => {
    const user = userEvent.setup();
    const { getByText } = renderStrict(
      <Landing>
        <LogoLink onResult={() => undefined} />
      </Landing>,
    );
    await user.click(getByText('logo'));
    await waitFor(() => expect(kafkaForms().map((form) => form.action)).toEqual(['view_landing', 'click_logo_landing']));

    runIdle();
    await settle();
    expect(views()).toHaveLength(1);
  });

  it('useTrack outside a provider does nothing and does not throw', async () => {
    const user = userEvent.setup();
    const results: unknown[] = [];
    const { getByText } = render(<LogoLink onResult={(value) => results.push(value)} />);
    await user.click(getByText('logo'));
    expect(results).toEqual([undefined]);
  });
});

describe('tracking: waiting for the account and the imprint', () => {
  afterEach(() => jest.useRealTimers());

  it('sends after about 2 s with what is known when neither comes', async () => {
    jest.useFakeTimers();
    const send = jest.fn(async (_event: TrackingEvent, _signal: AbortSignal) => undefined);
    const never = new Promise<never>(() => undefined);
    const tracker = createTracker({ account: never, imprint: never, send, window: null, userAgent: 'UA', host: 'zenit.win' });
    tracker.track('view_landing', { name: 'freebet30' }, new Date(Date.UTC(2025, 0, 1)));
    await jest.advanceTimersByTimeAsync(1900);
    expect(send).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toEqual([
      expect.objectContaining({
        eventCode: 'view_landing',
        date: '2025-01-01T00:00:00.000Z',
        ipAddress: '',
        timezone: null,
        login: null,
        userAgent: 'UA',
        additional_data: { appId: '', appVer: '', sessionId: '', host: 'zenit.win', eventSource: '', imprintHash: null },
      }),
      expect.any(AbortSignal),
    ]);
    // Later events do not wait again.
    tracker.track('click_logo_landing', {});
    await jest.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends at once when both are there, with a stored imprint not waited for', async () => {
    const send = jest.fn(async (_event: TrackingEvent, _signal: AbortSignal) => undefined);
    const tracker = createTracker({
      account: Promise.resolve({ ip: '203.0.113.7', sessionId: 's' }),
      imprint: new Promise<never>(() => undefined),
      initialImprint: HASH,
      send,
      window: null,
    });
    tracker.track('view_landing', {});
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0]).toMatchObject({ ipAddress: '203.0.113.7', additional_data: { sessionId: 's', imprintHash: HASH } });
  });

  it('never throws from track, even when sending throws', async () => {
    const send = jest.fn(() => {
      throw new Error('boom');
    });
    const tracker = createTracker({ account: Promise.resolve(null), imprint: Promise.resolve(null), send, window: null });
    expect(() => tracker.track('view_landing', {})).not.toThrow();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('boom')));
  });
});
