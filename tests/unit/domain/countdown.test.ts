import { countdown } from '../../../src/domain/countdown';

const NOW = Date.parse('2026-06-15T12:00:00+03:00');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('countdown (spec 3 "Countdown result"; spec 9 "computed to the second, floored at zero")', () => {
  test.each([
    ['the end itself', 0, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['one millisecond left', 1, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['999 ms left (floored, not rounded)', 999, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['exactly one second', SECOND, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    ['1.999 s', 1_999, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    ['59.999 s', 59_999, { days: 0, hours: 0, minutes: 0, seconds: 59 }],
    ['one minute', MINUTE, { days: 0, hours: 0, minutes: 1, seconds: 0 }],
    ['59 min 59 s', HOUR - SECOND, { days: 0, hours: 0, minutes: 59, seconds: 59 }],
    ['one hour', HOUR, { days: 0, hours: 1, minutes: 0, seconds: 0 }],
    ['23:59:59', DAY - SECOND, { days: 0, hours: 23, minutes: 59, seconds: 59 }],
    ['one day', DAY, { days: 1, hours: 0, minutes: 0, seconds: 0 }],
    ['1 d 2 h 3 min 4.999 s', DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND + 999, { days: 1, hours: 2, minutes: 3, seconds: 4 }],
    ['100 days and 1 s', 100 * DAY + SECOND, { days: 100, hours: 0, minutes: 0, seconds: 1 }],
  ])('spec 9: %s before the end', (_what, left, expected) => {
    expect(countdown(NOW + left, NOW)).toEqual(expected);
  });

  test.each([
    ['one millisecond past', 1],
    ['half a second past', 500],
    ['one second past', SECOND],
    ['a year past', 365 * DAY],
  ])('spec 9: floored at zero when the end is %s', (_what, past) => {
    expect(countdown(NOW - past, NOW)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  test('spec 9: counting down one second at a time changes only the seconds', () => {
    const end = NOW + 10 * MINUTE + 30 * SECOND;
    expect(countdown(end, NOW)).toEqual({ days: 0, hours: 0, minutes: 10, seconds: 30 });
    expect(countdown(end, NOW + SECOND)).toEqual({ days: 0, hours: 0, minutes: 10, seconds: 29 });
    expect(countdown(end, NOW + 31 * SECOND)).toEqual({ days: 0, hours: 0, minutes: 9, seconds: 59 });
  });
});
