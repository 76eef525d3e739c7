/** The odds cards' line call waits for its section to near the screen: never for a visitor who does not go there. */
import { SETTLE_MS } from '../../../src/runtime/idle';
import { AHEAD_MARGIN, whenNearScreen } from '../../../src/runtime/near-screen';

type Report = (near: boolean) => void;

/** A stand-in for the browser's observer: the test says when the section is near and when it is not. */
function installObserver(): { report: Report; options: () => IntersectionObserverInit | undefined; disconnected: () => boolean } {
  let callback: IntersectionObserverCallback | null = null;
  let target: Element | null = null;
  let init: IntersectionObserverInit | undefined;
  let disconnected = false;
  class FakeObserver {
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      callback = cb;
      init = options;
    }
    observe(element: Element) {
      target = element;
    }
    disconnect() {
      disconnected = true;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  return {
    report: (near) => callback!([{ isIntersecting: near, target } as IntersectionObserverEntry], {} as IntersectionObserver),
    options: () => init,
    disconnected: () => disconnected,
  };
}

function settleThenIdle() {
  jest.advanceTimersByTime(SETTLE_MS);
}

beforeEach(() => {
  jest.useFakeTimers();
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => {
    callback({ didTimeout: false, timeRemaining: () => 10 });
    return 1;
  });
});
afterEach(() => {
  jest.useRealTimers();
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

test('a visitor who never scrolls near the section never starts the load', () => {
  const observer = installObserver();
  const load = jest.fn();
  whenNearScreen(document.createElement('section'), load);
  observer.report(false);
  settleThenIdle();
  jest.advanceTimersByTime(60_000);
  expect(load).not.toHaveBeenCalled();
  expect(observer.options()?.rootMargin).toBe(AHEAD_MARGIN);
});

test('scrolling towards the section starts the load at once, and only once', () => {
  const observer = installObserver();
  const load = jest.fn();
  whenNearScreen(document.createElement('section'), load);
  observer.report(false);
  observer.report(true);
  expect(load).toHaveBeenCalledTimes(1);
  expect(observer.disconnected()).toBe(true);
});

test('a section near the screen from the start (a tall screen) still waits for the page to settle', () => {
  const observer = installObserver();
  const load = jest.fn();
  whenNearScreen(document.createElement('section'), load);
  observer.report(true);
  expect(load).not.toHaveBeenCalled();
  settleThenIdle();
  expect(load).toHaveBeenCalledTimes(1);
});

test('left before anything happened (the page was left or re-rendered), it never loads', () => {
  const observer = installObserver();
  const load = jest.fn();
  const cancel = whenNearScreen(document.createElement('section'), load);
  observer.report(true);
  cancel();
  settleThenIdle();
  expect(load).not.toHaveBeenCalled();
});

test('without IntersectionObserver the load starts once the page has settled', () => {
  const load = jest.fn();
  whenNearScreen(document.createElement('section'), load);
  expect(load).not.toHaveBeenCalled();
  settleThenIdle();
  expect(load).toHaveBeenCalledTimes(1);
});
