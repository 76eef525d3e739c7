/**
 * A landing's first day: before it the address answers as an expired one does (it redirects), so a
 * launch can be prepared and reviewed ahead; from it on the landing runs until its last day.
 */
import { isPromotionClosed, landingStatus, promotionStartInstant } from '../../../src/domain/expiry';
import { expiredRedirects, joinPromotions, type LandingKey, type PromotionRow } from '../../../src/domain/landings';

const at = (iso: string): number => Date.parse(iso);

describe('promotionStartInstant (the first day starts at midnight, Moscow time, UTC+3)', () => {
  test.each([
    ['2026-12-08', '2026-12-08T00:00:00+03:00'],
    ['2027-01-01', '2027-01-01T00:00:00+03:00'],
    ['2024-03-01', '2024-03-01T00:00:00+03:00'],
  ])('%s starts at %s', (day, instant) => {
    expect(promotionStartInstant(day)).toBe(at(instant));
  });
});

describe('isPromotionClosed: before the first day as after the last', () => {
  const days = { first_day: '2026-12-08', date: '2026-12-31' };
  test.each([
    ['the evening before the first day', '2026-12-07T23:59:59+03:00', true],
    ['the first minute of the first day', '2026-12-08T00:00:00+03:00', false],
    ['the last minute of the last day', '2026-12-31T23:59:59+03:00', false],
    ['the day after the last', '2027-01-01T00:00:00+03:00', true],
  ])('%s: closed %p', (_when, now, closed) => {
    expect(isPromotionClosed(days, at(now))).toBe(closed);
  });

  test('without a first day only the last day counts', () => {
    expect(isPromotionClosed({ date: '2026-12-31' }, at('2020-01-01T00:00:00+03:00'))).toBe(false);
  });

  test('a landing whose only day is its first and last runs that one day', () => {
    const one = { first_day: '2026-12-08', date: '2026-12-08' };
    expect(isPromotionClosed(one, at('2026-12-07T23:00:00+03:00'))).toBe(true);
    expect(isPromotionClosed(one, at('2026-12-08T12:00:00+03:00'))).toBe(false);
    expect(isPromotionClosed(one, at('2026-12-09T00:00:00+03:00'))).toBe(true);
  });
});

describe('landingStatus', () => {
  test.each([
    [{ first_day: '2026-12-08', date: '2099-12-31' }, '2026-12-07T12:00:00+03:00', 'upcoming'],
    [{ first_day: '2026-12-08', date: '2099-12-31' }, '2026-12-08T12:00:00+03:00', 'permanent'],
    [{ first_day: '2026-12-08', date: '2026-12-10' }, '2026-12-08T12:00:00+03:00', 'expiring'],
    [{ first_day: '2026-12-08', date: '2027-06-30' }, '2026-12-09T12:00:00+03:00', 'active'],
    [{ first_day: '2026-12-08', date: '2026-12-10' }, '2026-12-11T12:00:00+03:00', 'expired'],
  ])('%o at %s is %s', (days, now, status) => {
    expect(landingStatus(days, at(now))).toBe(status);
  });
});

describe('joinPromotions and expiredRedirects with a first day', () => {
  const NOW = at('2026-12-07T12:00:00+03:00');
  const key = (slug: string): LandingKey => ({ brand: 'zenit', country: 'ru', slug });
  const planned = [key('freebet30'), key('launch'), key('bonus20000')];
  const base: PromotionRow[] = [
    { ...key('freebet30'), date: '2099-12-31' },
    { ...key('launch'), first_day: '2026-12-08', date: '2099-12-31' },
    { ...key('bonus20000'), date: '2099-12-31' },
  ];

  test('a landing before its first day redirects to its fallback, as an expired one, without a problem', () => {
    const { landings, problems } = joinPromotions(planned, base, NOW);
    expect(problems).toEqual([]);
    expect(expiredRedirects(landings, NOW)).toEqual([{ from: '/zenit/ru/launch/', to: '/zenit/ru/freebet30/' }]);
  });

  test('from its first day it redirects nowhere', () => {
    const { landings } = joinPromotions(planned, base, at('2026-12-08T00:00:00+03:00'));
    expect(expiredRedirects(landings, at('2026-12-08T00:00:00+03:00'))).toEqual([]);
  });

  test('a running landing pointed at one not open yet gets the chain warning, naming its first day', () => {
    const rows = base.map((row) => (row.slug === 'bonus20000' ? { ...row, redirect_to: '/zenit/ru/launch/' } : row));
    expect(joinPromotions(planned, rows, NOW).problems).toEqual([
      {
        severity: 'warning',
        entry: 'zenit/ru/bonus20000',
        message:
          'redirect chain: redirect_to /zenit/ru/launch/ is a landing that is over (its first day is 2026-12-08); point redirect_to at an open landing',
      },
    ]);
  });
});
