import fc from 'fast-check';
import { birthdateIso, birthdateProblem } from '../../../src/domain/registration';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('a typed birth date', () => {
  test.each([
    ['31.12.1990', '1990-12-31'],
    ['31/12/1990', '1990-12-31'],
    ['31-12-1990', '1990-12-31'],
    ['31 12 1990', '1990-12-31'],
    ['1.2.1990', '1990-02-01'],
    ['31121990', '1990-12-31'],
    [' 31.12.1990 ', '1990-12-31'],
    ['1990-12-31', '1990-12-31'],
  ])('%j reads as %s', (typed, iso) => {
    expect(birthdateIso(typed)).toBe(iso);
  });

  test.each(['', '31.12', '31.12.90', '31.12.1990.1', '3112199', '31.12.199O', '123.1.1990', '31..1990', 'дата'])(
    '%j is not a date',
    (typed) => {
      expect(birthdateIso(typed)).toBeNull();
      expect(birthdateProblem(typed, '2026-11-29')).toBe('birthdate');
    },
  );

  test('any real day typed as day.month.year reads back as that day', () => {
    const days = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(days, (day) => {
        const typed = `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`;
        expect(birthdateIso(typed)).toBe(isoOf(day.getTime()));
      }),
    );
  });
});

describe('the age check', () => {
  test('refuses a day that does not exist, a future day and a year before 1900', () => {
    expect(birthdateProblem('31.02.1990', '2026-11-29')).toBe('birthdate');
    expect(birthdateProblem('29.02.1990', '2026-11-29')).toBe('birthdate');
    expect(birthdateProblem('00.01.1990', '2026-11-29')).toBe('birthdate');
    expect(birthdateProblem('01.13.1990', '2026-11-29')).toBe('birthdate');
    expect(birthdateProblem('30.11.2026', '2026-11-29')).toBe('birthdate');
    expect(birthdateProblem('31.12.1899', '2026-11-29')).toBe('birthdate');
  });

  test('takes the eighteenth birthday itself and refuses the day after', () => {
    expect(birthdateProblem('29.11.2008', '2026-11-29')).toBeNull();
    expect(birthdateProblem('30.11.2008', '2026-11-29')).toBe('tooYoung');
    expect(birthdateProblem('29.02.2000', '2018-02-28')).toBe('tooYoung');
    expect(birthdateProblem('29.02.2000', '2018-03-01')).toBeNull();
  });

  test('the day eighteen years back is accepted, the next one is too young', () => {
    const days = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 11, 31) }).map(isoOf);
    fc.assert(
      fc.property(days, (today) => {
        const [year, month, day] = today.split('-').map(Number);
        // 29 February of a leap year: eighteen years back has no such day, so the 28th is the last one.
        const lastDay = new Date(Date.UTC(year - 18, month, 0)).getUTCDate();
        const latest = Date.UTC(year - 18, month - 1, Math.min(day, lastDay));
        const typed = (ms: number) => {
          const d = new Date(ms);
          return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
        };
        expect(birthdateProblem(typed(latest), today)).toBeNull();
        expect(birthdateProblem(typed(latest + 86_400_000), today)).toBe('tooYoung');
      }),
    );
  });
});
