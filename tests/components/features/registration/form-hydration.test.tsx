/**
 * The registration form taken over from its built HTML while the visitor types: a key that reaches a
 * field after the form read its values, but before React has taken the form over, is still in the
 * field once later data makes the form render again.
 */
import React, { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import RegistrationForm, { type RegistrationFormProps } from '../../../../src/features/registration/RegistrationForm';
import { makeTranslate } from '../../../../src/site/texts';
import { texts } from '../../render';

const RUSSIA = { countryId: 643, code: 'RU', name: 'Россия', phoneCode: '+7' };
const RUBLE = { id: 1, code: 'RUB', label: 'Российский рубль' };

const props: RegistrationFormProps = {
  brand: 'zenit',
  language: 'ru',
  captchaLanguage: 'ru',
  currencyCode: 'RUB',
  region: 'RU',
  defaults: { countries: [RUSSIA], currency: RUBLE },
  askBirthdate: false,
  promoCode: 'ZBONUS30K',
  t: makeTranslate(texts('ru')),
  continueHref: '/m',
  registrationHref: '/m/registration/phone?promo_code=ZBONUS30K',
  countries: { status: 'loading', countries: [], visitorCountry: null },
  account: { status: 'loading', account: null, loggedIn: false },
  visitorPromoCode: null,
};

const phone = () => document.getElementById('reg-phone') as HTMLInputElement;
const password = () => document.getElementById('reg-password') as HTMLInputElement;

/** A key pressed while React is still rendering the rest of the form's root, after the form itself. */
function KeyDuringHydration({ keys }: { keys: { field: () => HTMLInputElement; text: string }[] }) {
  if (typeof document !== 'undefined') for (const { field, text } of keys.splice(0)) field().value += text;
  return null;
}

let container: HTMLElement;
let root: Root | null = null;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

test('keys typed while the form comes alive stay in their fields when the page data makes it render again', async () => {
  const keys = [
    { field: phone, text: '1' },
    { field: password, text: 't' },
  ];
  container.innerHTML = renderToString(
    <>
      <RegistrationForm {...props} />
      <KeyDuringHydration keys={[]} />
    </>,
  );
  phone().value = '+7916';
  password().value = 'secre';
  await act(async () => {
    root = hydrateRoot(
      container,
      <>
        <RegistrationForm {...props} />
        <KeyDuringHydration keys={keys} />
      </>,
    );
  });
  expect(phone().value).toBe('+79161');

  // The main site's answers reach the island as new props: the form renders again with its state.
  const ready = { ...props, countries: { status: 'ready' as const, countries: [RUSSIA], visitorCountry: RUSSIA } };
  await act(async () => root!.render(<RegistrationForm {...ready} />));
  expect(phone().value).toBe('+79161');
  expect(password().value).toBe('secret');
});
