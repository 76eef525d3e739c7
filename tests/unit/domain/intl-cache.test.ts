import { dateTimeFormat, numberFormat, pluralRules } from '../../../src/domain/intl-cache';

test('the same locale and options give the same formatter, so it is made once', () => {
  expect(numberFormat('ru', { minimumIntegerDigits: 2 })).toBe(numberFormat('ru', { minimumIntegerDigits: 2 }));
  expect(dateTimeFormat('de', { hour: '2-digit' })).toBe(dateTimeFormat('de', { hour: '2-digit' }));
  expect(pluralRules('uk')).toBe(pluralRules('uk'));
});

test('other locales or options give their own formatter, formatting as Intl does', () => {
  expect(numberFormat('ru', { minimumIntegerDigits: 2 })).not.toBe(numberFormat('en', { minimumIntegerDigits: 2 }));
  expect(numberFormat('ru', { minimumIntegerDigits: 2 }).format(5)).toBe('05');
  expect(numberFormat('de', { minimumFractionDigits: 2 }).format(1.5)).toBe('1,50');
  expect(numberFormat('en', { minimumFractionDigits: 2 }).format(1.5)).toBe('1.50');
  expect(pluralRules('ru').select(3)).toBe('few');
  expect(pluralRules('en').select(3)).toBe('other');
});
