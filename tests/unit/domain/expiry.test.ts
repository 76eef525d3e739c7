import {
  expiryTarget,
  isCalendarDate,
  isPermanent,
  isPromotionExpired,
  operatorDay,
  promotionEndInstant,
} from '../../../src/domain/expiry';

const at = (iso: string): number => Date.parse(iso);

describe('isCalendarDate (spec 3 "Promotion table entry: date (end date)")', () => {
  test.each(['2026-12-31', '2021-09-12', '2099-12-31', '2024-02-29', '2000-02-29'])('spec 3: %s is an end date', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  test.each([
    ['not a leap year', '2023-02-29'],
    ['1900 is not a leap year', '1900-02-29'],
    ['month 13', '2026-13-01'],
    ['month 0', '2026-00-10'],
    ['day 0', '2026-01-00'],
    ['April has 30 days', '2026-04-31'],
    ['unpadded month and day', '2026-1-5'],
    ['day-first format', '31.12.2026'],
    ['a time attached', '2026-12-31T00:00'],
    ['leading space', ' 2026-12-31'],
    ['empty', ''],
  ])('spec 3: %s (%s) is not an end date', (_why, value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('promotionEndInstant (spec 2 "Preloader and expiry"; end date inclusive, over at the next Moscow midnight, UTC+3)', () => {
  test.each([
    ['2026-12-31', '2027-01-01T00:00:00+03:00'],
    ['2026-04-30', '2026-05-01T00:00:00+03:00'],
    ['2024-02-28', '2024-02-29T00:00:00+03:00'],
    ['2024-02-29', '2024-03-01T00:00:00+03:00'],
    ['2021-12-31', '2022-01-01T00:00:00+03:00'],
    ['2021-09-12', '2021-09-13T00:00:00+03:00'],
  ])('spec 2: a promotion ending %s is over from %s', (date, instant) => {
    expect(promotionEndInstant(date)).toBe(at(instant));
  });

  test('spec 2: the end instant is 21:00 UTC of the end date itself', () => {
    expect(promotionEndInstant('2026-12-31')).toBe(Date.UTC(2026, 11, 31, 21, 0, 0, 0));
  });

  test.each(['31.12.2026', '2026-02-30', ''])('spec 3: "%s" is no end date and has no end instant', (value) => {
    expect(() => promotionEndInstant(value)).toThrow();
  });
});

describe('isPromotionExpired (spec 2 "Once the current date is past it")', () => {
  test.each([
    ['the first instant of the end date', '2026-12-31T00:00:00+03:00', false],
    ['the day before, one second to midnight', '2026-12-30T23:59:59+03:00', false],
    ['noon of the end date', '2026-12-31T12:00:00+03:00', false],
    ['one millisecond before the boundary (Moscow)', '2026-12-31T23:59:59.999+03:00', false],
    ['one millisecond before the boundary (UTC)', '2026-12-31T20:59:59.999Z', false],
    ['exactly the boundary (Moscow midnight)', '2027-01-01T00:00:00+03:00', true],
    ['exactly the boundary written in UTC', '2026-12-31T21:00:00Z', true],
    ['still Dec 31 in UTC but already Jan 1 in Moscow', '2026-12-31T23:00:00Z', true],
    ['months later', '2027-06-01T00:00:00Z', true],
  ])('spec 2: a promotion ending 2026-12-31, at %s (%s), expired=%s', (_what, now, expected) => {
    expect(isPromotionExpired('2026-12-31', at(now))).toBe(expected);
  });

  test.each([
    ['2021-12-31', true],
    ['2022-06-30', true],
    ['2099-12-31', false],
  ])('spec 3: table entry ending %s seen on 2026-06-15, expired=%s', (date, expected) => {
    expect(isPromotionExpired(date, at('2026-06-15T12:00:00+03:00'))).toBe(expected);
  });
});

describe('isPermanent (spec 3: 2099 means effectively permanent)', () => {
  test.each([
    ['2099-12-31', true],
    ['2099-01-01', true],
    ['2098-12-31', false],
    ['2026-12-31', false],
    ['2022-06-30', false],
    ['2021-12-31', false],
  ])('spec 3: %s permanent=%s', (date, expected) => {
    expect(isPermanent(date)).toBe(expected);
  });
});

describe('expiryTarget (spec 2: redirect_to, or /{brand}/{language}/freebet30/)', () => {
  test.each([
    ['zenit', 'ru', undefined, '/zenit/ru/freebet30/'],
    ['zenit', 'ae', null, '/zenit/ae/freebet30/'],
    ['zenbet', 'br', undefined, '/zenbet/br/freebet30/'],
    ['cupis', 'ru', '', '/cupis/ru/freebet30/'],
  ])('spec 2: %s/%s without redirect_to (%p) falls back to %s', (brand, language, redirectTo, expected) => {
    expect(expiryTarget(brand, language, redirectTo)).toBe(expected);
  });

  test.each([
    ['zenit', 'ae', '/zenit/ae/freebet35/'],
    ['zenit', 'ru', '/zenit/ru/bonus30000/'],
    ['cupis', 'ru', '/'],
  ])('spec 2/3: %s/%s with redirect_to %s goes there', (brand, language, redirectTo) => {
    expect(expiryTarget(brand, language, redirectTo)).toBe(redirectTo);
  });
});

describe("operatorDay (the Moscow calendar day a build judges expiry by; the nightly run's date)", () => {
  it('turns at 21:00 UTC, Moscow midnight', () => {
    expect(operatorDay(Date.parse('2026-12-07T20:59:59Z'))).toBe('2026-12-07');
    expect(operatorDay(Date.parse('2026-12-07T21:00:00Z'))).toBe('2026-12-08');
    expect(operatorDay(Date.parse('2026-12-31T21:05:00Z'))).toBe('2027-01-01');
  });

  it('is a day on which a promotion ending the day before is over and one ending that day is not', () => {
    // The nightly run at 21:05 UTC builds as of the new Moscow day: BUILD_DATE parses it as its UTC midnight.
    const asOf = Date.parse(operatorDay(Date.parse('2026-12-07T21:05:00Z')));
    expect(isPromotionExpired('2026-12-07', asOf)).toBe(true);
    expect(isPromotionExpired('2026-12-08', asOf)).toBe(false);
  });
});
