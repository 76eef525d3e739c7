import fc from 'fast-check';
import { abbreviateAmount } from '../../../src/domain/numbers';
import { countdown } from '../../../src/domain/countdown';
import { MAIN_SITE_PAGES, mainSiteLink, type LinkContext, type MainSiteTarget } from '../../../src/domain/links';
import { isSitePath, normalizePath, parseLandingPath, stripBasePath } from '../../../src/domain/paths';
import { isValidPromoCode, parsePartnerParams, PROMO_CODE_PARAMS } from '../../../src/domain/partner';
import { CHECK_ORDER, normalizePhone, validateField, type FieldRules } from '../../../src/domain/validation';

const RUNS = { numRuns: 1_000 };

/** Any Unicode text: every code point (no lone surrogates), plus the characters URLs are made of. */
const unicodeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('/', '\\', '?', '#', '&', '=', '+', '%', ':', '.', ' ', '\t', '\n', 'a', '@'), maxLength: 16 }),
);

describe('mainSiteLink (spec 2 "Links to the main site", "Link helper")', () => {
  const target: fc.Arbitrary<MainSiteTarget> = fc.oneof(
    fc.constantFrom<MainSiteTarget>(...MAIN_SITE_PAGES),
    fc.record({ casinoGame: unicodeText }),
    fc.record({
      match: fc.record({
        sport: unicodeText,
        leagueId: fc.oneof(fc.nat(), unicodeText),
        leagueSlug: unicodeText,
        eventId: fc.oneof(fc.nat(), unicodeText),
        team1: unicodeText,
        team2: unicodeText,
      }),
    }),
  );

  /** Always tried first: a zenbet page whose language is empty must not yield "//…". */
  const emptyZenbet: LinkContext = {
    brand: 'zenbet',
    language: '',
    device: 'desktop',
    countryId: 0,
    langId: 0,
    defaultPromoCode: '',
    promoCode: undefined,
  };
  const linkExamples: Array<[MainSiteTarget, LinkContext]> = [
    ['login', emptyZenbet],
    [{ casinoGame: '' }, emptyZenbet],
    ['support', { ...emptyZenbet, language: '/evil.example' }],
  ];

  const context: fc.Arbitrary<LinkContext> = fc.record({
    brand: fc.constantFrom('zenit', 'zenbet', 'cupis'),
    language: unicodeText,
    device: fc.constantFrom('mobile', 'desktop'),
    countryId: fc.nat(),
    langId: fc.nat(),
    defaultPromoCode: unicodeText,
    promoCode: fc.option(unicodeText, { nil: undefined }),
  });

  test('spec 2: a link is always a path on the main site: one leading "/", never "//", never a scheme', () => {
    fc.assert(
      fc.property(target, context, (t, c) => {
        const link = mainSiteLink(t, c);
        expect(link.startsWith('/')).toBe(true);
        expect(link.startsWith('//')).toBe(false);
        expect(link.startsWith('/\\')).toBe(false);
        expect(link).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
        const resolved = new URL(link, 'https://main.example');
        expect(resolved.origin).toBe('https://main.example');
      }),
      { ...RUNS, examples: linkExamples },
    );
  });

  test('spec 2: every query value round-trips through URLSearchParams', () => {
    fc.assert(
      fc.property(target, context, (t, c) => {
        const link = mainSiteLink(t, c);
        expect(link).not.toContain('#');
        const query = link.slice(link.indexOf('?') + 1);
        expect(link.indexOf('?')).toBeGreaterThan(0);
        const params = new URLSearchParams(query);
        expect(params.getAll('promo_code')).toEqual([c.promoCode || c.defaultPromoCode]);
        expect(params.getAll('country_id')).toEqual([String(c.countryId)]);
        expect(params.getAll('lang_id')).toEqual([String(c.langId)]);
        expect(params.getAll('sourceScreen')).toEqual(['landing']);
      }),
      { ...RUNS, examples: linkExamples },
    );
  });
});

describe('normalizePath and parseLandingPath (spec 2 "Base path and matching", "Page paths")', () => {
  const segment = fc.oneof(
    fc.constantFrom('promo', 'zenit', 'zenbet', 'cupis', 'ru', 'br', 'freebet30', 'US-Open', 'index.html', ''),
    fc.stringMatching(/^[A-Za-z0-9_.-]{1,10}$/),
  );
  const path = fc
    .record({
      base: fc.boolean(),
      segments: fc.array(segment, { maxLength: 6 }),
      trailing: fc.constantFrom('', '/', '//', '/index.html'),
    })
    .map(({ base, segments, trailing }) => `${base ? '/promo' : ''}/${segments.join('/')}${trailing}`);
  /** Always tried first: shapes that once broke the properties below. */
  const pathExamples: Array<[string]> = [
    ['/index.html/index.html'],
    ['/index.html//'],
    ['/promo/zenit/ru/freebet30/index.html/'],
    ['//promo/zenit/ru/freebet30/'],
  ];

  test('spec 2: normalizing is idempotent', () => {
    fc.assert(
      fc.property(path, (p) => {
        const once = normalizePath(p);
        expect(normalizePath(once)).toBe(once);
      }),
      { ...RUNS, examples: pathExamples },
    );
  });

  test('spec 2: a normalized path starts with "/", has no trailing slash (except "/") and no /index.html', () => {
    fc.assert(
      fc.property(path, (p) => {
        const n = normalizePath(p);
        expect(n.startsWith('/')).toBe(true);
        if (n !== '/') expect(n.endsWith('/')).toBe(false);
        expect(n.endsWith('/index.html')).toBe(false);
      }),
      { ...RUNS, examples: pathExamples },
    );
  });

  test('spec 2: parsing a normalized path gives the same landing as parsing the raw path', () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(parseLandingPath(normalizePath(p))).toEqual(parseLandingPath(p));
        expect(parseLandingPath(normalizePath(normalizePath(p)))).toEqual(parseLandingPath(normalizePath(p)));
      }),
      { ...RUNS, examples: pathExamples },
    );
  });

  test('spec 2: a landing path with or without trailing slash parses to brand, language, landing', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).filter((w) => w !== 'promo');
    fc.assert(
      fc.property(fc.boolean(), word, word, word, fc.constantFrom('', '/', '/index.html'), (base, b, l, s, end) => {
        const p = `${base ? '/promo' : ''}/${b}/${l}/${s}${end}`;
        expect(parseLandingPath(p)).toEqual({ brand: b, language: l, landing: s });
      }),
      RUNS,
    );
  });
});

describe('abbreviateAmount (spec 9 "Number abbreviation")', () => {
  const amount = fc.oneof(
    fc.integer({ min: 0, max: 1_000_000_000_000 }),
    fc.constantFrom(9_999, 10_000, 10_010, 99_999, 100_000, 999_999, 1_000_000, 1_150_000, 9_999_999, 10_000_000),
  );

  test('spec 9: value × unit never exceeds the amount and falls short by less than 0.01 unit', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const { value, suffix } = abbreviateAmount(a);
        const digits = String(a).length;
        const expectedSuffix = digits >= 7 ? 'kk' : digits >= 5 ? 'k' : '';
        expect(suffix).toBe(expectedSuffix);
        if (suffix === '') {
          expect(value).toBe(a);
          return;
        }
        const unit = suffix === 'k' ? 1_000 : 1_000_000;
        // Up to 2 decimals: value is a whole number of hundredths.
        const hundredths = Math.round(value * 100);
        expect(Math.abs(value * 100 - hundredths)).toBeLessThan(1e-6);
        // Compare in whole numbers: hundredths × (unit / 100) is exact.
        const shown = hundredths * (unit / 100);
        expect(shown).toBeLessThanOrEqual(a);
        expect(a - shown).toBeLessThan(unit / 100);
      }),
      RUNS,
    );
  });
});

describe('countdown (spec 3 "Countdown result", spec 9 "to the second, floored at zero")', () => {
  const instant = fc.integer({ min: -4_000_000_000_000, max: 4_000_000_000_000 });

  test('spec 9: components are in range and recompose to the floored whole seconds left', () => {
    fc.assert(
      fc.property(instant, instant, (end, now) => {
        const { days, hours, minutes, seconds } = countdown(end, now);
        for (const part of [days, hours, minutes, seconds]) {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        expect(hours).toBeLessThan(24);
        expect(minutes).toBeLessThan(60);
        expect(seconds).toBeLessThan(60);
        const flooredSeconds = end > now ? Math.floor((end - now) / 1000) : 0;
        expect(days * 86_400 + hours * 3_600 + minutes * 60 + seconds).toBe(flooredSeconds);
      }),
      RUNS,
    );
  });
});

describe('validateField (spec 5 "Check order")', () => {
  const rules: fc.Arbitrary<FieldRules> = fc.record(
    {
      required: fc.boolean(),
      maxLength: fc.nat(40),
      minLength: fc.nat(40),
      promoCode: fc.boolean(),
      latinNumber: fc.boolean(),
      latinNumberSymbol: fc.boolean(),
      noCyrillic: fc.boolean(),
      phone: fc.boolean(),
      password: fc.boolean(),
      emailCps: fc.boolean(),
      number: fc.boolean(),
      promo_code: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  /** Includes raw UTF-16 with lone surrogates, which a browser input can hand over. */
  const anyString = fc.oneof(
    unicodeText,
    fc.string({ maxLength: 40 }),
    fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units)),
  );

  test('spec 5: never throws for arbitrary strings and names only a rule the field has', () => {
    fc.assert(
      fc.property(anyString, rules, fc.array(anyString, { maxLength: 3 }), (value, r, rejected) => {
        let result: ReturnType<typeof validateField> = null;
        expect(() => {
          result = validateField(value, r, { rejectedPromoCodes: rejected });
        }).not.toThrow();
        if (result !== null) {
          expect(CHECK_ORDER).toContain(result);
          expect(r[result as keyof FieldRules]).not.toBe(false);
          expect(r[result as keyof FieldRules]).not.toBeUndefined();
        }
      }),
      RUNS,
    );
  });
});

/* Hostile input: what the properties above did not yet say. */

/** Raw UTF-16, lone surrogates included: what a JSON answer or a browser input can hand over. */
const rawUtf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 24 }).map((units) => String.fromCharCode(...units));
const hostileText = fc.oneof(
  unicodeText,
  rawUtf16,
  fc.constantFrom(
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil',
    '"><img src=x onerror=alert(1)>',
    '%2F%2Fevil',
    '..',
    '.',
    '\u202e',
    'a\u0000b',
  ),
);

describe('partner capture and field validators (spec 4, spec 5)', () => {
  const paramName = fc.constantFrom('zpartner_uid', 'code', 'promocode', 'promo_code', 'other', '__proto__');
  const query = fc.array(fc.tuple(paramName, hostileText), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString());

  test('spec 5: a captured partner uid is the last zpartner_uid when that one keeps the rule, else nothing', () => {
    fc.assert(
      fc.property(query, (q) => {
        const { partnerUid, promoCode } = parsePartnerParams(`?${q}`);
        const uids = new URLSearchParams(q).getAll('zpartner_uid');
        const last = uids.length ? uids[uids.length - 1] : null;
        expect(partnerUid).toBe(last !== null && /^[a-z0-9]{1,36}$/.test(last) ? last : null);
        if (promoCode !== null) {
          expect(promoCode).toMatch(/^[\p{L}\p{Nd}]{1,32}$/u);
          // It is the trimmed last value of the most specific promo parameter that keeps the rule.
          const params = new URLSearchParams(q);
          const first = PROMO_CODE_PARAMS.map((name) => params.getAll(name).pop()?.trim() ?? '').find((v) => isValidPromoCode(v));
          expect(promoCode).toBe(first);
        }
      }),
      RUNS,
    );
  });

  test('spec 5: a phone is normalised to + and digits, idempotently, and the phone rule accepts only 7 to 18 of them', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.stringMatching(/^[+\d ()-]{0,30}$/)), (raw) => {
        const phone = normalizePhone(raw);
        expect(phone).toMatch(/^[+\d]*$/);
        expect(normalizePhone(phone)).toBe(phone);
        if (validateField(raw, { phone: true }) === null && raw !== '') expect(phone).toMatch(/^\+?\d{7,18}$/);
      }),
      RUNS,
    );
  });

  test('spec 5: what the password, promo code and e-mail rules accept keeps the rule', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.emailAddress()), (value) => {
        if (value !== '' && validateField(value, { password: true }) === null) {
          expect(value.length).toBeGreaterThanOrEqual(6);
          expect(value.length).toBeLessThanOrEqual(30);
          expect(value).not.toMatch(/^[.\s]/);
        }
        if (value !== '' && validateField(value, { promoCode: true }) === null) expect(value).toMatch(/^[\p{L}\p{Nd}]+$/u);
        if (value !== '' && validateField(value, { emailCps: true }) === null) {
          expect(value).toMatch(/^[\x21-\x7e]+$/);
          expect(value).not.toMatch(/[<>"'`\\]/);
          expect(value.split('@')).toHaveLength(2);
        }
      }),
      RUNS,
    );
  });
});

describe('mainSiteLink with malformed and hostile text (spec 2 "every value encoded")', () => {
  const target: fc.Arbitrary<MainSiteTarget> = fc.oneof(
    fc.constantFrom<MainSiteTarget>('login', 'registration', 'support', 'home', 'recovery', 'ios'),
    fc.record({ casinoGame: hostileText }),
    fc.record({
      match: fc.record({
        sport: hostileText,
        leagueId: hostileText,
        leagueSlug: hostileText,
        eventId: hostileText,
        team1: hostileText,
        team2: hostileText,
      }),
    }),
  );
  const context: fc.Arbitrary<LinkContext> = fc.record({
    brand: fc.constantFrom('zenit', 'zenbet', 'cupis'),
    language: hostileText,
    device: fc.constantFrom('mobile', 'desktop'),
    countryId: fc.nat(),
    langId: fc.nat(),
    defaultPromoCode: hostileText,
    promoCode: fc.option(hostileText, { nil: undefined }),
  });

  test('spec 2: never throws; printable ASCII only; one path on the main site; every segment decodes back whole', () => {
    fc.assert(
      fc.property(target, context, (t, c) => {
        const link = mainSiteLink(t, c);
        expect(link).toMatch(/^[\x21-\x7e]+$/);
        expect(link).not.toMatch(/[<>"`\\#]/);
        expect(link).toMatch(/^\/(?![/\\])/);
        expect(new URL(link, 'https://main.example/promo/').origin).toBe('https://main.example');
        const [path] = link.split('?');
        // A value can never add a segment: each one decodes without a "/" the builder did not put there.
        if (typeof t === 'object' && 'casinoGame' in t) {
          const last = path.split('/').pop()!;
          expect(decodeURIComponent(last)).toBe(
            t.casinoGame.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (u) => (u.length === 2 ? u : '\uFFFD')),
          );
        }
      }),
      RUNS,
    );
  });
});

describe('isSitePath and stripBasePath (spec 2 "Base path and matching"; table redirect targets)', () => {
  const pathLike = fc.oneof(
    hostileText,
    fc
      .array(fc.oneof(hostileText, fc.constantFrom('', '.', '..', 'zenit', 'ru', 'promo')), { maxLength: 5 })
      .map((segments) => `/${segments.join('/')}`),
  );

  test('a target isSitePath accepts stays on the site, under /promo or not, and is never read as a host', () => {
    fc.assert(
      fc.property(pathLike, (target) => {
        if (!isSitePath(target)) return;
        expect(target).toMatch(/^\/(?![/\\])/);
        expect(target).not.toMatch(/[\\\s]/);
        for (const base of ['https://main.example/', 'https://main.example/promo/zenit/ru/freebet30/']) {
          expect(new URL(target, base).origin).toBe('https://main.example');
          expect(new URL(`/promo${target}`, base).origin).toBe('https://main.example');
        }
      }),
      RUNS,
    );
  });

  test('stripping the base path and normalising never yields "//" at the start', () => {
    fc.assert(
      fc.property(pathLike, (p) => {
        expect(stripBasePath(normalizePath(p)).startsWith('//')).toBe(false);
        expect(normalizePath(p).startsWith('//')).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('abbreviateAmount and countdown: order is kept (spec 9)', () => {
  const shown = (amount: number) => {
    const { value, suffix } = abbreviateAmount(amount);
    return Math.round(value * 100) * ({ '': 1, k: 1_000, kk: 1_000_000 }[suffix] / 100);
  };

  test('spec 9: a larger amount never reads as a smaller one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 1_000_000_000_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(shown(low)).toBeLessThanOrEqual(shown(high));
      }),
      {
        ...RUNS,
        examples: [
          [9_999, 10_000],
          [99_999, 100_000],
          [999_999, 1_000_000],
        ],
      },
    );
  });

  test('spec 9: the countdown never goes up as time passes, and is zero from the end on', () => {
    const instant = fc.integer({ min: -4_000_000_000_000, max: 4_000_000_000_000 });
    const total = ({ days, hours, minutes, seconds }: ReturnType<typeof countdown>) =>
      days * 86_400 + hours * 3_600 + minutes * 60 + seconds;
    fc.assert(
      fc.property(instant, instant, fc.nat(10_000_000), (end, now, step) => {
        expect(total(countdown(end, now + step))).toBeLessThanOrEqual(total(countdown(end, now)));
        expect(countdown(end, Math.max(end, now))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
      }),
      RUNS,
    );
  });
});
