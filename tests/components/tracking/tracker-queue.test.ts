/**
 * The tracker's queue: a page view's events reach the main site one at a time, in the order tracked,
 * whatever the answers do, and none is lost on a failure; on hide they go by beacon in that order too.
 * The page view's clock gives each event a time of its own.
 */
import { createTracker } from '../../../src/tracking/tracker';
import type { TrackingEvent, TrackingEventCode } from '../../../src/domain/tracking';
import { beginPageView, eventTime } from '../../../src/tracking/page-view';

interface Call {
  code: string;
  signal: AbortSignal;
  answer: (result: unknown) => void;
  fail: (error: Error) => void;
}

/** A main site that answers only when the test says so, and the calls it has seen. */
function slowMainSite() {
  const calls: Call[] = [];
  const send = jest.fn(
    (event: TrackingEvent, signal: AbortSignal) =>
      new Promise<unknown>((answer, fail) => {
        calls.push({ code: event.eventCode, signal, answer, fail });
        signal.addEventListener('abort', () => fail(new Error('aborted')));
      }),
  );
  return { calls, send, codes: () => calls.map((call) => call.code) };
}

const beaconed: string[] = [];
let beaconTakes = (_code: string) => true;
const beacon = jest.fn((_url: string, body: Blob) => {
  const code = /action=([a-z_]+)/.exec(bodies.get(body) ?? '')?.[1] ?? '?';
  if (!beaconTakes(code)) return false;
  beaconed.push(code);
  return true;
});
// jsdom's Blob cannot be read synchronously: the bodies are kept as they were made.
const bodies = new WeakMap<Blob, string>();
const RealBlob = global.Blob;
beforeAll(() => {
  global.Blob = class extends RealBlob {
    constructor(parts: BlobPart[], options?: BlobPropertyBag) {
      super(parts, options);
      bodies.set(this, parts.map(String).join(''));
    }
  } as typeof Blob;
});
afterAll(() => {
  global.Blob = RealBlob;
});

beforeEach(() => {
  beaconed.length = 0;
  beaconTakes = () => true;
  beacon.mockClear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function tracker(send: ReturnType<typeof slowMainSite>['send']) {
  return createTracker({
    account: Promise.resolve(null),
    imprint: Promise.resolve(null),
    initialImprint: 'a1b2',
    send,
    beacon,
    window: null,
  });
}

const track = (t: ReturnType<typeof tracker>, ...codes: TrackingEventCode[]) => codes.forEach((code) => t.track(code, { pageViewId: 'v' }));

describe('the tracker sends a page view’s events one at a time, in order', () => {
  it('sends the next only once the one before has answered, however slow', async () => {
    const site = slowMainSite();
    const t = tracker(site.send);
    track(t, 'reg_start', 'entered_char_in_reg', 'entered_phone');
    await settle();
    expect(site.codes()).toEqual(['reg_start']);
    await settle();
    expect(site.codes()).toEqual(['reg_start']);
    site.calls[0].answer({ ok: true, data: true });
    await settle();
    expect(site.codes()).toEqual(['reg_start', 'entered_char_in_reg']);
    site.calls[1].answer({ ok: true, data: true });
    await settle();
    site.calls[2].answer({ ok: true, data: true });
    await settle();
    expect(site.codes()).toEqual(['reg_start', 'entered_char_in_reg', 'entered_phone']);
  });

  it('a refusal, a network error or a throw loses none of the events behind it', async () => {
    const site = slowMainSite();
    const t = tracker(site.send);
    track(t, 'reg_start', 'entered_char_in_reg', 'reg_button_enter', 'back_step');
    await settle();
    site.calls[0].answer({ ok: false, error: { kind: 'http', status: 500 } });
    await settle();
    site.calls[1].fail(new Error('Failed to fetch'));
    await settle();
    site.calls[2].answer({ ok: false, error: { kind: 'network' } });
    await settle();
    expect(site.codes()).toEqual(['reg_start', 'entered_char_in_reg', 'reg_button_enter', 'back_step']);
    // Logged only, as every failed event is, and not sent twice.
    site.calls[3].answer({ ok: true, data: true });
    await settle();
    expect(site.send).toHaveBeenCalledTimes(4);
  });

  it('on hide hands the queue to sendBeacon in order, calling off the POST on its way', async () => {
    const site = slowMainSite();
    const t = tracker(site.send);
    track(t, 'view_landing', 'reg_start', 'entered_char_in_reg');
    await settle();
    t.flush();
    expect(beaconed).toEqual(['view_landing', 'reg_start', 'entered_char_in_reg']);
    expect(site.calls[0].signal.aborted).toBe(true);
    await settle();
    expect(site.codes()).toEqual(['view_landing']);
  });

  it('a refused beacon keeps that event and those behind it queued, in order, for the POSTs', async () => {
    const site = slowMainSite();
    const t = tracker(site.send);
    track(t, 'view_landing', 'reg_start', 'entered_char_in_reg');
    await settle();
    beaconTakes = (code) => code !== 'reg_start';
    t.flush();
    expect(beaconed).toEqual(['view_landing']);
    await settle();
    site.calls[1].answer({ ok: true, data: true });
    await settle();
    expect(site.codes()).toEqual(['view_landing', 'reg_start', 'entered_char_in_reg']);
  });

  it('an event sent as the page is hidden (the vitals) leaves after the queued ones', async () => {
    const site = slowMainSite();
    const t = tracker(site.send);
    track(t, 'reg_start', 'entered_char_in_reg');
    await settle();
    t.beacon('web_vitals', { pageViewId: 'v' });
    expect(beaconed).toEqual(['reg_start', 'entered_char_in_reg', 'web_vitals']);
  });
});

describe('a page view’s clock', () => {
  it('gives events raised at one moment times of their own, in the order raised', () => {
    jest.spyOn(performance, 'now').mockReturnValue(1000.25);
    const view = beginPageView({ brand: 'zenit', country: 'de', slug: 'bonus20000' });
    const times = [eventTime(view), eventTime(view), eventTime(view)].map((date) => date.getTime());
    const first = Math.floor(performance.timeOrigin + 1000.25);
    expect(times).toEqual([first, first + 1, first + 2]);
  });
});
