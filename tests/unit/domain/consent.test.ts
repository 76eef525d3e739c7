/** The consent rule every part keeps: the market's mode and the visitor's choice, and the cookie that holds it. */
import {
  asksOnArrival,
  choiceMade,
  consentCookie,
  consentFromCookies,
  consentModeState,
  trackingAllowed,
} from '../../../src/domain/consent';

describe('whether anything is tracked', () => {
  test.each([
    ['opt-in', null, false],
    ['opt-in', 'refuse', false],
    ['opt-in', 'accept', true],
    ['opt-out', null, true],
    ['opt-out', 'refuse', false],
    ['opt-out', 'accept', true],
    ['none', null, true],
    ['none', 'refuse', true],
  ] as const)('a %s market with the choice %s: %s', (mode, choice, allowed) => {
    expect(trackingAllowed(mode, choice)).toBe(allowed);
  });

  test('the choice is asked for on arrival only where the market asks and none was made', () => {
    expect([asksOnArrival('opt-in', null), asksOnArrival('opt-out', null), asksOnArrival('none', null)]).toEqual([true, true, false]);
    expect([asksOnArrival('opt-in', 'refuse'), asksOnArrival('opt-out', 'accept')]).toEqual([false, false]);
  });

  test('a refuse after an accept is a withdrawal; any other tap is what it says', () => {
    expect(choiceMade('refuse', 'accept')).toBe('withdraw');
    expect(choiceMade('refuse', null)).toBe('refuse');
    expect(choiceMade('refuse', 'refuse')).toBe('refuse');
    expect(choiceMade('accept', 'refuse')).toBe('accept');
  });
});

describe('the choice cookie', () => {
  test('is first-party for the whole host, about six months, Lax, and Secure on https', () => {
    expect(consentCookie('accept', true)).toBe('promo_consent=accept; Path=/; Max-Age=15552000; SameSite=Lax; Secure');
    expect(consentCookie('refuse', false)).toBe('promo_consent=refuse; Path=/; Max-Age=15552000; SameSite=Lax');
    expect(15552000 / 86400).toBe(180);
  });

  test('is read among other cookies; a value it never holds counts as no choice', () => {
    expect(consentFromCookies('a=1; promo_consent=refuse; b=2')).toBe('refuse');
    expect(consentFromCookies('promo_consent=accept')).toBe('accept');
    expect(consentFromCookies('promo_consent=yes; x_promo_consent=accept')).toBeNull();
    expect(consentFromCookies('')).toBeNull();
  });
});

test('Google Consent Mode v2: the four fields, denied or granted together', () => {
  expect(consentModeState(false)).toEqual({
    ad_storage: 'denied',
    analytics_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  expect(Object.values(consentModeState(true))).toEqual(['granted', 'granted', 'granted', 'granted']);
});
