import { sameProps } from '../../../src/runtime/island';

const t = (key: string) => key;
const countries = { countries: [], status: 'done' };

describe('sameProps: when an island skips rendering its root again', () => {
  test('a new object with the same values (the page rendered again) is the same', () => {
    expect(sameProps({ t, countries, brand: 'zenit' }, { t, countries, brand: 'zenit' })).toBe(true);
  });

  test.each([
    ['a value changed', { t, countries, brand: 'zenbet' }],
    ['new data arrived (another object)', { t, countries: { countries: [], status: 'done' }, brand: 'zenit' }],
    ['a key is missing', { t, countries }],
    ['a key is added', { t, countries, brand: 'zenit', promoCode: 'P1' }],
    ['a key is undefined rather than missing', { t, countries, promo: undefined }],
  ])('%s: rendered again', (_case, next) => {
    expect(sameProps({ t, countries, brand: 'zenit' }, next)).toBe(false);
  });
});
