import { joinPromotions, plannedLandings, redirectPathOf, type LandingKey, type PromotionRow } from '../../../src/domain/landings';

const name = ({ brand, country, slug }: LandingKey) => `${brand}/${country}/${slug}`;

describe('plannedLandings (spec 2 "Page paths")', () => {
  const ZENIT = ['ae', 'bn', 'br', 'de', 'en', 'fr', 'ir', 'kz', 'mx', 'ru', 'sw', 'tm', 'tr', 'ua', 'uz', 'vi'];
  const ZENBET = ZENIT.filter((c) => c !== 'tm' && c !== 'ua');
  const EVERYWHERE = [
    'android',
    'applications',
    'betgamesnew',
    'bonus20000',
    'bonus25000',
    'bonus30000',
    'bonus35000',
    'broadcast',
    'cybersport',
    'freebet30',
    'freebet35',
    'freebet5000',
    'people',
    'products',
    'slot_machine',
    'spin_machine',
    'slot_machine25',
    'spin_machine25',
    'tvshows',
    'welcome_bonus_casino',
    'welcome_bonus_casino25',
    'withoutoffer',
    'US-Open',
  ];
  const brands = { zenit: { countries: ZENIT }, zenbet: { countries: ZENBET } };
  const slugs = {
    ...Object.fromEntries(EVERYWHERE.map((slug) => [slug, {}])),
    quiz: { countries: ['ru'] },
    bonus35000_betgold: { countries: ['br'] },
    bonus35000_eaglebet: { countries: ['de'] },
  };
  const planned = plannedLandings(brands, slugs);
  const names = planned.map(name);

  test('spec 2: every country of the brand times every slug, plus quiz (ru) and the br/de variants: 371 + 325', () => {
    // zenit: 16 countries × 23 slugs + quiz/ru + betgold/br + eaglebet/de; zenbet: 14 × 23 + the same 3.
    expect(planned).toHaveLength(16 * 23 + 3 + 14 * 23 + 3);
    expect(new Set(names).size).toBe(names.length);
  });

  test('spec 2: the second brand has no tm and no ua landings', () => {
    expect(names.filter((n) => n.startsWith('zenbet/tm/') || n.startsWith('zenbet/ua/'))).toEqual([]);
    expect(names).toContain('zenit/tm/freebet30');
    expect(names).toContain('zenit/ua/freebet30');
  });

  test.each([
    ['quiz', ['zenbet/ru/quiz', 'zenit/ru/quiz']],
    ['bonus35000_betgold', ['zenbet/br/bonus35000_betgold', 'zenit/br/bonus35000_betgold']],
    ['bonus35000_eaglebet', ['zenbet/de/bonus35000_eaglebet', 'zenit/de/bonus35000_eaglebet']],
  ])('spec 2: %s exists only in its own country', (slug, expected) => {
    expect(names.filter((n) => n.endsWith(`/${slug}`)).sort()).toEqual(expected);
  });

  test('spec 2: a small catalogue gives exactly the expected keys', () => {
    const small = plannedLandings(
      { zenit: { countries: ['ru', 'br', 'de'] }, zenbet: { countries: ['br', 'de'] } },
      { freebet30: {}, quiz: { countries: ['ru'] }, bonus35000_betgold: { countries: ['br'] } },
    );
    expect(small.map(name).sort()).toEqual(
      [
        'zenit/ru/freebet30',
        'zenit/ru/quiz',
        'zenit/br/freebet30',
        'zenit/br/bonus35000_betgold',
        'zenit/de/freebet30',
        'zenbet/br/freebet30',
        'zenbet/br/bonus35000_betgold',
        'zenbet/de/freebet30',
      ].sort(),
    );
  });
});

describe('joinPromotions (spec 2 "Preloader and expiry", spec 3 "Promotion table entry")', () => {
  const NOW = Date.parse('2026-06-15T12:00:00+03:00');
  const OPEN = '2099-12-31';
  const OVER = '2026-06-14'; // over since 2026-06-15T00:00+03:00
  const TODAY = '2026-06-15'; // still running until midnight Moscow time

  const SLUGS = ['freebet30', 'freebet35', 'bonus25000', 'people', 'tvshows', 'US-Open'];
  const key = (slug: string, brand = 'zenit', country = 'ru'): LandingKey => ({ brand, country, slug });
  const planned: LandingKey[] = [...SLUGS.map((slug) => key(slug)), key('US-Open', 'cupis', 'ru')];

  const row = (slug: string, date: string, redirect_to?: string, brand = 'zenit', country = 'ru'): PromotionRow =>
    redirect_to === undefined ? { brand, country, slug, date } : { brand, country, slug, date, redirect_to };

  /** A clean table: every planned landing open; `changes` replace rows by slug (zenit/ru) or are added. */
  function table(...changes: PromotionRow[]): PromotionRow[] {
    const base = [...SLUGS.map((slug) => row(slug, OPEN)), row('US-Open', '2021-09-12', '/', 'cupis', 'ru')];
    const replaced = base.map((r) => changes.find((c) => name(c) === name(r)) ?? r);
    const added = changes.filter((c) => !base.some((r) => name(r) === name(c)));
    return [...replaced, ...added];
  }

  const problemsFor = (result: ReturnType<typeof joinPromotions>, entry: string, severity?: 'error' | 'warning') =>
    result.problems.filter((p) => p.entry === entry && (severity === undefined || p.severity === severity));

  test('spec 3: a table with one row per landing joins without problems', () => {
    const result = joinPromotions(planned, table(), NOW);
    expect(result.problems).toEqual([]);
    expect(result.landings.map(name).sort()).toEqual(planned.map(name).sort());
  });

  test('spec 2: each joined landing carries its page path, tracking category and row', () => {
    const { landings } = joinPromotions(planned, table(), NOW);
    const freebet = landings.find((l) => name(l) === 'zenit/ru/freebet30')!;
    expect(freebet.path).toBe('/zenit/ru/freebet30/');
    expect(freebet.category).toBe('sport');
    expect(freebet.row).toEqual(row('freebet30', OPEN));
    const casino = landings.find((l) => name(l) === 'zenit/ru/bonus25000')!;
    expect(casino.path).toBe('/zenit/ru/bonus25000/');
    expect(casino.category).toBe('casino');
  });

  test('spec 3: a landing without a row (no end date) is an error', () => {
    const rows = table().filter((r) => name(r) !== 'zenit/ru/tvshows');
    const result = joinPromotions(planned, rows, NOW);
    expect(problemsFor(result, 'zenit/ru/tvshows', 'error')).toHaveLength(1);
    expect(result.landings.map(name)).not.toContain('zenit/ru/tvshows');
  });

  test.each([
    ['a country the brand does not have', row('freebet30', OPEN, undefined, 'zenbet', 'tm')],
    ['a slug that is not offered', row('nosuch', OPEN)],
    ['a brand that does not exist', row('freebet30', OPEN, undefined, 'acme', 'ru')],
  ])('spec 2: a row for an unknown landing is an error: %s', (_what, extra) => {
    const result = joinPromotions(planned, table(extra), NOW);
    expect(problemsFor(result, name(extra), 'error')).toHaveLength(1);
  });

  test('spec 3: a landing with two rows is an error', () => {
    const result = joinPromotions(planned, [...table(), row('freebet35', '2026-12-31')], NOW);
    expect(problemsFor(result, 'zenit/ru/freebet35', 'error').length).toBeGreaterThanOrEqual(1);
  });

  test.each([
    ['an absolute URL', 'https://evil.example/promo/zenit/ru/freebet30/'],
    ['a protocol-relative URL', '//evil.example/zenit/ru/freebet30/'],
    ['a backslash host', '/\\evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path without its leading slash', 'zenit/ru/freebet35/'],
  ])('spec 2: a redirect_to off the site is an error: %s', (_what, target) => {
    const result = joinPromotions(planned, table(row('US-Open', OVER, target)), NOW);
    expect(problemsFor(result, 'zenit/ru/US-Open', 'error')).toHaveLength(1);
  });

  test.each([
    ['an expired landing', OVER],
    ['a running landing (it fires the day it ends)', OPEN],
  ])('spec 2: a redirect_to a landing that does not exist is an error: %s', (_what, date) => {
    const result = joinPromotions(planned, table(row('US-Open', date, '/zenit/ru/nosuch/')), NOW);
    expect(problemsFor(result, 'zenit/ru/US-Open', 'error')).toHaveLength(1);
  });

  test('spec 2: a redirect_to another brand’s missing country is an error', () => {
    const result = joinPromotions(planned, table(row('US-Open', OVER, '/zenbet/tm/freebet30/')), NOW);
    expect(problemsFor(result, 'zenit/ru/US-Open', 'error')).toHaveLength(1);
  });

  test('spec 2: a loop written into the table (A → B → A) is an error even while both are open', () => {
    const result = joinPromotions(
      planned,
      table(row('people', OPEN, '/zenit/ru/tvshows/'), row('tvshows', OPEN, '/zenit/ru/people/')),
      NOW,
    );
    expect(problemsFor(result, 'zenit/ru/people', 'error').length).toBeGreaterThanOrEqual(1);
    expect(problemsFor(result, 'zenit/ru/tvshows', 'error').length).toBeGreaterThanOrEqual(1);
  });

  test('spec 2: a landing redirecting to itself is an error', () => {
    const result = joinPromotions(planned, table(row('people', OPEN, '/zenit/ru/people/')), NOW);
    expect(problemsFor(result, 'zenit/ru/people', 'error').length).toBeGreaterThanOrEqual(1);
  });

  test('spec 2: an expired landing whose redirects never reach an open landing is an error', () => {
    // US-Open (over) → people (over, no redirect_to) → freebet30 (over, no redirect_to: its own fallback).
    const result = joinPromotions(
      planned,
      table(row('US-Open', OVER, '/zenit/ru/people/'), row('people', OVER), row('freebet30', OVER)),
      NOW,
    );
    expect(problemsFor(result, 'zenit/ru/US-Open', 'error').length).toBeGreaterThanOrEqual(1);
    expect(problemsFor(result, 'zenit/ru/people', 'error').length).toBeGreaterThanOrEqual(1);
    expect(problemsFor(result, 'zenit/ru/freebet30', 'error').length).toBeGreaterThanOrEqual(1);
  });

  test('spec 2: an expired written loop (A → B → A, both over) is an error', () => {
    const result = joinPromotions(
      planned,
      table(row('people', OVER, '/zenit/ru/tvshows/'), row('tvshows', OVER, '/zenit/ru/people/')),
      NOW,
    );
    expect(problemsFor(result, 'zenit/ru/people', 'error').length).toBeGreaterThanOrEqual(1);
    expect(problemsFor(result, 'zenit/ru/tvshows', 'error').length).toBeGreaterThanOrEqual(1);
  });

  test('spec 2: an expired landing reaching an open one through another expired one gets a chain warning, not an error', () => {
    // US-Open (over) → people (over) → freebet35 (open).
    const result = joinPromotions(
      planned,
      table(row('US-Open', OVER, '/zenit/ru/people/'), row('people', OVER, '/zenit/ru/freebet35/')),
      NOW,
    );
    expect(problemsFor(result, 'zenit/ru/US-Open', 'warning')).toHaveLength(1);
    expect(problemsFor(result, 'zenit/ru/US-Open', 'error')).toEqual([]);
    expect(problemsFor(result, 'zenit/ru/people')).toEqual([]);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  test('spec 2: the end date is inclusive, so a landing ending today still counts as open at the end of a chain', () => {
    // US-Open (over) → people (ends today, still open): one hop, no chain.
    const result = joinPromotions(
      planned,
      table(row('US-Open', OVER, '/zenit/ru/people/'), row('people', TODAY, '/zenit/ru/freebet35/')),
      NOW,
    );
    expect(result.problems).toEqual([]);
  });

  test('spec 1/2: a cupis-like redirect to the site root "/" is accepted', () => {
    const result = joinPromotions(planned, table(row('US-Open', '2021-09-12', '/', 'cupis', 'ru')), NOW);
    expect(result.problems).toEqual([]);
  });

  test('spec 3: an expired landing redirecting straight to an open one is fine', () => {
    const result = joinPromotions(planned, table(row('US-Open', '2021-09-12', '/zenit/ru/freebet35/')), NOW);
    expect(result.problems).toEqual([]);
  });

  test('spec 2: a redirect_to without its trailing slash matches the landing (trailing slashes dropped)', () => {
    const result = joinPromotions(planned, table(row('US-Open', '2021-09-12', '/zenit/ru/freebet35')), NOW);
    expect(result.problems).toEqual([]);
  });

  test('spec 2: an expired landing without redirect_to falls back to an open freebet30 without problems', () => {
    const result = joinPromotions(planned, table(row('tvshows', '2022-06-30')), NOW);
    expect(result.problems).toEqual([]);
  });

  test('spec 2: an expired landing without redirect_to needs a freebet30 landing to fall back to', () => {
    const withoutFreebet = planned.filter((k) => name(k) !== 'zenit/ru/freebet30');
    const rows = table(row('tvshows', '2022-06-30')).filter((r) => name(r) !== 'zenit/ru/freebet30');
    const result = joinPromotions(withoutFreebet, rows, NOW);
    expect(problemsFor(result, 'zenit/ru/tvshows', 'error')).toHaveLength(1);
  });
});

describe('redirectPathOf (spec 2: redirect_to, or /{brand}/{language}/freebet30/)', () => {
  test.each([
    [{ brand: 'zenit', country: 'ru', slug: 'tvshows', date: '2022-06-30' }, '/zenit/ru/freebet30/'],
    [{ brand: 'zenbet', country: 'br', slug: 'people', date: '2022-06-30' }, '/zenbet/br/freebet30/'],
    [
      { brand: 'zenit', country: 'ae', slug: 'freebet5000', date: '2021-12-31', redirect_to: '/zenit/ae/freebet35/' },
      '/zenit/ae/freebet35/',
    ],
    [
      { brand: 'zenit', country: 'ae', slug: 'freebet5000', date: '2021-12-31', redirect_to: '/zenit/ae/freebet35' },
      '/zenit/ae/freebet35/',
    ],
    [{ brand: 'cupis', country: 'ru', slug: 'US-Open', date: '2021-09-12', redirect_to: '/' }, '/'],
  ])('spec 2: %o redirects to %s', (r, expected) => {
    expect(redirectPathOf(r)).toBe(expected);
  });
});
