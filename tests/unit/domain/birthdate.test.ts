import fc from 'fast-check';
import { birthdateProblem, latestAdultBirthdate } from '../../../src/domain/registration';

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('the latest birth date the picker offers', () => {
  test('is the same day 18 years before', () => {
    expect(latestAdultBirthdate('2026-11-27')).toBe('2008-11-27');
    expect(latestAdultBirthdate('2026-01-01')).toBe('2008-01-01');
  });

  test('on 29 February, in a year 18 years back without one, is 28 February', () => {
    expect(latestAdultBirthdate('2024-02-29')).toBe('2006-02-28');
    expect(birthdateProblem('2006-03-01', '2024-02-29')).toBe('tooYoung');
  });

  test('is the last day the age check accepts: the day after is too young', () => {
    const days = fc
      .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, (today) => {
        const latest = latestAdultBirthdate(today);
        expect(birthdateProblem(latest, today)).toBeNull();
        expect(birthdateProblem(nextDay(latest), today)).toBe('tooYoung');
      }),
    );
  });
});
