import fc from 'fast-check';
import qs from 'qs';
import { encodeFormFields } from '../../../src/domain/form-encoding';
import { buildTrackingEvent, landingViewDetail } from '../../../src/domain/tracking';

const viaQs = (fields: object) => qs.stringify(fields, { arrayFormat: 'indices' });

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(' ', '&', '=', '+', '#', '%', '[', ']', '!', "'", '(', ')', '*', '~', 'й', '😀', 'a'), maxLength: 10 }),
);
const scalar = fc.oneof(text, fc.integer(), fc.double({ noNaN: false }), fc.boolean(), fc.constant(null), fc.constant(undefined));
/** Keys qs reads back the same way: no brackets of their own inside (the tracking event has none). */
const key = fc.string({ unit: fc.constantFrom('a', 'b', 'z', '_', '-', 'й', ' ', '1'), minLength: 1, maxLength: 6 });
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('tree'), { maxLength: 3 }), fc.dictionary(key, tie('tree'), { maxKeys: 3 })),
}));

describe('encodeFormFields: a form body exactly as qs writes it', () => {
  test('for any nested fields of text, numbers, booleans, null and undefined', () => {
    fc.assert(
      fc.property(fc.dictionary(key, tree, { maxKeys: 4 }), (fields) => {
        expect(encodeFormFields(fields)).toBe(viaQs(fields));
      }),
      { numRuns: 1_000 },
    );
  });

  test('for the tracking event every landing sends (spec 3), nested three levels deep', () => {
    const event = buildTrackingEvent({
      code: 'view_landing',
      detail: landingViewDetail({
        partnerUid: null,
        language: 'ru',
        referrer: 'https://partner.example/?a=1&b=й',
        slug: 'bonus20000',
        brand: 'zenit',
        pageViewId: 'k3j9x2m4q7w5e8r1t6y0',
      }),
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
      host: 'zenit.win',
      now: Date.parse('2026-11-24T10:00:00Z'),
    });
    const fields = { topic: 'landing_events', action: 'view_landing', additional_data: event };
    expect(encodeFormFields(fields)).toBe(viaQs(fields));
    expect(encodeFormFields(fields)).toContain('additional_data%5Bdetail%5D%5Bname%5D=bonus20000');
  });

  test('a date goes as its ISO time, as qs writes it', () => {
    const fields = { at: new Date(Date.UTC(2026, 10, 24, 9, 30)) };
    expect(encodeFormFields(fields)).toBe(viaQs(fields));
  });
});
