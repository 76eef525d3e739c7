import fc from 'fast-check';
import qs from 'qs';
import { api } from '../../../src/main-site/ajax';
import { serializeQueryParams, type QueryParams } from '../../../src/main-site/query-params';

/** What the client sent before it stopped loading qs for GET calls; the main site must see the same query. */
const viaQs = (params: object) => qs.stringify(params, { arrayFormat: 'indices' });

/** Any Unicode text (no lone surrogates), plus the characters a query string is made of. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({
    unit: fc.constantFrom(' ', '&', '=', '+', '#', '%', '?', '[', ']', '!', "'", '(', ')', '*', '~', 'й', '😀', 'a'),
    maxLength: 12,
  }),
);

const flatValue = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));

describe('serializeQueryParams: the GET query string, as qs wrote it', () => {
  test('matches qs.stringify with arrayFormat indices for any flat params', () => {
    fc.assert(
      fc.property(fc.dictionary(text, flatValue, { maxKeys: 6 }), (params) => {
        expect(serializeQueryParams(params)).toBe(viaQs(params));
      }),
      { numRuns: 1_000 },
    );
  });

  test.each<[string, QueryParams]>([
    ['the GET calls of src/main-site', { type: 'all', need_lang: 1, onlyview: 0, lang_id: 7, timezone: 3 }],
    ['unicode', { q: 'Зенит 😀', ключ: 'é' }],
    ['spaces and query syntax', { 'a b': 'c d', amp: 'x&y', eq: 'x=y', plus: '1+1', hash: '#top', pct: '100%' }],
    ['characters encodeURIComponent spares but qs escapes', { sub: "it's (a) *star*!" }],
    ['empty strings', { '': '', empty: '' }],
    ['numbers and booleans', { zero: 0, negative: -0, fraction: 1.5e-7, nan: Number.NaN, yes: true, no: false }],
    ['nothing', {}],
  ])('matches qs for %s', (_what, params) => {
    expect(serializeQueryParams(params)).toBe(viaQs(params));
  });

  test('leaves undefined out and sends null empty, as qs does', () => {
    const params = { lang_id: 1, skipped: undefined, blank: null, type: 'all' };
    expect(serializeQueryParams(params)).toBe('lang_id=1&blank=&type=all');
    expect(serializeQueryParams(params)).toBe(viaQs(params));
  });

  test.each<[string, unknown]>([
    ['an array', ['a', 'b']],
    ['an object', { promo_id: 1 }],
    ['a date', new Date(0)],
    ['a bigint', BigInt(1)],
  ])('refuses %s rather than send a query qs would have written differently', (_what, value) => {
    expect(() => serializeQueryParams({ lang_id: 1, nested: value } as unknown as QueryParams)).toThrow(
      new TypeError('GET params are written without qs: "nested" must be a string, number or boolean'),
    );
  });

  test('is what the api client builds GET addresses with', () => {
    expect(api.getUri({ url: '/ajax/locale/data', params: { type: 'all', need_lang: 1, note: "a b&c'" } })).toBe(
      '/ajax/locale/data?type=all&need_lang=1&note=a%20b%26c%27',
    );
    expect(() => api.getUri({ url: '/ajax/data/country', params: { lang_id: [1, 2] } })).toThrow(TypeError);
  });
});
