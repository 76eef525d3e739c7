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

// A focus in the form opens the main site's session; this file is about what the fields hold.
jest.mock('../../../../src/features/registration/open-session', () => ({ openSession: jest.fn() }));

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

describe("the main site's dialling code", () => {
  // The page is built for Canada (+1); the main site's list names another code for it (+7).
  const CANADA = { countryId: 124, code: 'CA', name: 'Canada', phoneCode: '+1' };
  const canadaPage: RegistrationFormProps = {
    ...props,
    language: 'en',
    t: makeTranslate(texts('en')),
    region: 'CA',
    defaults: { countries: [CANADA], currency: RUBLE },
  };
  const answered: RegistrationFormProps = {
    ...canadaPage,
    countries: { status: 'ready', countries: [{ ...CANADA, phoneCode: '+7' }], visitorCountry: null },
  };

  async function comeAlive(beforeCode: () => void = () => undefined) {
    container.innerHTML = renderToString(<RegistrationForm {...canadaPage} />);
    expect(phone().value).toBe('+1');
    beforeCode();
    await act(async () => {
      root = hydrateRoot(container, <RegistrationForm {...canadaPage} />);
    });
  }
  const answer = () => act(async () => root!.render(<RegistrationForm {...answered} />));

  test('goes into a phone field the visitor has not been in', async () => {
    await comeAlive();
    await answer();
    expect(phone().value).toBe('+7');
  });

  test('leaves alone a phone field the visitor focused before the form came alive', async () => {
    await comeAlive(() => phone().focus());
    await answer();
    expect(phone().value).toBe('+1');
    expect(document.activeElement).toBe(phone());
  });

  test('leaves alone a phone field the visitor focused and left again', async () => {
    await comeAlive();
    act(() => phone().focus());
    act(() => phone().blur());
    await answer();
    expect(phone().value).toBe('+1');
  });

  test('keeps the selection the visitor made in the phone field', async () => {
    await comeAlive(() => {
      phone().focus();
      phone().setSelectionRange(0, 2);
    });
    await answer();
    expect([phone().value, phone().selectionStart, phone().selectionEnd]).toEqual(['+1', 0, 2]);
  });

  test('leaves alone a phone field holding a selection made before the form came alive, focus gone since', async () => {
    await comeAlive(() => {
      phone().setSelectionRange(0, 2);
      expect(document.activeElement).not.toBe(phone());
    });
    await answer();
    expect([phone().value, phone().selectionStart, phone().selectionEnd]).toEqual(['+1', 0, 2]);
  });
});
