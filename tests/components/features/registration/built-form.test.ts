/**
 * The built form before its code: the promo code a visitor brought (spec 4) is what they see in the
 * field, unless they typed their own; a form React runs is left to React.
 */
import { showVisitorCode } from '../../../../src/features/registration/built-form';

function builtForm(landingCode: string): HTMLInputElement {
  document.body.innerHTML = `<div data-island="registration"><form><input id="reg-promoCode" name="promo_code" value="${landingCode}"></form></div>`;
  return document.getElementById('reg-promoCode') as HTMLInputElement;
}

test('the brought code replaces the landing’s in the built field', () => {
  const field = builtForm('ZBONUS20K');
  showVisitorCode(document, 'PARTNER7');
  expect(field.value).toBe('PARTNER7');
  // The build's value stays what it was, so the form tells the visitor's from the build's when it comes alive.
  expect(field.defaultValue).toBe('ZBONUS20K');
});

test('a code the visitor typed before the page’s code ran is kept', () => {
  const field = builtForm('ZBONUS20K');
  field.value = 'MYCODE7';
  showVisitorCode(document, 'PARTNER7');
  expect(field.value).toBe('MYCODE7');
});

test('without a brought code the landing’s stays', () => {
  const field = builtForm('ZBONUS20K');
  showVisitorCode(document, null);
  expect(field.value).toBe('ZBONUS20K');
});

test('a form that has come alive is React’s: its field is not written to', () => {
  const field = builtForm('ZBONUS20K');
  document.querySelector('[data-island]')!.setAttribute('data-hydrated', '');
  showVisitorCode(document, 'PARTNER7');
  expect(field.value).toBe('ZBONUS20K');
});
