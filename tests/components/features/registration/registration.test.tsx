/**
 * Spec 4, 5, 7, 8: the registration funnel as a visitor uses it. The main site's calls are mocked at
 * the src/main-site layer; what is asserted is what the funnel hands to them and what the visitor reads,
 * in the page language (texts from data/i18n).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import React from 'react';
import type { AccountData, Currency } from '../../../../src/main-site/account';
import type { ApiError, ApiResult } from '../../../../src/main-site/client';
import { serverErrorOf } from '../../../../src/main-site/contract';
import type { Country } from '../../../../src/features/registration/calls/country';
import type { RegistrationForm as RegistrationPayload } from '../../../../src/features/registration/calls/registration';
import { AccountProvider, useAccount } from '../../../../src/site/AccountProvider';
import { CountriesProvider, useCountries } from '../../../../src/features/registration/CountriesProvider';
import RegistrationForm from '../../../../src/features/registration/RegistrationForm';
import { RegistrationSection } from '../../../../src/features/registration/RegistrationSection';
import { resetAccountData } from '../../../../src/site/account-data';
import type { RegistrationDefaults } from '../../../../src/domain/page-context';
import { makeTranslate, type Translate } from '../../../../src/site/texts';
import { renderInPage, texts } from '../../render';

/* ------------------------------------------------------------------ mocks of the main site's calls */

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
/** The order in which the funnel called the main site. */
const mockLog: string[] = [];
/** A function declaration, so the hoisted jest.mock factories can name it before this line runs. */
function mockLogged(name: keyof typeof mockApi) {
  return (...args: unknown[]) => {
    mockLog.push(name);
    return mockApi[name](...args);
  };
}

jest.mock('../../../../src/features/registration/calls/registration', () => ({
  checkPromoCode: mockLogged('checkPromoCode'),
  checkPhone: mockLogged('checkPhone'),
  registerByPhone: mockLogged('registerByPhone'),
  registerByEmail: mockLogged('registerByEmail'),
}));
jest.mock('../../../../src/features/registration/calls/sms', () => ({
  sendSmsCode: mockLogged('sendSmsCode'),
  checkSmsCode: mockLogged('checkSmsCode'),
}));
jest.mock('../../../../src/features/registration/calls/country', () => ({
  fetchCountries: (...args: unknown[]) => mockApi.fetchCountries(...args),
}));
jest.mock('../../../../src/main-site/account', () => ({
  fetchAccountData: (...args: unknown[]) => mockApi.fetchAccountData(...args),
  isLoggedIn: jest.requireActual('../../../../src/main-site/account').isLoggedIn,
}));
/**
 * The real captcha constants, except that every time the funnel takes the development token it is
 * counted: v3 tokens are single-use, so each registration call must ask for its own.
 */
jest.mock('../../../../src/domain/captcha', () => {
  const actual = jest.requireActual('../../../../src/domain/captcha');
  const counter = { reads: 0 };
  const mocked = { ...actual, tokenReads: () => counter.reads };
  Object.defineProperty(mocked, 'LOCAL_DEVELOPMENT_TOKEN', {
    enumerable: true,
    get: () => {
      counter.reads += 1;
      return actual.LOCAL_DEVELOPMENT_TOKEN;
    },
  });
  return mocked;
});

const DEV_TOKEN: string = jest.requireActual('../../../../src/domain/captcha').LOCAL_DEVELOPMENT_TOKEN;
const tokenReads = (): number => jest.requireMock('../../../../src/domain/captcha').tokenReads();

/* ------------------------------------------------------------------ fixtures */

const RUSSIA: Country = { countryId: 643, code: 'RU', name: 'Россия', phoneCode: '+7' };
const KAZAKHSTAN: Country = { countryId: 398, code: 'KZ', name: 'Казахстан', phoneCode: '+7' };
const CURRENCIES: Currency[] = [
  { id: 1, code: 'RUB', label: 'Российский рубль' },
  { id: 2, code: 'USD', label: 'Доллар США' },
  { id: 4, code: 'KZT', label: 'Казахстанский тенге' },
];
/** What the build gives the form (tables/registration-defaults.ts): the brand's countries and the page's currency. */
const BUILT_CURRENCIES: Record<string, RegistrationDefaults['currency']> = {
  RUB: { id: 1, code: 'RUB', label: 'российский рубль' },
  KZT: { id: 4, code: 'KZT', label: 'казахстанский тенге' },
  USD: { id: 2, code: 'USD', label: 'доллар США' },
};
const defaultsFor = (currencyCode: string): RegistrationDefaults => ({
  countries: [
    { countryId: 643, code: 'RU', name: 'Россия', phoneCode: '+7' },
    { countryId: 398, code: 'KZ', name: 'Казахстан', phoneCode: '+7' },
    { countryId: 804, code: 'UA', name: 'Украина', phoneCode: '+380' },
  ],
  currency: BUILT_CURRENCIES[currencyCode],
});
const DEFAULTS = defaultsFor('RUB');
const account = (access = false): AccountData => ({
  ip: '203.0.113.7',
  timezoneId: 3,
  appId: 'landing',
  appVer: '1',
  sessionId: 'session-1',
  eventSource: 'landing',
  login: access ? 'user1' : null,
  access,
  currencies: CURRENCIES,
});

const PROMO = 'ZBONUS30K';
const CONTINUE_HREF = '/m?promo_code=ZBONUS30K&country_id=643&lang_id=1&sourceScreen=landing';
const TYPED_PHONE = '+7 (900) 123-45-67';
const PHONE = '+79001234567';
const PASSWORD = 'secret1';
/** As a visitor types it; the main site gets it as BIRTHDATE_SENT. */
const BIRTHDATE = '17.05.1990';
const BIRTHDATE_SENT = '1990-05-17';

const ok = <T,>(data: T): Promise<ApiResult<T>> => Promise.resolve({ ok: true, data });
const failed = (error: ApiError): Promise<ApiResult<never>> => Promise.resolve({ ok: false, error });
/** What the api layer hands back when the main site answers with its error envelope (spec 8). */
const serverError = (status: number, error: Record<string, unknown>): ApiError => {
  const body = { error: { message: 'English text from the main site', ...error } };
  return { kind: 'http', status, message: `Request failed with status code ${status}`, body, server: serverErrorOf(body) };
};
const TIMEOUT: ApiError = { kind: 'timeout', message: 'timeout of 15000ms exceeded', server: null };
const NETWORK: ApiError = { kind: 'network', message: 'Network Error', server: null };

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function answerEverythingWell() {
  mockApi.checkPromoCode.mockImplementation(() => ok({ promoId: 30 }));
  mockApi.checkPhone.mockImplementation(() => ok({ available: true }));
  mockApi.registerByPhone.mockImplementation(() => ok({ userId: 101, login: 'user101', needSms: true }));
  mockApi.registerByEmail.mockImplementation(() => ok({ userId: 102, login: 'user102', confirmEmail: true }));
  mockApi.sendSmsCode.mockImplementation(() => ok({ retryAfter: 30 }));
  mockApi.checkSmsCode.mockImplementation(() => ok({ confirmed: true }));
  mockApi.fetchCountries.mockImplementation(() => ok([RUSSIA, KAZAKHSTAN]));
  mockApi.fetchAccountData.mockImplementation(() => ok(account()));
}

let user: UserEvent;

beforeEach(() => {
  user = userEvent.setup();
  for (const fn of Object.values(mockApi)) fn.mockReset();
  mockLog.length = 0;
  window.localStorage.clear();
  // Account data is fetched once per page load and shared: every test is a new page load.
  resetAccountData();
  answerEverythingWell();
  // The api layer logs failures; the funnel itself is what is under test here.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/* ------------------------------------------------------------------ rendering and helpers */

interface PageOptions {
  language?: string;
  locale?: string;
  langId?: number;
  region?: string;
  currencyCode?: string;
  askBirthdate?: boolean;
  promoCode?: string;
}

let t: Translate;

const REGISTRATION_HREF = '/m/registration/phone?promo_code=ZBONUS30K&country_id=643&lang_id=1&sourceScreen=landing';

/** The page's data reaches the form as props, as RegistrationSection hands it to the form's island. */
function FormInPage(props: Omit<React.ComponentProps<typeof RegistrationForm>, 'countries' | 'account' | 'visitorPromoCode'>) {
  return <RegistrationForm {...props} countries={useCountries()} account={useAccount()} visitorPromoCode={null} />;
}

function renderForm({
  language = 'ru',
  locale = 'ru',
  langId = 1,
  region = 'RU',
  currencyCode = 'RUB',
  askBirthdate = true,
  promoCode = PROMO,
}: PageOptions = {}) {
  t = makeTranslate(texts(language));
  return renderInPage(
    <CountriesProvider langId={langId} region={region}>
      <AccountProvider extraCurrencyId={null}>
        <FormInPage
          brand="zenit"
          language={language}
          captchaLanguage={locale}
          currencyCode={currencyCode}
          region={region}
          defaults={defaultsFor(currencyCode)}
          askBirthdate={askBirthdate}
          promoCode={promoCode}
          t={t}
          continueHref={CONTINUE_HREF}
          registrationHref={REGISTRATION_HREF}
        />
      </AccountProvider>
    </CountriesProvider>,
    { language },
  );
}

/** Lets mocked answers, dynamic imports and React updates run, without moving any clock. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 60; i += 1) await Promise.resolve();
  });
}

/** Moves fake timers and lets whatever they started finish. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
}

async function renderReadyForm(options?: PageOptions) {
  const view = renderForm(options);
  await settle();
  return view;
}

const field = (key: string) => screen.getByLabelText(t(key)) as HTMLInputElement | HTMLSelectElement;
/** The visitor empties the field and types the value in. */
async function type(key: string, value: string) {
  const control = field(key);
  await user.clear(control);
  if (value) await user.type(control, value);
}
const submitButton = () => screen.getByRole('button', { name: t('reg.submit') });

async function click(element: HTMLElement) {
  // In act, as settle() is: the calls a click starts go on while user-event waits between its events, and under
  // fake timers React would otherwise hold their renders until the clock moves.
  await act(async () => user.click(element));
  await settle();
}

async function fillPhoneForm() {
  await type('reg.phone', TYPED_PHONE);
  await type('reg.password', PASSWORD);
  await type('reg.birthdate', BIRTHDATE);
}

/** Every value the visitor gave is still in its control. */
function expectPhoneFormKept() {
  expect(field('reg.country')).toHaveValue('643');
  expect(field('reg.currency')).toHaveValue('1');
  expect(field('reg.phone')).toHaveValue(TYPED_PHONE);
  expect(field('reg.password')).toHaveValue(PASSWORD);
  expect(field('reg.promoCode')).toHaveValue(PROMO);
  expect(field('reg.birthdate')).toHaveValue(BIRTHDATE);
}

/** The message is shown as the named control's error: marked invalid and described by the message. */
function expectFieldError(key: string, message: string) {
  const control = field(key);
  expect(control).toHaveAttribute('aria-invalid', 'true');
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const messages = ids.map((id) => document.getElementById(id)?.textContent);
  expect(messages).toContain(message);
  expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
}

function expectFieldValid(key: string) {
  expect(field(key)).toHaveAttribute('aria-invalid', 'false');
}

/** A form-level message: the alert that belongs to no field. */
function formAlert(): HTMLElement {
  const alerts = screen.getAllByRole('alert').filter((alert) => !alert.id.endsWith('-error'));
  expect(alerts).toHaveLength(1);
  return alerts[0];
}

/** Matches a text of the page with any number in place of {name}. */
function anyNumber(key: string, name: string): RegExp {
  const escaped = t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(`\\{${name}\\}`, '\\d+')}$`);
}

const expectedPhonePayload = (): RegistrationPayload => ({
  countryId: 643,
  currencyId: 1,
  password: PASSWORD,
  promoCode: PROMO,
  birthdate: BIRTHDATE_SENT,
  phone: PHONE,
  captchaToken: DEV_TOKEN,
});

const apiCalls = () => mockLog.filter((name) => name !== 'fetchCountries' && name !== 'fetchAccountData');

async function reachSmsStep() {
  await renderReadyForm();
  await fillPhoneForm();
  await click(submitButton());
  expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
}

/* ------------------------------------------------------------------ 1. prefilled form */

describe('what the form starts with', () => {
  test('Russian page: Russia and roubles chosen, phone starts with +7, the promo code is in, birth date asked', async () => {
    await renderReadyForm();
    expect(mockApi.fetchCountries).toHaveBeenCalledWith(1, expect.any(AbortSignal));
    const country = field('reg.country') as HTMLSelectElement;
    expect(country).toHaveValue('643');
    expect(country.selectedOptions[0].textContent).toMatch(/Росси/);
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['', '643', '398']);
    const currency = field('reg.currency') as HTMLSelectElement;
    expect(currency).toHaveValue('1');
    // The page's currency keeps the build's name in the page language; the main site's stands for the others.
    expect(currency).toHaveDisplayValue('российский рубль');
    // The others come with the account's answer, which the page takes up just after its first effects.
    await waitFor(() =>
      expect(
        within(currency)
          .getAllByRole('option')
          .map((option) => (option as HTMLOptionElement).value),
      ).toEqual(['', '1', '2', '4']),
    );
    expect(field('reg.phone')).toHaveValue('+7');
    expect(field('reg.promoCode')).toHaveValue(PROMO);
    expect(field('reg.password')).toHaveValue('');
    // Typed on the number pad, in the order the hint under it names.
    expect(field('reg.birthdate')).toHaveAttribute('inputmode', 'numeric');
    expect(field('reg.birthdate')).toHaveAccessibleDescription(t('reg.birthdateHint'));
    expect(t('reg.birthdateHint')).toBe('День, месяц, год — например, 31.12.1990');
    expect(screen.getByRole('button', { name: t('reg.byPhone') })).toHaveAttribute('aria-pressed', 'true');
    expect(submitButton()).toBeEnabled();
  });

  test('without askBirthdate there is no birth date field', async () => {
    await renderReadyForm({ askBirthdate: false });
    expect(screen.queryByLabelText(t('reg.birthdate'))).not.toBeInTheDocument();
    expect(field('reg.phone')).toHaveValue('+7');
  });

  test('Kazakh page: Kazakhstan and tenge chosen, in the page language', async () => {
    await renderReadyForm({ language: 'kz', locale: 'kk', region: 'KZ', currencyCode: 'KZT' });
    expect(field('reg.country')).toHaveValue('398');
    expect(field('reg.currency')).toHaveValue('4');
    expect(field('reg.phone')).toHaveValue('+7');
  });

  test('Arabic page: the countries and currencies the main site names in Russian read in Arabic once the page names are there', async () => {
    const requested: string[] = [];
    const names = { regions: { RU: 'روسيا', KZ: 'كازاخستان' }, currencies: { '1': 'روبل روسي', '2': 'دولار أمريكي' } };
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = jest.fn((url: RequestInfo | URL) => {
      requested.push(String(url));
      return Promise.resolve({ ok: true, json: () => Promise.resolve(names) } as Response);
    }) as typeof fetch;
    try {
      await renderReadyForm({ language: 'ae', locale: 'ar-AE', region: 'AE', currencyCode: 'USD' });
      expect(requested).toEqual(['/promo/names/ae.json']);
      const optionTexts = (key: string) =>
        within(field(key) as HTMLSelectElement)
          .getAllByRole('option')
          .map((option) => option.textContent);
      expect(optionTexts('reg.currency')).toEqual(['', 'روبل روسي', 'دولار أمريكي', 'Казахстанский тенге']);
      expect(optionTexts('reg.country')).toEqual(['', 'روسيا', 'كازاخستان']);
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });

  test('a names file that is not what the build writes names nothing: the main site names stand', async () => {
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = jest.fn(() =>
      Promise.resolve({ ok: true, json: () => Promise.resolve({ RU: 'Rusia' }) } as Response),
    ) as typeof fetch;
    try {
      await renderReadyForm();
      expect(within(field('reg.currency') as HTMLSelectElement).getByRole('option', { name: 'Доллар США' })).toBeInTheDocument();
      expect((field('reg.country') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Россия');
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });

  test('a value typed before the lists arrive is not overwritten by the prefill', async () => {
    let answer!: (result: ApiResult<Country[]>) => void;
    mockApi.fetchCountries.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderForm();
    await settle();
    await type('reg.phone', '+7 916');
    answer({ ok: true, data: [RUSSIA, KAZAKHSTAN] });
    await settle();
    expect(field('reg.phone')).toHaveValue('+7 916');
    expect(field('reg.country')).toHaveValue('643');
  });
});

/* ------------------------------------------------------------------ 2. validation before any call */

describe('checks before anything is sent (spec 5)', () => {
  test('empty phone and short password: messages next to the fields, in Russian, nothing sent', async () => {
    await renderReadyForm();
    await type('reg.phone', '');
    await type('reg.password', 'abc');
    await type('reg.birthdate', BIRTHDATE);
    await click(submitButton());
    expectFieldError('reg.phone', t('error.required'));
    expect(field('reg.phone')).toHaveAttribute('aria-describedby', 'reg-phone-error');
    expectFieldError('reg.password', t('error.minLength', { min: 6 }));
    expect(t('error.minLength', { min: 6 })).toContain('6');
    expectFieldValid('reg.promoCode');
    expect(apiCalls()).toEqual([]);
  });

  test('a password starting with a dot is refused', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    await type('reg.password', '.secret1');
    await click(submitButton());
    expectFieldError('reg.password', t('error.password'));
    expectFieldValid('reg.phone');
    expect(apiCalls()).toEqual([]);
  });

  test('a bad e-mail on the e-mail tab is refused', async () => {
    await renderReadyForm();
    await click(screen.getByRole('button', { name: t('reg.byEmail') }));
    expect(screen.queryByLabelText(t('reg.phone'))).not.toBeInTheDocument();
    await type('reg.email', 'ivan@example');
    await type('reg.password', PASSWORD);
    await type('reg.birthdate', BIRTHDATE);
    await click(submitButton());
    expectFieldError('reg.email', t('error.emailCps'));
    expect(apiCalls()).toEqual([]);
  });

  test('the messages follow the page language (English page)', async () => {
    await renderReadyForm({ language: 'en', locale: 'en', langId: 2, region: 'CA', currencyCode: 'USD' });
    await type('reg.phone', '');
    await type('reg.password', '12');
    await click(submitButton());
    expectFieldError('reg.phone', t('error.required'));
    expectFieldError('reg.password', t('error.minLength', { min: 6 }));
    expect(t('error.required')).not.toBe(makeTranslate(texts('ru'))('error.required'));
    expect(apiCalls()).toEqual([]);
  });

  test('fixing a field takes its message away', async () => {
    await renderReadyForm();
    await type('reg.password', 'abc');
    await click(submitButton());
    expectFieldError('reg.password', t('error.minLength', { min: 6 }));
    await type('reg.password', PASSWORD);
    expect(screen.queryByText(t('error.minLength', { min: 6 }))).not.toBeInTheDocument();
    expectFieldValid('reg.password');
  });
});

/* ------------------------------------------------------------------ 3. the whole phone funnel */

describe('registration by phone (spec 4 sequence)', () => {
  test('promo check, check_phone, register_v2, sms/send; then the SMS code; then done', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    expect(window.localStorage.getItem('logged_in')).toBeNull();

    const readsBefore = tokenReads();
    let readsAtCheck = -1;
    let readsAtRegister = -1;
    mockApi.checkPhone.mockImplementation(() => {
      readsAtCheck = tokenReads();
      return ok({ available: true });
    });
    mockApi.registerByPhone.mockImplementation(() => {
      readsAtRegister = tokenReads();
      expect(window.localStorage.getItem('logged_in')).toBeNull();
      return ok({ userId: 101, login: 'user101', needSms: true });
    });

    await click(submitButton());

    expect(apiCalls()).toEqual(['checkPromoCode', 'checkPhone', 'registerByPhone', 'sendSmsCode']);
    expect(mockApi.checkPromoCode.mock.calls).toEqual([[PROMO, 'zenit']]);
    expect(mockApi.checkPhone.mock.calls).toStrictEqual([[expectedPhonePayload()]]);
    expect(mockApi.registerByPhone.mock.calls).toStrictEqual([[expectedPhonePayload()]]);
    expect(mockApi.sendSmsCode.mock.calls).toEqual([[]]);
    // One fresh captcha token for check_phone, another for register_v2.
    expect(readsAtCheck - readsBefore).toBe(1);
    expect(readsAtRegister - readsBefore).toBe(2);
    expect(window.localStorage.getItem('logged_in')).toBe('1');

    // The SMS step names the phone the code went to.
    expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
    expect(screen.getByText(t('reg.smsSent', { phone: PHONE }))).toBeInTheDocument();

    // A wrong code: the main site says so, the visitor can correct it.
    mockApi.checkSmsCode.mockImplementationOnce(() => failed(serverError(422, { code: 'sms_code_invalid', field: 'code' })));
    await type('reg.smsCode', '0000');
    await click(screen.getByRole('button', { name: t('reg.smsConfirm') }));
    expectFieldError('reg.smsCode', t('error.smsCode'));
    const code = field('reg.smsCode');
    expect(code).toBeEnabled();
    await user.click(code);
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: t('reg.smsConfirm') })).toBeEnabled();

    // The right code: done.
    await type('reg.smsCode', '1234');
    expect(screen.queryByText(t('error.smsCode'))).not.toBeInTheDocument();
    await click(screen.getByRole('button', { name: t('reg.smsConfirm') }));
    expect(mockApi.checkSmsCode.mock.calls).toEqual([['0000'], ['1234']]);
    const done = screen.getByRole('status');
    expect(within(done).getByRole('heading', { name: t('reg.doneTitle') })).toBeInTheDocument();
    expect(within(done).getByText(t('reg.done'))).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: t('reg.continue') })).toHaveAttribute('href', CONTINUE_HREF);
    expect(apiCalls()).toEqual(['checkPromoCode', 'checkPhone', 'registerByPhone', 'sendSmsCode', 'checkSmsCode', 'checkSmsCode']);
  });

  test('without a promo code nothing is checked for it and none is sent; without askBirthdate no birth date', async () => {
    await renderReadyForm({ promoCode: '', askBirthdate: false });
    await type('reg.phone', TYPED_PHONE);
    await type('reg.password', PASSWORD);
    await click(submitButton());
    expect(apiCalls()).toEqual(['checkPhone', 'registerByPhone', 'sendSmsCode']);
    const payload = mockApi.registerByPhone.mock.calls[0][0] as RegistrationPayload;
    expect(payload).toEqual({ countryId: 643, currencyId: 1, password: PASSWORD, phone: PHONE, captchaToken: DEV_TOKEN });
    expect(payload.promoCode).toBeUndefined();
    expect(payload.birthdate).toBeUndefined();
  });

  test('a birth date typed without dots is sent as the same day; a day that does not exist is refused', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    await type('reg.birthdate', '31021990');
    await click(submitButton());
    expectFieldError('reg.birthdate', t('error.birthdate'));
    expect(field('reg.birthdate')).toHaveValue('31021990');
    expect(apiCalls()).toEqual([]);
    await type('reg.birthdate', '17051990');
    await click(submitButton());
    expect(mockApi.registerByPhone.mock.calls[0][0]).toMatchObject({ birthdate: BIRTHDATE_SENT });
  });

  test('the chosen country and currency are the ones sent', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    await user.selectOptions(field('reg.country'), '398');
    await user.selectOptions(field('reg.currency'), '4');
    await click(submitButton());
    expect(mockApi.registerByPhone.mock.calls[0][0]).toMatchObject({ countryId: 398, currencyId: 4 });
  });
});

/* ------------------------------------------------------------------ 4. e-mail funnel */

describe('registration by e-mail', () => {
  test('registerByEmail gets the address and no phone at all; done names the address', async () => {
    await renderReadyForm({ askBirthdate: false });
    await click(screen.getByRole('button', { name: t('reg.byEmail') }));
    expect(screen.getByRole('button', { name: t('reg.byEmail') })).toHaveAttribute('aria-pressed', 'true');
    await type('reg.email', 'ivan.petrov@example.com');
    await type('reg.password', PASSWORD);
    await click(submitButton());

    expect(apiCalls()).toEqual(['checkPromoCode', 'registerByEmail']);
    const payload = mockApi.registerByEmail.mock.calls[0][0] as RegistrationPayload;
    expect(payload).toEqual({
      countryId: 643,
      currencyId: 1,
      password: PASSWORD,
      promoCode: PROMO,
      email: 'ivan.petrov@example.com',
      captchaToken: DEV_TOKEN,
    });
    expect(payload).not.toHaveProperty('phone');
    expect(window.localStorage.getItem('logged_in')).toBe('1');

    const done = screen.getByRole('status');
    expect(within(done).getByRole('heading', { name: t('reg.doneTitle') })).toBeInTheDocument();
    expect(within(done).getByText(t('reg.doneEmail', { email: 'ivan.petrov@example.com' }))).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: t('reg.continue') })).toHaveAttribute('href', CONTINUE_HREF);
  });

  test('email_taken is shown at the e-mail field and the values stay', async () => {
    await renderReadyForm({ askBirthdate: false });
    await click(screen.getByRole('button', { name: t('reg.byEmail') }));
    await type('reg.email', 'taken@example.com');
    await type('reg.password', PASSWORD);
    mockApi.registerByEmail.mockImplementationOnce(() => failed(serverError(409, { code: 'email_taken', field: 'email' })));
    await click(submitButton());
    expectFieldError('reg.email', t('error.emailTaken'));
    expect(field('reg.email')).toHaveValue('taken@example.com');
    expect(field('reg.password')).toHaveValue(PASSWORD);
    expect(window.localStorage.getItem('logged_in')).toBeNull();
  });
});

/* ------------------------------------------------------------------ 5. failures keep the values */

describe('every failure keeps what was typed and lets the visitor try again (spec 8)', () => {
  const cases: Array<{ name: string; at: keyof typeof mockApi; error: ApiError; place: 'phone' | 'form'; key: string }> = [
    {
      name: 'phone_taken from check_phone',
      at: 'checkPhone',
      error: serverError(409, { code: 'phone_taken', field: 'phone' }),
      place: 'phone',
      key: 'error.phoneTaken',
    },
    { name: 'a timeout at register_v2', at: 'registerByPhone', error: TIMEOUT, place: 'form', key: 'error.timeout' },
    { name: 'a timeout at check_phone', at: 'checkPhone', error: TIMEOUT, place: 'form', key: 'error.timeout' },
    { name: 'no network at the promo check', at: 'checkPromoCode', error: NETWORK, place: 'form', key: 'error.network' },
    { name: 'no network at register_v2', at: 'registerByPhone', error: NETWORK, place: 'form', key: 'error.network' },
    {
      name: 'captcha_failed from check_phone',
      at: 'checkPhone',
      error: serverError(403, { code: 'captcha_failed' }),
      place: 'form',
      key: 'error.captcha',
    },
    {
      name: 'captcha_failed from register_v2',
      at: 'registerByPhone',
      error: serverError(403, { code: 'captcha_failed' }),
      place: 'form',
      key: 'error.captcha',
    },
  ];

  test.each(cases)('$name', async ({ at, error, place, key }) => {
    await renderReadyForm();
    await fillPhoneForm();
    mockApi[at].mockImplementationOnce(() => failed(error));
    await click(submitButton());

    if (place === 'phone') {
      expectFieldError('reg.phone', t(key));
    } else {
      expect(formAlert()).toHaveTextContent(t(key));
    }
    expect(screen.queryByRole('heading', { name: t('reg.smsTitle') })).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expectPhoneFormKept();
    expect(mockApi.sendSmsCode).not.toHaveBeenCalled();
    if (at !== 'registerByPhone') expect(mockApi.registerByPhone).not.toHaveBeenCalled();

    await click(submitButton());
    expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
    expect(mockApi[at]).toHaveBeenCalledTimes(2);
    expect(mockApi.registerByPhone.mock.calls.at(-1)).toStrictEqual([expectedPhonePayload()]);
    expect(mockApi.sendSmsCode).toHaveBeenCalledTimes(1);
  });

  test("a new attempt shows its own message only: the main site's verdict on the attempt before goes", async () => {
    await renderReadyForm();
    await fillPhoneForm();
    mockApi.checkPhone.mockImplementationOnce(() => failed(serverError(409, { code: 'phone_taken', field: 'phone' })));
    await click(submitButton());
    expectFieldError('reg.phone', t('error.phoneTaken'));

    // Sent again unchanged: check_phone takes the phone this time, register_v2 times out.
    mockApi.registerByPhone.mockImplementationOnce(() => failed(TIMEOUT));
    await click(submitButton());
    expect(formAlert()).toHaveTextContent(t('error.timeout'));
    expect(screen.queryByText(t('error.phoneTaken'))).not.toBeInTheDocument();
    expectFieldValid('reg.phone');
    expectPhoneFormKept();

    // And after a success, the form the visitor comes back to says nothing is wrong.
    await click(submitButton());
    await click(screen.getByRole('button', { name: t('reg.back') }));
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expectPhoneFormKept();
  });

  test('a message for a field the page does not ask for is shown at the form', async () => {
    await renderReadyForm({ askBirthdate: false });
    await type('reg.phone', TYPED_PHONE);
    await type('reg.password', PASSWORD);
    mockApi.registerByPhone.mockImplementationOnce(() => failed(serverError(422, { code: 'too_young', field: 'birthdate' })));
    await click(submitButton());
    expect(formAlert()).toHaveTextContent(t('error.tooYoung'));
    expect(field('reg.phone')).toHaveValue(TYPED_PHONE);
    expect(field('reg.password')).toHaveValue(PASSWORD);
  });

  test('a form-level message goes away once the visitor changes something', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    mockApi.checkPhone.mockImplementationOnce(() => failed(NETWORK));
    await click(submitButton());
    expect(formAlert()).toHaveTextContent(t('error.network'));
    await type('reg.password', 'secret2');
    expect(screen.queryByText(t('error.network'))).not.toBeInTheDocument();
  });

  test('promo_code_invalid: shown at the promo field, the same code is not sent again, a new one is', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    mockApi.checkPromoCode.mockImplementationOnce(() => failed(serverError(422, { code: 'promo_code_invalid', field: 'promo_code' })));
    await click(submitButton());
    expectFieldError('reg.promoCode', t('error.promo_code'));
    expectPhoneFormKept();
    expect(apiCalls()).toEqual(['checkPromoCode']);

    // Same code again: refused here, by the promo_code rule, without asking the main site.
    await click(submitButton());
    expectFieldError('reg.promoCode', t('error.promo_code'));
    expect(apiCalls()).toEqual(['checkPromoCode']);
    expectPhoneFormKept();

    // Another code: the message goes at once, and the funnel goes on with it.
    await type('reg.promoCode', 'ZBONUS35K');
    expect(screen.queryByText(t('error.promo_code'))).not.toBeInTheDocument();
    expectFieldValid('reg.promoCode');
    await click(submitButton());
    expect(mockApi.checkPromoCode.mock.calls).toEqual([
      [PROMO, 'zenit'],
      ['ZBONUS35K', 'zenit'],
    ]);
    expect(mockApi.registerByPhone.mock.calls[0][0]).toMatchObject({ promoCode: 'ZBONUS35K' });
    expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
  });

  test('a removed promo code lets the visitor register without one', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    mockApi.checkPromoCode.mockImplementationOnce(() => failed(serverError(422, { code: 'promo_code_invalid', field: 'promo_code' })));
    await click(submitButton());
    await type('reg.promoCode', '');
    await click(submitButton());
    expect(apiCalls()).toEqual(['checkPromoCode', 'checkPhone', 'registerByPhone', 'sendSmsCode']);
    expect((mockApi.registerByPhone.mock.calls[0][0] as RegistrationPayload).promoCode).toBeUndefined();
  });
});

/* ------------------------------------------------------------------ 6. no double submit */

describe('one registration at a time', () => {
  test('two quick clicks while the first call is pending: one call, and the button is disabled', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    const promo = deferred<ApiResult<unknown>>();
    mockApi.checkPromoCode.mockImplementationOnce(() => promo.promise);
    const button = submitButton();
    act(() => {
      // Both clicks land before React renders the pending state.
      button.click();
      button.click();
    });
    await settle();
    expect(mockApi.checkPromoCode).toHaveBeenCalledTimes(1);
    const pending = screen.getByRole('button', { name: t('reg.submitting') });
    expect(pending).toBeDisabled();
    expect(pending.closest('form')).toHaveAttribute('aria-busy', 'true');

    // A click on the disabled button and an Enter in a field (form submit) change nothing either.
    await user.click(pending);
    await user.type(field('reg.phone'), '{Enter}');
    await settle();
    expect(apiCalls()).toEqual(['checkPromoCode']);

    promo.resolve({ ok: true, data: { promoId: 30 } });
    await settle();
    expect(apiCalls()).toEqual(['checkPromoCode', 'checkPhone', 'registerByPhone', 'sendSmsCode']);
    expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
  });

  test('while register_v2 is pending a second submit does not register again', async () => {
    await renderReadyForm();
    await fillPhoneForm();
    const registered = deferred<ApiResult<unknown>>();
    mockApi.registerByPhone.mockImplementationOnce(() => registered.promise);
    await click(submitButton());
    expect(apiCalls()).toEqual(['checkPromoCode', 'checkPhone', 'registerByPhone']);
    expect(screen.getByRole('button', { name: t('reg.submitting') })).toBeDisabled();
    // fireEvent: a submit that reaches the form while its button is disabled (a script's requestSubmit()). For an
    // Enter or a click user-event, like a browser, sends none then, and the funnel's own guard would go untested.
    fireEvent.submit(screen.getByRole('button', { name: t('reg.submitting') }).closest('form')!);
    await settle();
    expect(mockApi.registerByPhone).toHaveBeenCalledTimes(1);
    registered.resolve({ ok: true, data: { userId: 101, login: 'user101', needSms: true } });
    await settle();
    expect(mockApi.sendSmsCode).toHaveBeenCalledTimes(1);
  });
});

/* ------------------------------------------------------------------ 7. SMS resend and back */

describe('the SMS step', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.parse('2026-03-02T10:00:00Z') });
    user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  });

  const resend = () => screen.getByRole('button', { name: t('reg.smsResend') });

  test('resend waits retry_after seconds, with the seconds shown; sms_too_often names its own wait', async () => {
    await reachSmsStep();
    expect(mockApi.sendSmsCode).toHaveBeenCalledTimes(1);
    expect(resend()).toBeDisabled();
    expect(screen.getByText(t('reg.smsResendIn', { seconds: 30 }))).toBeInTheDocument();

    await advance(10_000);
    expect(screen.getByText(t('reg.smsResendIn', { seconds: 20 }))).toBeInTheDocument();
    expect(resend()).toBeDisabled();
    await user.click(resend());
    await settle();
    expect(mockApi.sendSmsCode).toHaveBeenCalledTimes(1);

    await advance(19_000);
    expect(screen.getByText(t('reg.smsResendIn', { seconds: 1 }))).toBeInTheDocument();
    expect(resend()).toBeDisabled();

    await advance(1_000);
    expect(resend()).toBeEnabled();
    expect(screen.queryByText(anyNumber('reg.smsResendIn', 'seconds'))).not.toBeInTheDocument();

    // The main site says it is too soon: its own wait is shown and respected.
    mockApi.sendSmsCode.mockImplementationOnce(() => failed(serverError(429, { code: 'sms_too_often', retry_after: 45 })));
    await click(resend());
    expect(mockApi.sendSmsCode).toHaveBeenCalledTimes(2);
    expectFieldError('reg.smsCode', t('error.smsTooOften', { seconds: 45 }));
    expect(resend()).toBeDisabled();
    expect(screen.getByText(t('reg.smsResendIn', { seconds: 45 }))).toBeInTheDocument();

    await advance(45_000);
    expect(resend()).toBeEnabled();
    await click(resend());
    expect(mockApi.sendSmsCode).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(t('error.smsTooOften', { seconds: 45 }))).not.toBeInTheDocument();
    expect(screen.getByText(t('reg.smsResendIn', { seconds: 30 }))).toBeInTheDocument();
    expect(resend()).toBeDisabled();
    expect(mockApi.registerByPhone).toHaveBeenCalledTimes(1);
  });

  test('back keeps every value; the same phone again goes straight to sms/send', async () => {
    await reachSmsStep();
    await click(screen.getByRole('button', { name: t('reg.back') }));
    expect(screen.queryByRole('heading', { name: t('reg.smsTitle') })).not.toBeInTheDocument();
    expectPhoneFormKept();
    expect(submitButton()).toBeEnabled();

    await advance(31_000);
    await click(submitButton());
    expect(apiCalls()).toEqual(['checkPromoCode', 'checkPhone', 'registerByPhone', 'sendSmsCode', 'sendSmsCode']);
    expect(mockApi.registerByPhone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
    expect(screen.getByText(t('reg.smsSent', { phone: PHONE }))).toBeInTheDocument();
    expect(resend()).toBeDisabled();
  });

  test('back, then another phone: that one is checked and registered anew', async () => {
    await reachSmsStep();
    await click(screen.getByRole('button', { name: t('reg.back') }));
    await type('reg.phone', '+7 900 765-43-21');
    await click(submitButton());
    expect(apiCalls()).toEqual([
      'checkPromoCode',
      'checkPhone',
      'registerByPhone',
      'sendSmsCode',
      'checkPromoCode',
      'checkPhone',
      'registerByPhone',
      'sendSmsCode',
    ]);
    expect(mockApi.registerByPhone.mock.calls[1][0]).toMatchObject({ phone: '+79007654321' });
  });

  test('back and the same phone too soon: sms_too_often shows its wait and resend waits for it', async () => {
    await reachSmsStep();
    await click(screen.getByRole('button', { name: t('reg.back') }));
    await advance(10_000);
    mockApi.sendSmsCode.mockImplementationOnce(() => failed(serverError(429, { code: 'sms_too_often', retry_after: 20 })));
    await click(submitButton());
    expect(mockApi.registerByPhone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
    expectFieldError('reg.smsCode', t('error.smsTooOften', { seconds: 20 }));
    // The main site said 20 s: two seconds on, asking again is still pointless.
    await advance(2_000);
    expect(resend()).toBeDisabled();
    expect(screen.getByText(t('reg.smsResendIn', { seconds: 18 }))).toBeInTheDocument();
    await advance(18_000);
    expect(resend()).toBeEnabled();
  });

  describe('the countdown is counted from when the code was sent', () => {
    test('however long the visitor took over the form', async () => {
      await renderReadyForm();
      // The visitor takes a minute over the form.
      await advance(60_000);
      await fillPhoneForm();
      await click(submitButton());
      expect(screen.getByRole('heading', { name: t('reg.smsTitle') })).toBeInTheDocument();
      expect(screen.getByText(anyNumber('reg.smsResendIn', 'seconds'))).toHaveTextContent(t('reg.smsResendIn', { seconds: 30 }));
    });

    test('however long the visitor stayed on the form after going back', async () => {
      await reachSmsStep();
      await click(screen.getByRole('button', { name: t('reg.back') }));
      await advance(31_000);
      await click(submitButton());
      expect(screen.getByText(anyNumber('reg.smsResendIn', 'seconds'))).toHaveTextContent(t('reg.smsResendIn', { seconds: 30 }));
    });
  });

  test('the code is checked only with 4 to 8 digits; a short one is refused here', async () => {
    await reachSmsStep();
    await type('reg.smsCode', '12');
    await click(screen.getByRole('button', { name: t('reg.smsConfirm') }));
    expectFieldError('reg.smsCode', t('error.smsCode'));
    expect(mockApi.checkSmsCode).not.toHaveBeenCalled();
  });
});

/* ------------------------------------------------------------------ 8. logged-in visitors */

describe('RegistrationSection', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  });

  function renderSection() {
    t = makeTranslate(texts('ru'));
    return renderInPage(
      <CountriesProvider langId={1} region="RU">
        <AccountProvider extraCurrencyId={null}>
          <RegistrationSection
            title={t('reg.title')}
            registrationHref="/m/registration/phone?promo_code=ZBONUS30K"
            goToSite={{ href: CONTINUE_HREF, label: t('header.goToSite', { brand: 'Zenit' }), page: 'home', audience: 'logged-in' }}
            brand="zenit"
            language="ru"
            captchaLanguage="ru"
            currencyCode="RUB"
            region="RU"
            defaults={DEFAULTS}
            askBirthdate
            promoCode={PROMO}
            t={t}
            continueHref={CONTINUE_HREF}
          />
        </AccountProvider>
      </CountriesProvider>,
      { language: 'ru' },
    );
  }

  /** The form and the way to the site are both in the page; the login state shows one (GlobalStyle, data-audience). */
  const audienceOf = (element: HTMLElement) => element.closest('[data-audience]')?.getAttribute('data-audience');

  test('the way to the site is for logged-in visitors, the form for the others: the login state picks one by CSS', async () => {
    renderSection();
    await settle();
    const section = screen.getByRole('region', { name: t('reg.title') });
    const toSite = within(section).getByRole('link', { name: t('header.goToSite', { brand: 'Zenit' }) });
    expect(toSite).toHaveAttribute('href', CONTINUE_HREF);
    expect(audienceOf(toSite)).toBe('logged-in');
    expect(audienceOf(within(section).getByLabelText(t('reg.phone')))).toBe('anonymous');
    expect(audienceOf(within(section).getByRole('button', { name: t('reg.submit') }))).toBe('anonymous');
  });

  test('the way to the site points at the main site home with the landing promo code', async () => {
    mockApi.fetchAccountData.mockImplementation(() => ok(account(true)));
    renderSection();
    await settle();
    const section = screen.getByRole('region', { name: t('reg.title') });
    expect(within(section).getByRole('link', { name: t('header.goToSite', { brand: 'Zenit' }) })).toHaveAttribute('href', CONTINUE_HREF);
  });

  const mainSiteLink = (section: HTMLElement) => within(section).queryByRole('link', { name: t('reg.submit') });

  test.each([
    ['the country list', () => mockApi.fetchCountries.mockImplementation(() => failed(serverError(500, { code: 'internal_error' })))],
    ['the account data', () => mockApi.fetchAccountData.mockImplementation(() => failed(NETWORK))],
    ['the currencies', () => mockApi.fetchAccountData.mockImplementation(() => ok({ ...account(), currencies: false }))],
  ])('when %s failed the form still works with the countries and currency the page was built with', async (_what, fail) => {
    fail();
    renderSection();
    await settle();
    await advance(5_000);
    await settle();
    const section = screen.getByRole('region', { name: t('reg.title') });
    expect(mainSiteLink(section)).not.toBeInTheDocument();
    expect(within(section).getByLabelText(t('reg.country'))).toHaveValue('643');
    expect(within(section).getByLabelText(t('reg.currency'))).toHaveValue('1');
    expect(within(section).getByLabelText(t('reg.phone'))).toHaveValue('+7');
    expect(within(section).getByRole('button', { name: t('reg.submit') })).toBeEnabled();
  });

  test('a call that fails after the form is shown keeps the form and what was typed', async () => {
    let failCountries!: () => void;
    mockApi.fetchCountries.mockImplementation(
      () => new Promise((resolve) => (failCountries = () => resolve({ ok: false, error: TIMEOUT }))),
    );
    renderSection();
    await settle();
    await advance(5_000);
    await settle();
    const section = screen.getByRole('region', { name: t('reg.title') });
    const phone = within(section).getByLabelText(t('reg.phone'));
    await user.clear(phone);
    await user.type(phone, TYPED_PHONE);
    expect(mainSiteLink(section)).not.toBeInTheDocument();
    await act(async () => failCountries());
    await settle();
    expect(within(section).getByLabelText(t('reg.phone'))).toHaveValue(TYPED_PHONE);
    expect(within(section).getByLabelText(t('reg.country'))).toHaveValue('643');
    expect(mainSiteLink(section)).not.toBeInTheDocument();
  });

  test('the form is there from the first render, country, currency, phone code and promo code filled in', async () => {
    renderSection();
    const section = screen.getByRole('region', { name: t('reg.title') });
    expect(within(section).getByLabelText(t('reg.country'))).toHaveValue('643');
    expect(within(section).getByLabelText(t('reg.currency'))).toHaveValue('1');
    expect(within(section).getByLabelText(t('reg.phone'))).toHaveValue('+7');
    expect(within(section).getByLabelText(t('reg.promoCode'))).toHaveValue(PROMO);
    expect(within(section).getByRole('button', { name: t('reg.submit') })).toBeEnabled();
  });

  test('before its code runs, the form goes to the main site registration by GET with the promo code and nothing typed', () => {
    renderSection();
    const form = screen.getByRole('button', { name: t('reg.submit') }).closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/m/registration/phone?promo_code=ZBONUS30K');
    const named = [...form.querySelectorAll('[name]')].map((control) => control.getAttribute('name'));
    expect(named).toEqual(['promo_code']);
  });
});
