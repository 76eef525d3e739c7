import { mainSiteLink, withLandingParams, type LinkContext, type MainSiteTarget } from '../../../src/domain/links';

/** Spec 7: lang_id ru 1, br 6; the country ids are the main site's (data/languages.json). */
const zenitRu = { brand: 'zenit', language: 'ru', countryId: 643, langId: 1, defaultPromoCode: 'FREEBET30' } as const;
const zenbetBr = { brand: 'zenbet', language: 'br', countryId: 76, langId: 6, defaultPromoCode: 'BONUS35K' } as const;
const cupisRu = { brand: 'cupis', language: 'ru', countryId: 643, langId: 1, defaultPromoCode: 'CUPIS' } as const;

const ctx = (base: Omit<LinkContext, 'device'>, device: LinkContext['device'], extra: Partial<LinkContext> = {}): LinkContext => ({
  ...base,
  device,
  ...extra,
});

/** Splits a link into path, the bare flags at the head of the query, and the key=value parameters. */
function parts(link: string) {
  const q = link.indexOf('?');
  const path = q === -1 ? link : link.slice(0, q);
  const query = q === -1 ? '' : link.slice(q + 1);
  const pieces = query.split('&').filter(Boolean);
  const leadingFlags: string[] = [];
  for (const piece of pieces) {
    if (piece.includes('=')) break;
    leadingFlags.push(piece);
  }
  const allFlags = pieces.filter((piece) => !piece.includes('='));
  const params = new URLSearchParams(pieces.filter((piece) => piece.includes('=')).join('&'));
  return { path, query, leadingFlags, allFlags, params };
}

function expectLandingParams(link: string, c: LinkContext, promoCode: string) {
  const { params } = parts(link);
  expect(params.getAll('promo_code')).toEqual([promoCode]);
  expect(params.getAll('country_id')).toEqual([String(c.countryId)]);
  expect(params.getAll('lang_id')).toEqual([String(c.langId)]);
  expect(params.getAll('sourceScreen')).toEqual(['landing']);
}

type Row = [string, MainSiteTarget, LinkContext, string, string[]];

const rows: Row[] = [
  // Login
  ['zenit login, mobile', 'login', ctx(zenitRu, 'mobile'), '/m/login', []],
  ['zenit login, desktop', 'login', ctx(zenitRu, 'desktop'), '/', ['login_form']],
  ['zenbet login, mobile', 'login', ctx(zenbetBr, 'mobile'), '/m/br/login', []],
  ['zenbet login, desktop', 'login', ctx(zenbetBr, 'desktop'), '/br/', ['login_form']],
  ['cupis login, mobile', 'login', ctx(cupisRu, 'mobile'), '/m/login', []],
  ['cupis login, desktop', 'login', ctx(cupisRu, 'desktop'), '/', ['login_form']],
  // Registration
  ['zenit registration, mobile', 'registration', ctx(zenitRu, 'mobile'), '/m/registration/phone', []],
  ['zenbet registration, mobile', 'registration', ctx(zenbetBr, 'mobile'), '/m/br/registration/phone', []],
  ['cupis registration, mobile', 'registration', ctx(cupisRu, 'mobile'), '/m/registration', []],
  ['zenit registration, desktop', 'registration', ctx(zenitRu, 'desktop'), '/', ['reg_form']],
  ['cupis registration, desktop', 'registration', ctx(cupisRu, 'desktop'), '/', ['regForm']],
  ['zenbet registration, desktop', 'registration', ctx(zenbetBr, 'desktop'), '/br/registration', []],
  // Support, feedback, casino game
  ['zenit support, mobile', 'support', ctx(zenitRu, 'mobile'), '/m/company/support', []],
  ['zenit support, desktop', 'support', ctx(zenitRu, 'desktop'), '/company/support', []],
  ['zenbet support, mobile', 'support', ctx(zenbetBr, 'mobile'), '/m/br/company/support', []],
  ['zenbet support, desktop', 'support', ctx(zenbetBr, 'desktop'), '/br/company/support', []],
  ['cupis support, mobile', 'support', ctx(cupisRu, 'mobile'), '/m/company/support', []],
  ['zenit feedback, mobile', 'feedback', ctx(zenitRu, 'mobile'), '/m/feedback', []],
  ['zenit feedback, desktop', 'feedback', ctx(zenitRu, 'desktop'), '/feedback', []],
  ['zenbet feedback, mobile', 'feedback', ctx(zenbetBr, 'mobile'), '/m/br/feedback', []],
  ['zenbet feedback, desktop', 'feedback', ctx(zenbetBr, 'desktop'), '/br/feedback', []],
  ['zenit casino game, mobile', { casinoGame: 'sweet_bonanza' }, ctx(zenitRu, 'mobile'), '/m/casino/sweet_bonanza', []],
  ['zenit casino game, desktop', { casinoGame: 'sweet_bonanza' }, ctx(zenitRu, 'desktop'), '/casino/sweet_bonanza', []],
  ['zenbet casino game, mobile', { casinoGame: 'aviator' }, ctx(zenbetBr, 'mobile'), '/m/br/casino/aviator', []],
  ['zenbet casino game, desktop', { casinoGame: 'aviator' }, ctx(zenbetBr, 'desktop'), '/br/casino/aviator', []],
  // Password recovery
  ['zenit recovery, mobile', 'recovery', ctx(zenitRu, 'mobile'), '/m/recovery', []],
  ['zenit recovery, desktop', 'recovery', ctx(zenitRu, 'desktop'), '/', ['pass_forgot']],
  ['cupis recovery, mobile', 'recovery', ctx(cupisRu, 'mobile'), '/m/recovery', []],
  ['cupis recovery, desktop', 'recovery', ctx(cupisRu, 'desktop'), '/', ['pass_forgot']],
  // Apps
  ['zenit android app, mobile', 'android', ctx(zenitRu, 'mobile'), '/mobile_app/android', []],
  ['zenit android app, desktop', 'android', ctx(zenitRu, 'desktop'), '/mobile_app/android', []],
  ['zenbet android app, mobile', 'android', ctx(zenbetBr, 'mobile'), '/mobile_app/android', []],
  ['zenit iOS app, mobile', 'ios', ctx(zenitRu, 'mobile'), '/application/ios', []],
  ['zenit iOS app, desktop', 'ios', ctx(zenitRu, 'desktop'), '/application/ios', []],
  ['cupis iOS app, mobile', 'ios', ctx(cupisRu, 'mobile'), '/application/ios', []],
  ['zenbet iOS app, mobile (language prefix)', 'ios', ctx(zenbetBr, 'mobile'), '/br/application/ios', []],
  ['zenbet iOS app, desktop (language prefix)', 'ios', ctx(zenbetBr, 'desktop'), '/br/application/ios', []],
  // Downloads
  ['zenit android download, mobile', 'androidDownload', ctx(zenitRu, 'mobile'), '/ajax/mobile_app/download/', []],
  ['zenit android download, desktop', 'androidDownload', ctx(zenitRu, 'desktop'), '/ajax/mobile_app/download/', []],
  ['zenbet android download, mobile', 'androidDownload', ctx(zenbetBr, 'mobile'), '/ajax/mobile_app/download/', []],
  ['zenit windows download, desktop', 'windowsDownload', ctx(zenitRu, 'desktop'), '/ajax/windows_app/download', []],
  ['zenbet windows download, desktop', 'windowsDownload', ctx(zenbetBr, 'desktop'), '/ajax/windows_app/download', []],
];

const match = { sport: 'football', leagueId: 1234, leagueSlug: 'premier-league', eventId: 98765, team1: 'arsenal', team2: 'chelsea' };
rows.push(
  ['zenit match, mobile', { match }, ctx(zenitRu, 'mobile'), '/m/line/football/1234_premier-league/98765_arsenal-chelsea', []],
  ['zenit match, desktop', { match }, ctx(zenitRu, 'desktop'), '/line/football/1234_premier-league/98765_arsenal-chelsea', []],
  ['cupis match, mobile', { match }, ctx(cupisRu, 'mobile'), '/m/line/football/1234_premier-league/98765_arsenal-chelsea', []],
);

describe('mainSiteLink (spec 2 "Links to the main site")', () => {
  test.each(rows)('spec 2: %s → %s', (_name, target, c, path, flags) => {
    const link = mainSiteLink(target, c);
    const p = parts(link);
    expect(p.path).toBe(path);
    expect(p.leadingFlags).toEqual(flags);
    expect(p.allFlags).toEqual(flags);
    expectLandingParams(link, c, c.defaultPromoCode);
  });

  test('spec 2: desktop login reads /?login_form&promo_code=…&country_id=…&lang_id=…&sourceScreen=landing', () => {
    expect(mainSiteLink('login', ctx(zenitRu, 'desktop'))).toBe(
      '/?login_form&promo_code=FREEBET30&country_id=643&lang_id=1&sourceScreen=landing',
    );
  });

  test('spec 2: mobile registration reads /m/registration/phone?promo_code=…&country_id=…&lang_id=…&sourceScreen=landing', () => {
    expect(mainSiteLink('registration', ctx(zenitRu, 'mobile'))).toBe(
      '/m/registration/phone?promo_code=FREEBET30&country_id=643&lang_id=1&sourceScreen=landing',
    );
  });

  test('spec 2: cupis desktop registration reads /?regForm&promo_code=…', () => {
    expect(mainSiteLink('registration', ctx(cupisRu, 'desktop'))).toBe(
      '/?regForm&promo_code=CUPIS&country_id=643&lang_id=1&sourceScreen=landing',
    );
  });

  test.each([
    ['a code the visitor arrived with wins over the default', 'PARTNER7', 'PARTNER7'],
    ['no visitor code (null): the default', null, 'FREEBET30'],
    ['no visitor code (undefined): the default', undefined, 'FREEBET30'],
    ['an empty visitor code: the default', '', 'FREEBET30'],
  ])('spec 2/4: promo_code: %s', (_what, promoCode, expected) => {
    const c = ctx(zenitRu, 'mobile', { promoCode });
    expectLandingParams(mainSiteLink('registration', c), c, expected);
  });
});

describe('withLandingParams (spec 2 "Link helper")', () => {
  test('spec 2: an existing promo_code in the link is kept, over the visitor code and the default', () => {
    const c = ctx(zenitRu, 'mobile', { promoCode: 'VISITOR' });
    const link = withLandingParams('/m/registration/phone?promo_code=INLINK', c);
    expect(parts(link).path).toBe('/m/registration/phone');
    expectLandingParams(link, c, 'INLINK');
  });

  test('spec 2: without a promo_code in the link the default is supplied', () => {
    const c = ctx(zenitRu, 'mobile');
    const link = withLandingParams('/m/casino/aviator', c);
    expect(parts(link).path).toBe('/m/casino/aviator');
    expectLandingParams(link, c, 'FREEBET30');
  });

  test.each([
    ['login_form', '/'],
    ['reg_form', '/'],
  ])('spec 2: on desktop the bare %s flag comes first', (flag, path) => {
    const c = ctx(zenitRu, 'desktop');
    const link = withLandingParams(path, c, flag);
    expect(link.startsWith(`/?${flag}&`)).toBe(true);
    expect(parts(link).allFlags).toEqual([flag]);
    expectLandingParams(link, c, 'FREEBET30');
  });

  test.each(['login_form', 'reg_form'])('spec 2: on mobile the %s flag is not added (desktop only)', (flag) => {
    const c = ctx(zenitRu, 'mobile');
    const link = withLandingParams('/m/login', c, flag);
    expect(parts(link).allFlags).toEqual([]);
    expect(link).not.toContain(flag);
    expectLandingParams(link, c, 'FREEBET30');
  });
});

describe('link values are URL-encoded (spec 2 "Link helper", spec 4 codes come from the URL)', () => {
  test.each([
    ['an ampersand and equals sign', 'A&B=C', 'promo_code=A%26B%3DC'],
    ['a parameter injection', 'X&country_id=1&sourceScreen=evil', 'promo_code=X%26country_id%3D1%26sourceScreen%3Devil'],
    ['a plus sign that must not turn into a space', 'A+B', 'promo_code=A%2BB'],
    ['a fragment marker', 'A#B', 'promo_code=A%23B'],
    ['markup', '"><script>alert(1)</script>', undefined],
    ['spaces and a slash', 'a b/../c', undefined],
    ['Cyrillic letters', 'ПРОМО2024', undefined],
    ['a percent sign', '100%', 'promo_code=100%25'],
  ])('spec 2: a hostile visitor promo code with %s comes out encoded', (_what, code, rawPiece) => {
    for (const device of ['mobile', 'desktop'] as const) {
      const c = ctx(zenitRu, device, { promoCode: code });
      const link = mainSiteLink('login', c);
      // Nothing the browser or the main site could read as structure leaks out raw.
      expect(link).toMatch(/^[\x21-\x7e]+$/);
      expect(link).not.toMatch(/[<>"#\s]/);
      expect(link.split('?')).toHaveLength(2);
      if (rawPiece) expect(link).toContain(rawPiece);
      // And it decodes back to exactly what the visitor brought, without touching the other parameters.
      expectLandingParams(link, c, code);
    }
  });

  test('spec 2: a hostile default promo code comes out encoded too', () => {
    const c = ctx(zenitRu, 'desktop', { defaultPromoCode: 'A&lang_id=99' });
    const link = mainSiteLink('registration', c);
    expect(link).toContain('promo_code=A%26lang_id%3D99');
    expectLandingParams(link, c, 'A&lang_id=99');
  });

  test('spec 2: a casino game name cannot add path segments, a query or a fragment', () => {
    const c = ctx(zenitRu, 'mobile');
    const link = mainSiteLink({ casinoGame: '../../logout?x=1#y' }, c);
    expect(parts(link).path).toBe('/m/casino/..%2F..%2Flogout%3Fx%3D1%23y');
    expectLandingParams(link, c, 'FREEBET30');
  });

  test('spec 2: malformed UTF-16 (a lone surrogate from a JSON answer) is written as U+FFFD, never thrown', () => {
    const c = ctx(zenbetBr, 'mobile', { language: 'b\uD800r' });
    const game = mainSiteLink({ casinoGame: 'slot\uDC00s' }, c);
    expect(parts(game).path).toBe('/m/b%EF%BF%BDr/casino/slot%EF%BF%BDs');
    const match = mainSiteLink(
      { match: { sport: 'foot\uD83Dball', leagueId: '1\uDE00', leagueSlug: 'l', eventId: 2, team1: 'a', team2: 'b' } },
      c,
    );
    expect(parts(match).path).toBe('/m/b%EF%BF%BDr/line/foot%EF%BF%BDball/1%EF%BF%BD_l/2_a-b');
    // A proper pair stays one character.
    expect(parts(mainSiteLink({ casinoGame: '\uD83C\uDFB0' }, c)).path).toBe('/m/b%EF%BF%BDr/casino/%F0%9F%8E%B0');
  });

  test('spec 2: a zenbet language cannot turn the link into another host', () => {
    const c = ctx(zenbetBr, 'desktop', { language: '/evil.example' });
    const link = mainSiteLink('support', c);
    expect(link.startsWith('/')).toBe(true);
    expect(link.startsWith('//')).toBe(false);
    expect(new URL(link, 'https://main.example').host).toBe('main.example');
  });
});
