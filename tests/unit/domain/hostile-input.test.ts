/**
 * Hostile input: the whole corpus (tests/fixtures/hostile-payloads.ts) through the pure
 * functions a hostile value meets: partner capture (spec 4, 5), the field validators (spec 5), the
 * main-site link builder (spec 2) and the path helpers. The rules HTML sanitiser has its own file
 * (hostile-rules-html.test.ts: it needs a DOM).
 */
import { isValidPartnerUid, isValidPromoCode, parsePartnerParams, PARTNER_UID_PARAM, PROMO_CODE_PARAMS } from '../../../src/domain/partner';
import { capturePartnerParams, readPartnerParams, STORAGE_KEYS } from '../../../src/early/partner-storage';
import { normalizePhone, validateField, isValidPassword } from '../../../src/domain/validation';
import { checkField, type FieldName } from '../../../src/domain/registration';
import { MAIN_SITE_PAGES, mainSiteLink, type LinkContext, type MainSiteTarget } from '../../../src/domain/links';
import { isSitePath, normalizePath, parseLandingPath, stripBasePath } from '../../../src/domain/paths';
import { HOSTILE_PAYLOADS, SENTINEL, isDangerousHref } from '../../fixtures/hostile-payloads';

const payloads = HOSTILE_PAYLOADS.map((p) => [p.label, p.value] as const);
const CAPTURED = [PARTNER_UID_PARAM, ...PROMO_CODE_PARAMS];

/** Spec 5, written out again here so the tests do not lean on the code they check. */
const UID_RULE = /^[a-z0-9]{1,36}$/;
const PROMO_RULE = /^[\p{L}\p{Nd}]{1,32}$/u;

/** What a query string hands over for `value`: URLSearchParams turns lone surrogates into U+FFFD. */
const asQueryValue = (value: string) => new URLSearchParams(new URLSearchParams([['v', value]]).toString()).get('v')!;

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

test('the corpus holds at least 50 payloads, each with a unique label', () => {
  expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  expect(new Set(HOSTILE_PAYLOADS.map((p) => p.label)).size).toBe(HOSTILE_PAYLOADS.length);
  expect(HOSTILE_PAYLOADS.some((p) => p.value.length >= 10_000)).toBe(true);
});

describe('partner capture (spec 4 captured parameters, spec 5 partner uid and promo code rules)', () => {
  test.each(payloads)('%s in every captured parameter: only values within their rule come out', (_label, value) => {
    for (const name of CAPTURED) {
      const search = `?${new URLSearchParams([[name, value]])}`;
      const { partnerUid, promoCode } = parsePartnerParams(search);
      const given = asQueryValue(value);
      if (name === PARTNER_UID_PARAM) {
        expect(partnerUid).toBe(UID_RULE.test(given) ? given : null);
        expect(promoCode).toBeNull();
      } else {
        expect(partnerUid).toBeNull();
        expect(promoCode).toBe(PROMO_RULE.test(given.trim()) ? given.trim() : null);
      }
    }
  });

  test.each(payloads)('%s after a valid value of the same parameter: the last occurrence counts, so nothing is kept', (_label, value) => {
    const given = asQueryValue(value);
    const search = `?${new URLSearchParams([
      [PARTNER_UID_PARAM, 'good1'],
      [PARTNER_UID_PARAM, value],
    ])}`;
    expect(parsePartnerParams(search).partnerUid).toBe(UID_RULE.test(given) ? given : null);
  });

  test.each(payloads)('%s in storage: never read back, and a URL value only replaces it when valid', (_label, value) => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.partnerUid, value);
    storage.setItem(STORAGE_KEYS.promoCode, value);
    const read = readPartnerParams(storage);
    expect(read.partnerUid).toBe(isValidPartnerUid(value) ? value : null);
    expect(read.promoCode).toBe(isValidPromoCode(value) ? value : null);

    const clean = new MemoryStorage();
    clean.setItem(STORAGE_KEYS.partnerUid, 'stored1');
    clean.setItem(STORAGE_KEYS.promoCode, 'STORED1');
    const search = `?${new URLSearchParams(CAPTURED.map((name) => [name, value]))}`;
    const captured = capturePartnerParams(search, clean);
    const given = asQueryValue(value);
    const uid = UID_RULE.test(given) ? given : 'stored1';
    const code = PROMO_RULE.test(given.trim()) ? given.trim() : 'STORED1';
    expect(captured).toEqual({ partnerUid: uid, promoCode: code });
    expect(clean.getItem(STORAGE_KEYS.partnerUid)).toBe(uid);
    expect(clean.getItem(STORAGE_KEYS.promoCode)).toBe(code);
    expect(clean.length).toBe(2);
  });

  test('prototype-pollution keys as parameter names and values change nothing', () => {
    const search = '?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&zpartner_uid=__proto__&promo_code=__proto__';
    expect(parsePartnerParams(search)).toEqual({ partnerUid: null, promoCode: null });
    const storage = new MemoryStorage();
    capturePartnerParams(search, storage);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  test('a hostile value in one promo parameter does not hide a valid one in another (precedence promo_code, promocode, code)', () => {
    for (const { value } of HOSTILE_PAYLOADS) {
      const given = asQueryValue(value).trim();
      const search = `?${new URLSearchParams([
        ['promo_code', value],
        ['promocode', value],
        ['code', 'FALLBACK1'],
      ])}`;
      expect(parsePartnerParams(search).promoCode).toBe(PROMO_RULE.test(given) ? given : 'FALLBACK1');
    }
  });
});

describe('field validators (spec 5)', () => {
  const fields: FieldName[] = ['phone', 'email', 'password', 'promoCode', 'birthdate'];
  const ctx = { today: '2026-11-22' };

  test.each(payloads)('%s: a field accepts it only when it keeps the field rule', (_label, value) => {
    for (const field of fields) {
      const error = checkField(field, value, ctx);
      if (error !== null) continue;
      switch (field) {
        case 'phone':
          expect(normalizePhone(value)).toMatch(/^\+?\d{7,18}$/);
          break;
        case 'email':
          expect(value).toMatch(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/);
          break;
        case 'password':
          expect(isValidPassword(value)).toBe(true);
          expect(value.length).toBeLessThanOrEqual(30);
          break;
        case 'promoCode':
          expect(value).toMatch(PROMO_RULE);
          break;
        case 'birthdate':
          expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          break;
      }
    }
  });

  test('no payload carrying markup, a quote, a URL scheme or a control character passes the promo code, phone or e-mail rule', () => {
    const risky = /[<>"'`\\&;:(){}\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
    for (const { value } of HOSTILE_PAYLOADS.filter((p) => risky.test(p.value))) {
      expect(validateField(value, { promoCode: true })).toBe('promoCode');
      expect(validateField(value, { emailCps: true })).toBe('emailCps');
      expect(checkField('promoCode', value, { today: '2026-11-22' })).not.toBeNull();
    }
  });

  test.each(payloads)('%s: a phone is sent as + and digits only, whatever was typed', (_label, value) => {
    expect(normalizePhone(value)).toMatch(/^[+\d]*$/);
  });
});

describe('main-site link builder (spec 2 "Links to the main site")', () => {
  const ORIGIN = 'https://main.example';
  const targets = (value: string): MainSiteTarget[] => [
    ...MAIN_SITE_PAGES,
    { casinoGame: value },
    { match: { sport: value, leagueId: value, leagueSlug: value, eventId: value, team1: value, team2: value } },
  ];
  const contexts = (value: string): LinkContext[] =>
    (['zenit', 'zenbet', 'cupis'] as const).flatMap((brand) =>
      (['mobile', 'desktop'] as const).map((device) => ({
        brand,
        device,
        language: value,
        countryId: 643,
        langId: 1,
        defaultPromoCode: 'DEFAULT1',
        promoCode: value,
      })),
    );

  test.each(payloads)(
    '%s as promo code, language, game and match names: the link stays a main-site path, every value encoded',
    (_label, value) => {
      for (const ctx of contexts(value)) {
        for (const target of targets(value)) {
          const link = mainSiteLink(target, ctx);
          expect(link).toMatch(/^\/(?![/\\])/);
          expect(isDangerousHref(link)).toBe(false);
          // Printable ASCII only, nothing that could close an attribute or start markup.
          expect(link).toMatch(/^[\x21-\x7e]+$/);
          expect(link).not.toMatch(/[<>"`\\]/); // encodeURIComponent keeps ' ( ) ! * ~: legal in a path, inert in a quoted attribute
          expect(new URL(link, ORIGIN).origin).toBe(ORIGIN);
          const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
          expect(params.getAll('promo_code')).toEqual([asQueryValue(value)]);
          expect(params.getAll('country_id')).toEqual(['643']);
          expect(params.getAll('lang_id')).toEqual(['1']);
          expect(params.getAll('sourceScreen')).toEqual(['landing']);
          expect(params.has(PARTNER_UID_PARAM)).toBe(false);
        }
      }
    },
  );

  test.each(payloads)('%s never reaches a link as a promo code once capture has checked it', (_label, value) => {
    const { promoCode } = parsePartnerParams(`?${new URLSearchParams(CAPTURED.map((name) => [name, value]))}`);
    const link = mainSiteLink('registration', {
      brand: 'zenit',
      language: 'ru',
      device: 'mobile',
      countryId: 643,
      langId: 1,
      defaultPromoCode: 'ZBONUS30K',
      promoCode,
    });
    const code = new URLSearchParams(link.split('?')[1]).get('promo_code')!;
    expect(code === 'ZBONUS30K' || PROMO_RULE.test(code)).toBe(true);
    expect(link.match(/(?:^|[?&])promo_code=([^&]*)/)![1]).toMatch(/^[A-Za-z0-9%]+$/);
  });
});

describe('path helpers (spec 2 "Base path and matching", "Page paths"; table redirect targets)', () => {
  test.each(payloads)('%s: parsing never throws and never yields a host-like path', (_label, value) => {
    for (const raw of [value, `/${value}`, `/promo/zenit/ru/${value}/`, `/promo/${value}/ru/freebet30/`]) {
      const normalized = normalizePath(raw);
      expect(normalized.startsWith('/')).toBe(true);
      expect(normalized.startsWith('//')).toBe(false);
      expect(stripBasePath(normalized).startsWith('//')).toBe(false);
      const parts = parseLandingPath(raw);
      if (parts) for (const part of Object.values(parts)) expect(part).not.toContain('/');
    }
  });

  test.each(HOSTILE_PAYLOADS.filter((p) => p.kind === 'redirect' || p.kind === 'url').map((p) => [p.label, p.value] as const))(
    '%s is never a site path a table may redirect to',
    (_label, value) => {
      expect(isSitePath(value)).toBe(false);
    },
  );

  test.each(payloads)('%s: whatever isSitePath accepts stays on the site when a browser follows it', (_label, value) => {
    for (const target of [value, `/${value}`, `/zenit/ru/${value}/`]) {
      if (!isSitePath(target)) continue;
      expect(isDangerousHref(target)).toBe(false);
      expect(new URL(target, 'https://main.example/promo/').origin).toBe('https://main.example');
      expect(new URL(`/promo${target}`, 'https://main.example/').origin).toBe('https://main.example');
    }
  });
});

test('the sentinel is never defined by the code under test', () => {
  expect((globalThis as Record<string, unknown>)[SENTINEL]).toBeUndefined();
});
