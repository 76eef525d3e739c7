/**
 * Spec 4's funnel codes as a visitor goes through a landing's own form: each step sends its event once,
 * in order, all of the view's events share one page-view id (the first-screen script's, which its early
 * view beacon sends too), and no event carries anything the visitor typed. The main site's registration
 * calls are mocked at the src/main-site layer; the tracking POSTs go by the page's fetch to the wire.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import qs from 'qs';
import React from 'react';
import type { AccountData } from '../../../../src/main-site/account';
import type { ApiResult } from '../../../../src/main-site/client';
import { QS_LIMITS } from '../../../../src/main-site/client';
import type { Country } from '../../../../src/features/registration/calls/country';
import { EARLY_GLOBAL, type EarlyWindow } from '../../../../src/early/early-state';
import { AccountProvider, useAccount } from '../../../../src/site/AccountProvider';
import { CountriesProvider, useCountries } from '../../../../src/features/registration/CountriesProvider';
import RegistrationForm from '../../../../src/features/registration/RegistrationForm';
import { REGISTRATION_ID } from '../../../../src/early/open-form';
import { TrackingProvider } from '../../../../src/tracking/TrackingProvider';
import { makeTranslate } from '../../../../src/site/texts';
import { VisitorProvider } from '../../../../src/site/visitor';
import { fetchWire, installFetchWire } from '../../../fixtures/fetch-wire';
import { renderInPage, texts } from '../../render';

/* ------------------------------------------------------------------ the main site and the browser */

type Fn = jest.Mock<Promise<ApiResult<unknown>>, unknown[]>;
const mockApi = {
  checkPromoCode: jest.fn() as Fn,
  checkPhone: jest.fn() as Fn,
  registerByPhone: jest.fn() as Fn,
  registerByEmail: jest.fn() as Fn,
  sendSmsCode: jest.fn() as Fn,
  checkSmsCode: jest.fn() as Fn,
  fetchCountries: jest.fn() as Fn,
  fetchAccountData: jest.fn() as Fn,
};
jest.mock('../../../../src/features/registration/calls/registration', () => ({
  checkPromoCode: (...args: unknown[]) => mockApi.checkPromoCode(...args),
  checkPhone: (...args: unknown[]) => mockApi.checkPhone(...args),
  registerByPhone: (...args: unknown[]) => mockApi.registerByPhone(...args),
  registerByEmail: (...args: unknown[]) => mockApi.registerByEmail(...args),
}));
jest.mock('../../../../src/features/registration/calls/sms', () => ({
  sendSmsCode: (...args: unknown[]) => mockApi.sendSmsCode(...args),
  checkSmsCode: (...args: unknown[]) => mockApi.checkSmsCode(...args),
}));
jest.mock('../../../../src/features/registration/calls/country', () => ({
  fetchCountries: (...args: unknown[]) => mockApi.fetchCountries(...args),
}));
jest.mock('../../../../src/main-site/account', () => ({
  fetchAccountData: (...args: unknown[]) => mockApi.fetchAccountData(...args),
  isLoggedIn: jest.requireActual('../../../../src/main-site/account').isLoggedIn,
}));
// The speed measures have their own tests (web-vitals.test.tsx).
jest.mock('../../../../src/tracking/vitals', () => ({ watchVitals: jest.fn() }));
// The settle delay after load has its own test (idle.test.ts); here "idle" is the browser's idle callback.
jest.mock('../../../../src/runtime/idle', () => ({
  whenIdle: (run: () => void, options?: { timeout?: number }) => {
    const id = window.requestIdleCallback(run, { timeout: options?.timeout });
    return () => window.cancelIdleCallback(id);
  },
}));

const ok = <T,>(data: T): Promise<ApiResult<T>> => Promise.resolve({ ok: true, data });
const RUSSIA: Country = { countryId: 643, code: 'RU', name: 'Россия', phoneCode: '+7' };
const KAZAKHSTAN: Country = { countryId: 398, code: 'KZ', name: 'Казахстан', phoneCode: '+7' };
const ACCOUNT: AccountData = {
  ip: '203.0.113.7',
  timezoneId: 3,
  appId: 'landing',
  appVer: '1',
  sessionId: 'session-1',
  eventSource: 'landing',
  login: null,
  access: false,
  currencies: [
    { id: 1, code: 'RUB', label: 'Российский рубль' },
    { id: 4, code: 'KZT', label: 'Казахстанский тенге' },
  ],
};

const wire = installFetchWire(fetchWire(() => ({ body: { result: true } })));
const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
let idle: IdleRequestCallback[] = [];

function runIdle() {
  const callbacks = idle;
  idle = [];
  act(() => callbacks.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
}

/** jsdom's Blob has no text(). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Every tracking call that left the page, POST or beacon, as the main site receives its body. */
async function trackingBodies(): Promise<string[]> {
  const posts = wire.to('/ajax/kafka/log').map((request) => String(request.body));
  const beacons = await Promise.all(
    sendBeacon.mock.calls.filter(([url]) => url === '/ajax/kafka/log').map(([, body]) => blobText(body as Blob)),
  );
  return [...posts, ...beacons];
}

interface Sent {
  action: string;
  additional_data: { eventCode: string; date: string; detail: Record<string, string> };
}
const decoded = (body: string) => qs.parse(body, QS_LIMITS) as unknown as Sent;

/** Lets mocked answers, dynamic imports and React updates run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/* ------------------------------------------------------------------ the landing */

const EARLY_VIEW_ID = 'k3j9x2m4q7w5e8r1t6y0';
const t = makeTranslate(texts('ru'));

function Page() {
  return (
    <VisitorProvider>
      <CountriesProvider langId={1} region="RU">
        <AccountProvider extraCurrencyId={null}>
          <TrackingProvider brand="zenit" slug="bonus30000" language="ru">
            <section id={REGISTRATION_ID}>
              <FormOfThePage />
            </section>
          </TrackingProvider>
        </AccountProvider>
      </CountriesProvider>
    </VisitorProvider>
  );
}

/** The page's data reaches the form as props, as RegistrationSection hands it to the form's island. */
function FormOfThePage() {
  return (
    <RegistrationForm
      brand="zenit"
      language="ru"
      captchaLanguage="ru"
      currencyCode="RUB"
      region="RU"
      defaults={{
        countries: [
          { countryId: 643, code: 'RU', name: 'Россия', phoneCode: '+7' },
          { countryId: 398, code: 'KZ', name: 'Казахстан', phoneCode: '+7' },
        ],
        currency: { id: 1, code: 'RUB', label: 'российский рубль' },
      }}
      askBirthdate
      promoCode="ZBONUS30K"
      t={t}
      continueHref="/m"
      registrationHref="/m/registration/phone"
      countries={useCountries()}
      account={useAccount()}
      visitorPromoCode={null}
    />
  );
}

const field = (key: string) => screen.getByLabelText(t(key)) as HTMLInputElement | HTMLSelectElement;
const button = (key: string) => screen.getByRole('button', { name: t(key) });

let user: UserEvent;

/** As a visitor does: the focus comes, the value changes, the focus goes (Tab to the next control). */
async function typeInto(key: string, value: string) {
  const control = field(key);
  await user.clear(control);
  await user.type(control, value);
  await user.tab();
  await settle();
}

async function press(element: HTMLElement) {
  await user.click(element);
  await settle();
}

/** Everything the visitor types below, each in a form no event may hold. */
const TYPED = {
  phone: '+7 (900) 765-43-21',
  email: 'quiet.visitor@example.org',
  password: 'Tr0ub4dor&3',
  promoCode: 'MYOWN77CODE',
  birthdate: '1987-11-23',
  sms: '739164',
};
const FORBIDDEN = [...Object.values(TYPED), '79007654321', '9007654321', 'quiet.visitor'];

beforeAll(() => {
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
  window.cancelIdleCallback = jest.fn();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  window.history.replaceState(null, '', '/promo/zenit/ru/bonus30000/');
});

beforeEach(() => {
  user = userEvent.setup();
  idle = [];
  sendBeacon.mockClear();
  wire.clear();
  localStorage.clear();
  // A returning visitor whose imprint the main site has: events need not wait for the fingerprint.
  localStorage.setItem('imprint', 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071');
  localStorage.setItem('imprint_sent', 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071');
  mockApi.checkPromoCode.mockImplementation(() => ok({ promoId: 30 }));
  mockApi.checkPhone.mockImplementation(() => ok({ available: true }));
  mockApi.registerByPhone.mockImplementation(() => ok({ userId: 101, login: 'user101', needSms: true }));
  mockApi.sendSmsCode.mockImplementation(() => ok({ retryAfter: 1 }));
  mockApi.checkSmsCode.mockImplementation(() => ok({ confirmed: true }));
  mockApi.fetchCountries.mockImplementation(() => ok([RUSSIA, KAZAKHSTAN]));
  mockApi.fetchAccountData.mockImplementation(() => ok(ACCOUNT));
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the registration funnel in the tracking', () => {
  test('a visitor types every field and registers: each step once, in order, one view id, nothing typed in any event', async () => {
    // The first-screen script ran for this page: it made the view's id (src/early/early.ts).
    const early = { view: { at: new Date().toISOString(), sent: false }, pageViewId: EARLY_VIEW_ID, islandClicks: [], heldSubmit: null };
    (window as EarlyWindow)[EARLY_GLOBAL] = early as unknown as EarlyWindow[typeof EARLY_GLOBAL];

    renderInPage(<Page />, { language: 'ru' });
    await settle();
    runIdle();
    await settle();

    // By e-mail first: the address is typed, then the visitor goes back to the phone.
    await press(button('reg.byEmail'));
    await typeInto('reg.email', TYPED.email);
    await press(button('reg.byPhone'));
    await user.selectOptions(field('reg.country'), '398');
    await user.selectOptions(field('reg.currency'), '4');
    await typeInto('reg.phone', TYPED.phone);
    await typeInto('reg.password', TYPED.password);
    await typeInto('reg.promoCode', TYPED.promoCode);
    await typeInto('reg.birthdate', TYPED.birthdate);
    // Leaving a field again, and choosing again, sends nothing more.
    await typeInto('reg.phone', TYPED.phone);
    await user.selectOptions(field('reg.country'), '643');

    await press(button('reg.submit'));
    await waitFor(() => expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument());
    await press(button('reg.back'));
    await press(button('reg.submit'));
    await waitFor(() => expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument());
    await waitFor(() => expect(button('reg.smsResend')).toBeEnabled(), { timeout: 3000 });
    await press(button('reg.smsResend'));
    await typeInto('reg.smsCode', TYPED.sms);
    await press(button('reg.smsConfirm'));
    await waitFor(() => expect(screen.getByRole('heading', { name: t('reg.doneTitle') })).toBeInTheDocument());
    await settle();

    // The page is hidden: whatever is still on its way goes by beacon (nothing is, here).
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    const bodies = await trackingBodies();
    const events = bodies.map(decoded);
    expect(events.map((event) => event.action)).toEqual([
      'view_landing',
      'reg_start',
      'entered_char_in_reg',
      'entered_email',
      'chose_country',
      'chose_currency',
      'entered_phone',
      'entered_password',
      'reg_button_enter',
      'back_step',
      'reg_button_enter',
      'sms_code_repeat',
      'sms_code_entered',
      'registration_done',
    ]);
    expect(events.map((event) => event.additional_data.eventCode)).toEqual(events.map((event) => event.action));
    // In the order the visitor acted, each with a time of its own (the view's is when the script saw the page).
    const dates = events.map((event) => Date.parse(event.additional_data.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates[0]).toBe(Date.parse(early.view.at));
    // One view: the id the first-screen script made, on every event.
    expect(new Set(events.map((event) => event.additional_data.detail.pageViewId))).toEqual(new Set([EARLY_VIEW_ID]));
    // The turn to the form came with the focus on the e-mail tab, before the method changed.
    const byEmail = ['entered_char_in_reg', 'entered_email'];
    for (const event of events.slice(1)) {
      expect(event.additional_data.detail).toEqual({
        pageViewId: EARLY_VIEW_ID,
        brand: 'zenit',
        country: 'ru',
        slug: 'bonus30000',
        category: 'sport',
        method: byEmail.includes(event.action) ? 'email' : 'phone',
      });
    }
    // Nothing the visitor typed, in any form, in any body.
    for (const body of bodies) {
      const text = decodeURIComponent(body.replace(/\+/g, ' '));
      for (const typed of FORBIDDEN) expect(text).not.toContain(typed);
    }
    // A whole registration, with a real second's wait before a new code may be asked for.
  }, 30_000);
});

describe('events waiting for the tracker', () => {
  test('a page hidden before the tracker chunk came sends them by beacon, once, with the view and the stored imprint', async () => {
    let trackFunnel!: typeof import('../../../../src/tracking/funnel-events').trackFunnel;
    let beginPageView!: typeof import('../../../../src/tracking/page-view').beginPageView;
    jest.isolateModules(() => {
      // The chunk is still on its way (a slow network).
      jest.doMock('../../../../src/tracking/load-tracker', () => ({
        ...jest.requireActual('../../../../src/tracking/load-tracker'),
        loadTracker: () => new Promise(() => undefined),
      }));
      ({ trackFunnel } = require('../../../../src/tracking/funnel-events'));
      ({ beginPageView } = require('../../../../src/tracking/page-view'));
    });
    const view = beginPageView({ brand: 'cupis', country: 'ru', slug: 'freebet30' });
    trackFunnel('reg_button_enter', 'email');
    expect(sendBeacon).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
      window.dispatchEvent(new Event('pagehide'));
    });
    const sent = (await trackingBodies()).map(decoded);
    expect(sent.map((event) => event.action)).toEqual(['reg_start', 'reg_button_enter']);
    // No first-screen script here: the view's id was made for its first event.
    expect(view.id).toMatch(/^[a-z0-9]{16,32}$/);
    for (const event of sent) {
      expect(event.additional_data.detail).toEqual({
        pageViewId: view.id,
        brand: 'cupis',
        country: 'ru',
        slug: 'freebet30',
        category: 'sport',
        method: 'email',
      });
      expect(event.additional_data).toMatchObject({ additional_data: { imprintHash: 'a3f9c2e14b7d8e6f0a1b2c3d4e5f6071' } });
    }
    expect(wire.to('/ajax/kafka/log')).toEqual([]);
  });
});
