/** Spec 2, 4, 9: when the preloader may lift. */
import { PRELOADER_MAX_WAIT_MS, PRELOADER_MIN_MS, preloaderCanLift } from '../../../src/domain/timing';

describe('preloaderCanLift', () => {
  it('waits for the minimum even when the countries are in', () => {
    expect(preloaderCanLift(0, true)).toBe(false);
    expect(preloaderCanLift(PRELOADER_MIN_MS - 1, true)).toBe(false);
    expect(preloaderCanLift(PRELOADER_MIN_MS, true)).toBe(true);
  });

  it('waits for the country call to settle, success or failure, up to the bound', () => {
    expect(preloaderCanLift(PRELOADER_MIN_MS, false)).toBe(false);
    expect(preloaderCanLift(PRELOADER_MAX_WAIT_MS - 1, false)).toBe(false);
    expect(preloaderCanLift(PRELOADER_MAX_WAIT_MS, false)).toBe(true);
  });

  it('the bound lies between the minimum and the 15 s request timeout', () => {
    expect(PRELOADER_MAX_WAIT_MS).toBeGreaterThan(PRELOADER_MIN_MS);
    expect(PRELOADER_MAX_WAIT_MS).toBeLessThanOrEqual(5000);
  });
});
