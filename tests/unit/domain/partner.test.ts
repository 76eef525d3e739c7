import { parsePartnerParams } from '../../../src/domain/partner';

describe('parsePartnerParams: zpartner_uid (spec 4 captured from the URL; spec 5 and 9 partner uid rules)', () => {
  const uid36 = 'abcdefghijklmnopqrstuvwxyz0123456789';

  test.each([
    ['lower-case letters and digits', '?zpartner_uid=abc123', 'abc123'],
    ['digits only', '?zpartner_uid=0042', '0042'],
    ['letters only', '?zpartner_uid=partner', 'partner'],
    ['exactly 36 characters', `?zpartner_uid=${uid36}`, uid36],
    ['alongside other parameters', '?utm_source=x&zpartner_uid=p1&code=ABC', 'p1'],
  ])('spec 5: accepted: %s', (_what, search, expected) => {
    expect(parsePartnerParams(search).partnerUid).toBe(expected);
  });

  test.each([
    ['37 characters', `?zpartner_uid=${uid36}x`],
    ['upper-case letters', '?zpartner_uid=ABC123'],
    ['mixed case', '?zpartner_uid=abcDef'],
    ['a hyphen', '?zpartner_uid=abc-123'],
    ['an underscore', '?zpartner_uid=abc_123'],
    ['a space', '?zpartner_uid=abc%20123'],
    ['markup', '?zpartner_uid=%3Cscript%3E'],
    ['an empty value', '?zpartner_uid='],
    ['no parameter at all', '?code=ABC'],
    ['no query at all', ''],
  ])('spec 5: dropped: %s', (_what, search) => {
    expect(parsePartnerParams(search).partnerUid).toBeNull();
  });

  test.each([
    ['two valid values', '?zpartner_uid=first&zpartner_uid=second', 'second'],
    ['three valid values', '?zpartner_uid=a1&x=1&zpartner_uid=b2&zpartner_uid=c3', 'c3'],
    ['an invalid value before a valid one', '?zpartner_uid=BAD!&zpartner_uid=good', 'good'],
  ])('spec 5: the last occurrence counts: %s', (_what, search, expected) => {
    expect(parsePartnerParams(search).partnerUid).toBe(expected);
  });

  test('spec 5: the last occurrence counts even when it is invalid: it is dropped, the earlier one is not used', () => {
    expect(parsePartnerParams('?zpartner_uid=good&zpartner_uid=BAD').partnerUid).toBeNull();
  });
});

describe('parsePartnerParams: promo code (spec 4 "code, promocode and promo_code"; spec 5 letters and digits only)', () => {
  test.each([
    ['promo_code', '?promo_code=BONUS2024', 'BONUS2024'],
    ['promocode', '?promocode=BONUS2024', 'BONUS2024'],
    ['code', '?code=BONUS2024', 'BONUS2024'],
    ['promo_code with Cyrillic letters', '?promo_code=%D0%91%D0%9E%D0%9D%D0%A3%D0%A1', 'БОНУС'],
    ['code next to a partner uid', '?zpartner_uid=p1&code=FREEBET30', 'FREEBET30'],
  ])('spec 4: a promo code is read from %s', (_what, search, expected) => {
    expect(parsePartnerParams(search).promoCode).toBe(expected);
  });

  test.each([
    ['a hyphen', '?promo_code=BONUS-2024'],
    ['an underscore', '?promocode=BONUS_1'],
    ['a space', '?code=BONUS%202024'],
    ['markup', '?promo_code=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['a parameter injection', '?promo_code=A%26country_id%3D1'],
    ['an empty value', '?promo_code='],
    ['no promo parameter', '?zpartner_uid=p1'],
  ])('spec 5: a promo code with %s is not taken', (_what, search) => {
    expect(parsePartnerParams(search).promoCode).toBeNull();
  });
});
