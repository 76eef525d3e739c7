/** Deferred work (form, odds, imprint) waits for the load event, a settle delay, then the browser's idle time. */
import { SETTLE_MS, whenIdle } from '../../../src/runtime/idle';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('runs only after the page has settled and the browser is idle', () => {
  const idle: IdleRequestCallback[] = [];
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
  const run = jest.fn();
  whenIdle(run);
  jest.advanceTimersByTime(SETTLE_MS - 1);
  expect(window.requestIdleCallback).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
  expect(run).not.toHaveBeenCalled();
  idle[0]({ didTimeout: false, timeRemaining: () => 10 });
  expect(run).toHaveBeenCalledTimes(1);
});

test('cancelled before it ran, it never runs', () => {
  window.requestIdleCallback = jest.fn();
  const run = jest.fn();
  const cancel = whenIdle(run);
  cancel();
  jest.advanceTimersByTime(SETTLE_MS * 2);
  expect(window.requestIdleCallback).not.toHaveBeenCalled();
});

test('where there is no idle callback (Safari) it runs soon after settling', () => {
  // @ts-expect-error Safari has none
  delete window.requestIdleCallback;
  const run = jest.fn();
  whenIdle(run);
  jest.advanceTimersByTime(SETTLE_MS + 500);
  expect(run).toHaveBeenCalledTimes(1);
});

test('work that asks for a longer settle delay waits that long after load', () => {
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => {
    callback({ didTimeout: false, timeRemaining: () => 10 });
    return 1;
  });
  const run = jest.fn();
  whenIdle(run, { settleMs: 10_000 });
  jest.advanceTimersByTime(9_999);
  expect(run).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
});
