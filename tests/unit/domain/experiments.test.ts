/** A/B experiments: a visitor's variant, where each variant's page lives, and who is never assigned. */
import fc from 'fast-check';
import {
  assignVariant,
  isCrawler,
  landingOfVariantPath,
  splitBoundaries,
  variantMatchPath,
  variantPath,
  visitorCookie,
} from '../../../src/domain/experiments';
import { murmurHash2, murmurHash2Text } from '../../../src/domain/murmur-hash2';
import { parseLandingPath } from '../../../src/domain/paths';
import { keepLandingAddress } from '../../../src/runtime/variant-address';

const EXPERIMENT = {
  id: 'bonus-headline-1',
  variants: [
    { id: 'control', weight: 50 },
    { id: 'bold', weight: 30 },
    { id: 'calm', weight: 20 },
  ],
};
const visitorId = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => Buffer.from(bytes).toString('hex'));

describe('a variant page', () => {
  const page = variantPath('/zenit/ru/bonus25000/', 'bonus-headline-1', 'bold');

  test('lives beside its landing, where every path reader still finds brand, language and landing name', () => {
    expect(page).toBe('/zenit/ru/_variant/bonus-headline-1/bold/bonus25000/');
    expect(parseLandingPath(page)).toEqual({ brand: 'zenit', language: 'ru', landing: 'bonus25000' });
  });

  test('knows its landing; a landing and other pages are no variant', () => {
    expect(landingOfVariantPath(page)).toBe('/zenit/ru/bonus25000/');
    expect(landingOfVariantPath('/zenit/ru/bonus25000/')).toBeNull();
    expect(landingOfVariantPath('/404.html')).toBeNull();
  });

  test('is routed at both addresses and no others of another brand or language', () => {
    expect(variantMatchPath('/zenit/ru/bonus25000/')).toBe('/zenit/ru/*');
  });
});

describe('Gatsby keeps the address it was loaded at', () => {
  const variant = '/zenit/ru/_variant/bonus-headline-1/bold/bonus25000/';

  test('a variant shown at its landing\u2019s address takes that address as its path', () => {
    const win = { pagePath: variant, location: { pathname: '/promo/zenit/ru/bonus25000/' } };
    keepLandingAddress(win);
    expect(win.pagePath).toBe('/zenit/ru/bonus25000/');
  });

  test('a variant opened at its own address, a variant at another landing, and a plain landing are left alone', () => {
    for (const [pagePath, pathname] of [
      [variant, `/promo${variant}`],
      [variant, '/promo/zenit/ru/bonus20000/'],
      ['/zenit/ru/bonus25000/', '/promo/zenit/ru/bonus20000/'],
    ]) {
      const win = { pagePath, location: { pathname } };
      keepLandingAddress(win);
      expect(win.pagePath).toBe(pagePath);
    }
  });
});

describe('the split', () => {
  test('nginx\u2019s boundaries: each share of 2^32-1 rounded down and added up; the last part takes the rest', () => {
    // 50% of 4294967295 is 2147483647.5; nginx keeps 2147483647, and a hash of 2147483647 is past it.
    expect(splitBoundaries([50, 50])).toEqual([2147483647, Infinity]);
    // 30% is 1288490188.5 → 1288490188; then 50% → 1288490188 + 2147483647.
    expect(splitBoundaries([30, 50, 20])).toEqual([1288490188, 3435973835, Infinity]);
  });

  test('a returning visitor is in the same variant every time', () => {
    fc.assert(fc.property(visitorId, (visitor) => assignVariant(visitor, EXPERIMENT) === assignVariant(visitor, EXPERIMENT)));
  });

  test('visitors spread by the weights', () => {
    const counts: Record<string, number> = { control: 0, bold: 0, calm: 0 };
    const visitors = fc.sample(visitorId, { numRuns: 20_000, seed: 7 });
    for (const visitor of visitors) counts[assignVariant(visitor, EXPERIMENT)]++;
    expect(counts.control / visitors.length).toBeCloseTo(0.5, 1);
    expect(counts.bold / visitors.length).toBeCloseTo(0.3, 1);
    expect(counts.calm / visitors.length).toBeCloseTo(0.2, 1);
  });

  test('the experiment id salts the split: two experiments sort the same visitors independently', () => {
    const other = { ...EXPERIMENT, id: 'bonus-headline-2' };
    const visitors = fc.sample(visitorId, { numRuns: 20_000, seed: 11 });
    const inControlOfBoth = visitors.filter(
      (visitor) => assignVariant(visitor, EXPERIMENT) === 'control' && assignVariant(visitor, other) === 'control',
    ).length;
    expect(inControlOfBoth / visitors.length).toBeCloseTo(0.25, 1);
  });
});

describe('MurmurHash2 as nginx hashes (its reference values: tests/built/split-clients.test.ts)', () => {
  test('a 32-bit unsigned number of the UTF-8 bytes', () => {
    for (const text of ['', 'a', 'promo', '0123456789abcdef0123456789abcdefbonus-headline-1', 'Забрать бонус', '🎁']) {
      const hash = murmurHash2Text(text);
      expect(Number.isInteger(hash) && hash >= 0 && hash <= 0xffffffff).toBe(true);
      expect(hash).toBe(murmurHash2(Buffer.from(text, 'utf8')));
    }
  });

  test('every byte counts, the 1–3 left after the 4-byte blocks too', () => {
    for (const text of ['a', 'ab', 'abc', 'abcd', 'abcde', 'abcdef', 'abcdefg']) {
      const changed = `${text.slice(0, -1)}z`;
      expect([text, murmurHash2Text(text)]).not.toEqual([text, murmurHash2Text(changed)]);
    }
    expect(murmurHash2Text('a')).not.toBe(murmurHash2Text('a\u0000'));
  });
});

describe('who is assigned', () => {
  test.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'TelegramBot (like TwitterBot)',
    'WhatsApp/2.23.20.0',
  ])('a crawler or link preview is not: %s', (userAgent) => {
    expect(isCrawler(userAgent)).toBe(true);
  });

  test.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 YaBrowser/24.7 Mobile Safari/537.36',
  ])('a browser is: %s', (userAgent) => {
    expect(isCrawler(userAgent)).toBe(false);
  });

  test('the visitor cookie: promo pages only, a year, first-party, never read by a script', () => {
    expect(visitorCookie('0123456789abcdef0123456789abcdef')).toBe(
      'promo_vid=0123456789abcdef0123456789abcdef; Path=/promo/; Max-Age=31536000; SameSite=Lax; Secure; HttpOnly',
    );
  });
});
