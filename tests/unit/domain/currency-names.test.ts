import { currencyName, currencyNamesById } from '../../../src/domain/currency-names';

describe('a currency as a menu names it, in the page language', () => {
  test.each([
    ['ru', 'RUB', 'Российский рубль'],
    ['fr', 'EUR', 'Euro'],
    ['es-MX', 'MXN', 'Peso mexicano'],
    ['kk', 'KZT', 'Қазақстан теңгесі'],
    ['ar-AE', 'AED', 'درهم إماراتي'],
    ['tr', 'TRY', 'Türk lirası'],
  ])('%s %s: %s', (locale, code, name) => {
    expect(currencyName(locale, code)).toBe(name);
  });

  test('a code the locale data does not know is shown as the code', () => {
    expect(currencyName('ru', 'XYZ')).toBe('XYZ');
  });

  test('the main site ids keep their keys', () => {
    expect(currencyNamesById('de', { 1: 'RUB', 3: 'EUR' })).toEqual({ '1': 'Russischer Rubel', '3': 'Euro' });
  });
});
