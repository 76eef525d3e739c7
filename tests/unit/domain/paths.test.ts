import { isSitePath, normalizePath, parseLandingPath, stripBasePath, tidyRequestedPath } from '../../../src/domain/paths';

describe('stripBasePath (spec 2 "Base path and matching", spec 9 base path /promo)', () => {
  test.each([
    ['/promo', '/'],
    ['/promo/', '/'],
    ['/promo/zenit/ru/freebet30/', '/zenit/ru/freebet30/'],
    ['/promo/zenbet/br/bonus35000_betgold/', '/zenbet/br/bonus35000_betgold/'],
    ['/promo/index.html', '/index.html'],
  ])('spec 2: the area is mounted under /promo: %s → %s', (input, expected) => {
    expect(stripBasePath(input)).toBe(expected);
  });

  test.each([
    ['/zenit/ru/freebet30/', '/zenit/ru/freebet30/'],
    ['/', '/'],
    ['/promotions/x/', '/promotions/x/'],
    ['/promox', '/promox'],
  ])('spec 2: a path not under /promo is left alone: %s → %s', (input, expected) => {
    expect(stripBasePath(input)).toBe(expected);
  });
});

describe('normalizePath (spec 2 "Base path and matching")', () => {
  test.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/zenit/ru/freebet30/index.html', '/zenit/ru/freebet30'],
  ])('spec 2: a request for /index.html is treated as /: %s → %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  test.each([
    ['/zenit/ru/freebet30/', '/zenit/ru/freebet30'],
    ['/zenit/ru/freebet30', '/zenit/ru/freebet30'],
    ['/zenit/ru/freebet30///', '/zenit/ru/freebet30'],
    ['/zenit/', '/zenit'],
  ])('spec 2: trailing slashes are dropped when matching: %s → %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  test('spec 2: /index.html with a trailing slash is / too (trailing slash dropped, then /index.html is /)', () => {
    expect(normalizePath('/index.html/')).toBe('/');
  });

  test('spec 2: a path with and without its trailing slash match the same page', () => {
    expect(normalizePath('/cupis/ru/US-Open/')).toBe(normalizePath('/cupis/ru/US-Open'));
  });
});

describe('parseLandingPath (spec 2 "Page paths")', () => {
  const HASH = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';
  test.each([
    ['/zenit/ru/freebet30/', { brand: 'zenit', language: 'ru', landing: 'freebet30' }],
    ['/zenit/ru/freebet30', { brand: 'zenit', language: 'ru', landing: 'freebet30' }],
    ['/promo/zenbet/br/bonus35000_betgold/', { brand: 'zenbet', language: 'br', landing: 'bonus35000_betgold' }],
    ['/promo/cupis/ru/US-Open/', { brand: 'cupis', language: 'ru', landing: 'US-Open' }],
    ['/promo/zenit/de/bonus35000_eaglebet/index.html', { brand: 'zenit', language: 'de', landing: 'bonus35000_eaglebet' }],
    [`/promo/zenit/ae/casino/${HASH}/`, { brand: 'zenit', language: 'ae', landing: HASH }],
  ])(
    'spec 2: brand is the first segment, language the second, landing the second-to-last of the slash-terminated path: %s',
    (input, expected) => {
      expect(parseLandingPath(input)).toEqual(expected);
    },
  );

  test.each(['/', '/promo', '/promo/', '/index.html', '/promo/index.html'])('spec 2: the root %s is not a promotion page', (input) => {
    expect(parseLandingPath(input)).toBeNull();
  });
});

describe('isSitePath (spec 2 "Preloader and expiry": redirect_to stays on the site)', () => {
  test.each(['/', '/zenit/ru/freebet35/', '/zenit/ru/freebet35', '/zenbet/br/freebet30/'])(
    'spec 2: %s is a path on this site',
    (target) => {
      expect(isSitePath(target)).toBe(true);
    },
  );

  test.each([
    ['an absolute https URL', 'https://evil.example/zenit/ru/freebet35/'],
    ['an absolute http URL', 'http://evil.example'],
    ['a protocol-relative URL', '//evil.example/'],
    ['three leading slashes', '///evil.example/'],
    ['a backslash read as a host by browsers', '/\\evil.example/'],
    ['a tab the browser strips, leaving //', '/\t/evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without leading slash', 'zenit/ru/freebet35/'],
    ['an empty target', ''],
    ['a dot segment leaving the /promo area', '/../admin/'],
  ])('spec 2: %s is not a path on this site', (_what, target) => {
    expect(isSitePath(target)).toBe(false);
  });
});

describe('tidyRequestedPath', () => {
  test.each([
    ['/promo/%2F%2Fx/', '/promo/x/'],
    ['/promo//zenit/ru/bonus20000/', '/promo/zenit/ru/bonus20000/'],
    ['/promo/%5Cevil.example/', '/promo/evil.example/'],
    ['/promo/zenit\\ru/', '/promo/zenit/ru/'],
    ['/promo/zenit/%2f%2Fru/freebet30/', '/promo/zenit/ru/freebet30/'],
  ])('%s is tidied to %s, which the router can match', (input, tidy) => {
    expect(tidyRequestedPath(input)).toBe(tidy);
  });

  test.each(['/promo/', '/promo/zenit/ru/bonus20000/', '/promo/zenit/ru/US-Open/', '/promo/%E0%A4%A/'])('%s is left alone', (input) => {
    expect(tidyRequestedPath(input)).toBeNull();
  });

  test('the tidied path never starts with two slashes, so it stays on this site', () => {
    expect(tidyRequestedPath('//%2F/evil.example/')).toBe('/evil.example/');
  });
});
