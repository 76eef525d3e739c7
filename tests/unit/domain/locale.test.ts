import { findCountryByRegion, languageTag, textDirection } from '../../../src/domain/locale';

describe('languageTag (spec 3 "Language to locale", written with BCP 47 casing)', () => {
  test.each([
    ['ar-ae', 'ar-AE'],
    ['bn', 'bn'],
    ['pt-br', 'pt-BR'],
    ['de', 'de'],
    ['en', 'en'],
    ['fr', 'fr'],
    ['fa', 'fa'],
    ['kk', 'kk'],
    ['es-mx', 'es-MX'],
    ['ru', 'ru'],
    ['sw', 'sw'],
    ['tk', 'tk'],
    ['tr', 'tr'],
    ['uk', 'uk'],
    ['uz', 'uz'],
    ['vi', 'vi'],
  ])('spec 3: locale %s is tagged %s', (locale, expected) => {
    expect(languageTag(locale)).toBe(expected);
  });

  test.each([
    ['AR-AE', 'ar-AE'],
    ['Pt-bR', 'pt-BR'],
    ['ES-mx', 'es-MX'],
    ['RU', 'ru'],
  ])('spec 3: casing is normalised: %s → %s', (locale, expected) => {
    expect(languageTag(locale)).toBe(expected);
  });
});

describe('textDirection (spec 9 "Right-to-left: ae, ir")', () => {
  const RTL = ['ae', 'ir'] as const;
  test.each(['ae', 'ir'])('spec 9: %s is right-to-left', (language) => {
    expect(textDirection(language, RTL)).toBe('rtl');
  });
  test.each(['bn', 'br', 'de', 'en', 'fr', 'kz', 'mx', 'ru', 'sw', 'tm', 'tr', 'ua', 'uz', 'vi'])(
    'spec 9: %s is left-to-right',
    (language) => {
      expect(textDirection(language, RTL)).toBe('ltr');
    },
  );
});

describe('findCountryByRegion (spec 3 "Country: code compared in upper case")', () => {
  const countries = [
    { country_id: 643, code: 'ru' },
    { country_id: 124, code: 'CA' },
    { country_id: 50, code: 'Bd' },
    { country_id: 404, code: 'KE' },
  ];

  test.each([
    ['RU', 643],
    ['ru', 643],
    ['CA', 124],
    ['ca', 124],
    ['BD', 50],
    ['bd', 50],
    ['KE', 404],
    ['Ke', 404],
  ])('spec 3: region %s finds country_id %d', (region, id) => {
    expect(findCountryByRegion(countries, region)?.country_id).toBe(id);
  });

  test.each(['VN', 'en', ''])('spec 3: region %p is not in the list', (region) => {
    expect(findCountryByRegion(countries, region)).toBeUndefined();
  });
});
