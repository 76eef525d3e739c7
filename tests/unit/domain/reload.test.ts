import { RELOAD_GUARD_MS, shouldReloadForFailedPart } from '../../../src/domain/reload';

const now = Date.parse('2026-11-22T12:00:00Z');

test('a part that fails for the first time reloads the page', () => {
  expect(shouldReloadForFailedPart(null, now)).toBe(true);
});

test('a part that fails again right after the reload does not reload again (no loop offline)', () => {
  expect(shouldReloadForFailedPart(now - 2_000, now)).toBe(false);
  expect(shouldReloadForFailedPart(now - RELOAD_GUARD_MS + 1, now)).toBe(false);
});

test('a later failure, after the guard window, reloads again', () => {
  expect(shouldReloadForFailedPart(now - RELOAD_GUARD_MS, now)).toBe(true);
});

test('a stored time in the future (clock moved back) or garbage does not block the reload', () => {
  expect(shouldReloadForFailedPart(now + 60_000, now)).toBe(true);
  expect(shouldReloadForFailedPart(Number.NaN, now)).toBe(true);
});
