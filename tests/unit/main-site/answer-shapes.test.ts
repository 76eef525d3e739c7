/**
 * Every main-site call against the answer shapes a main site that is not ours may send. Each
 * row says what the visitor meets next: the next step ("next"), a message at a field, or a message at
 * the form (which keeps what was typed and can be sent again). Success is the HTTP status (spec 8).
 */
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { fetchAccountData } from '../../../src/main-site/account';
import { api } from '../../../src/main-site/ajax';
import type { ApiResult } from '../../../src/main-site/client';
import { DEFAULT_SMS_RETRY_S } from '../../../src/main-site/contract';
import { fetchCountries } from '../../../src/features/registration/calls/country';
import { startCasinoGame } from '../../../src/features/casino/calls/casino';
import { fetchPopularEvents } from '../../../src/features/odds/calls/line';
import { fetchLocaleData } from '../../../src/main-site/locale';
import {
  checkPhone,
  checkPromoCode,
  registerByEmail,
  registerByPhone,
  type RegistrationForm,
} from '../../../src/features/registration/calls/registration';
import { fetchPromotionRules } from '../../../src/features/rules/calls/rules';
import { fetchSession } from '../../../src/features/registration/calls/session';
import { checkSmsCode, sendSmsCode } from '../../../src/features/registration/calls/sms';
import { sendImprint, sendTrackingEvent } from '../../../src/tracking/calls/tracking';
import { failureOf } from '../../../src/features/registration/failures';
import { REQUEST_TIMEOUT_MS } from '../../../src/domain/timing';
import { fetchWire, installFetchWire } from '../../fixtures/fetch-wire';
import { installWire } from './transport';

installWire();

type Shape = { status: number; body: unknown; headers?: Record<string, string> } | 'timeout';

const SHAPES = {
  'an empty 200 body': { status: 200, body: '' },
  '{}': { status: 200, body: {} },
  '{"result": true}': { status: 200, body: { result: true } },
  '{"result": {...}} with fields it does not know': { status: 200, body: { result: { unknown_field: [1, 2], nested: { a: 1 } } } },
  '{"success": true}': { status: 200, body: { success: true } },
  'malformed JSON with a 200': { status: 200, body: '{"result": {"user_id": 12' },
  '500 with an HTML page': { status: 500, body: '<!doctype html><html><body><h1>500 Internal Server Error</h1></body></html>' },
  '502 with no body': { status: 502, body: '' },
  'a timeout': 'timeout',
} satisfies Record<string, Shape>;

/** The shape the fetch wire answers with; answerWith sets it with the axios adapter. */
let current: Shape = { status: 200, body: '' };
const wire = installFetchWire(
  fetchWire(() => (current === 'timeout' ? 'hang' : { status: current.status, body: current.body, headers: current.headers })),
);

/** Both transports answer with `shape`: the axios adapter (client.ts's calls) and the fetch wire (fetch-answer.ts's). */
function answerWith(shape: Shape): void {
  current = shape;
  api.defaults.adapter = jest.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    if (shape === 'timeout') throw new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config, {});
    const response = {
      data: shape.body,
      status: shape.status,
      statusText: String(shape.status),
      headers: shape.headers ?? {},
      config,
      request: {},
    };
    if (shape.status >= 400) {
      throw new AxiosError(`Request failed with status code ${shape.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    }
    return response;
  });
}

/**
 * Runs a call answered with `shape`. A fetch call that hangs is given up by its own REQUEST_TIMEOUT_MS
 * timer, so a timeout runs under fake timers advanced that far; an axios call has failed by then already.
 */
async function runCall<T>(run: () => Promise<T>, shape: Shape): Promise<T> {
  if (shape !== 'timeout') return run();
  jest.useFakeTimers();
  try {
    const result = run();
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    return await result;
  } finally {
    jest.useRealTimers();
  }
}

/** What the visitor meets after a registration call: the next step, or a message and where it stands. */
function seen(result: ApiResult<unknown>): string {
  if (result.ok) return 'next';
  const { field, error } = failureOf(result.error);
  const values = error.values ? ` ${JSON.stringify(error.values)}` : '';
  return `${field}: ${error.key}${values}`;
}

const form: RegistrationForm = {
  phone: '+7 900 123-45-67',
  countryId: 643,
  currencyId: 1,
  password: 'secret12',
  promoCode: 'ZBONUS30K',
  email: 'user@example.com',
  captchaToken: 'token',
};

const REGISTRATION_CALLS = {
  'promo/check': () => checkPromoCode('ZBONUS30K', 'zenit'),
  check_phone: () => checkPhone(form),
  register_v2: () => registerByPhone(form),
  register_email: () => registerByEmail(form),
  'sms/send': () => sendSmsCode(),
  'sms/check': () => checkSmsCode('1234'),
} as const;

type RegistrationCall = keyof typeof REGISTRATION_CALLS;
const CALL_NAMES = Object.keys(REGISTRATION_CALLS) as RegistrationCall[];

/** The shapes every registration call reads the same way. */
const COMMON: Record<keyof typeof SHAPES, string> = {
  'an empty 200 body': 'next',
  '{}': 'next',
  '{"result": true}': 'next',
  '{"result": {...}} with fields it does not know': 'next',
  '{"success": true}': 'next',
  'malformed JSON with a 200': 'next',
  '500 with an HTML page': 'form: error.server',
  '502 with no body': 'form: error.server',
  'a timeout': 'form: error.timeout',
};

describe.each(CALL_NAMES)('%s: the common answer shapes', (call) => {
  test.each(Object.keys(SHAPES) as (keyof typeof SHAPES)[])('%s', async (shape) => {
    answerWith(SHAPES[shape]);
    expect(seen(await runCall<ApiResult<unknown>>(REGISTRATION_CALLS[call], SHAPES[shape]))).toBe(COMMON[shape]);
  });
});

/** A failure body per call, as the main site would send it: a 4xx, and the same refusal inside a 200. */
const REFUSALS: Record<RegistrationCall, { status: number; body: Record<string, unknown>; seen: string }> = {
  'promo/check': {
    status: 422,
    body: { error: { code: 'promo_code_invalid', message: 'Unknown code', field: 'promo_code' } },
    seen: 'promoCode: error.promo_code',
  },
  check_phone: {
    status: 409,
    body: { error: { code: 'phone_taken', message: 'Taken', field: 'phone' } },
    seen: 'phone: error.phoneTaken',
  },
  register_v2: {
    status: 422,
    body: { error: { code: 'too_young', message: 'Too young', field: 'birthdate' } },
    seen: 'birthdate: error.tooYoung',
  },
  register_email: {
    status: 409,
    body: { error: { code: 'email_taken', message: 'Taken', field: 'email' } },
    seen: 'email: error.emailTaken',
  },
  'sms/send': {
    status: 429,
    body: { error: { code: 'sms_too_often', message: 'Wait', retry_after: 25 } },
    seen: 'code: error.smsTooOften {"seconds":25}',
  },
  'sms/check': {
    status: 422,
    body: { error: { code: 'sms_code_invalid', message: 'Wrong code', field: 'code' } },
    seen: 'code: error.smsCode',
  },
};

describe.each(CALL_NAMES)('%s: the main site says no', (call) => {
  const refusal = REFUSALS[call];
  test(`${refusal.status} with an error body: the message at its place`, async () => {
    answerWith({ status: refusal.status, body: refusal.body });
    expect(seen(await REGISTRATION_CALLS[call]())).toBe(refusal.seen);
  });

  test('200 with the same error object: read as the same refusal', async () => {
    answerWith({ status: 200, body: refusal.body });
    expect(seen(await REGISTRATION_CALLS[call]())).toBe(refusal.seen);
  });

  test('400 naming only a field, with a code the page does not know: "not accepted" at that field', async () => {
    answerWith({
      status: 400,
      body: { error: { code: 'rule_we_never_heard_of', field: call === 'register_email' ? 'email' : 'password' } },
    });
    const place = call === 'register_email' ? 'email' : 'password';
    expect(seen(await REGISTRATION_CALLS[call]())).toBe(`${place}: error.rejected`);
  });

  test('422 in the {"errors": {field: [...]}} style: at that field', async () => {
    answerWith({ status: 422, body: { errors: { promo_code: ['The promo code is not active'] } } });
    expect(seen(await REGISTRATION_CALLS[call]())).toBe('promoCode: error.rejected');
  });

  test('200 with {"success": false} and nothing else: a message at the form', async () => {
    answerWith({ status: 200, body: { success: false } });
    expect(seen(await REGISTRATION_CALLS[call]())).toBe('form: error.server');
  });

  test('200 with {"status": "error", "message": "…"}: a message at the form', async () => {
    answerWith({ status: 200, body: { status: 'error', message: 'Registration is closed' } });
    expect(seen(await REGISTRATION_CALLS[call]())).toBe('form: error.server');
  });
});

describe('fields read when present, safe defaults when not', () => {
  test('register_v2: need_sms false ends the funnel without an SMS; without it the SMS step follows (spec 4)', async () => {
    answerWith({ status: 200, body: { result: { user_id: 7, login: 'u7', need_sms: false, extra: 1 } } });
    expect(await registerByPhone(form)).toEqual({ ok: true, data: { userId: 7, login: 'u7', needSms: false, confirmEmail: false } });
    answerWith({ status: 200, body: { result: true } });
    expect(await registerByPhone(form)).toEqual({ ok: true, data: { userId: null, login: null, needSms: true, confirmEmail: false } });
  });

  test('register_email: the confirmation notice only when the answer says confirm_email', async () => {
    answerWith({ status: 200, body: { success: true, confirm_email: true } });
    expect(await registerByEmail(form)).toMatchObject({ ok: true, data: { confirmEmail: true } });
    answerWith({ status: 200, body: '' });
    expect(await registerByEmail(form)).toMatchObject({ ok: true, data: { confirmEmail: false } });
  });

  test('sms/send: retry_after in the body, else the Retry-After header, else the default wait', async () => {
    answerWith({ status: 200, body: { result: { retry_after: '45' } } });
    expect(await sendSmsCode()).toEqual({ ok: true, data: { retryAfter: 45 } });
    answerWith({ status: 200, body: '', headers: { 'retry-after': '90' } });
    expect(await sendSmsCode()).toEqual({ ok: true, data: { retryAfter: 90 } });
    answerWith({ status: 200, body: { result: { retry_after: 'soon' } } });
    expect(await sendSmsCode()).toEqual({ ok: true, data: { retryAfter: DEFAULT_SMS_RETRY_S } });
  });

  test('promo/check: a promo id of the wrong type is read as absent, the code still valid', async () => {
    answerWith({ status: 200, body: { result: { valid: true, promo_id: { id: 3 } } } });
    expect(await checkPromoCode('ZBONUS30K', 'zenit')).toEqual({ ok: true, data: { valid: true, promoId: null } });
  });
});

/**
 * The other calls: what the page does with each shape. "ok" goes on with the data read; "logged" is a
 * failure the page goes on without (spec 8); "shown" is a failure the visitor is told about.
 */
const OTHER_CALLS: Record<string, { run: () => Promise<ApiResult<unknown>>; shapes: Record<keyof typeof SHAPES, string> }> = {
  'data/country (without a list the form offers the built countries)': {
    run: () => fetchCountries(1),
    shapes: {
      'an empty 200 body': 'invalid',
      '{}': 'invalid',
      '{"result": true}': 'invalid',
      '{"result": {...}} with fields it does not know': 'invalid',
      '{"success": true}': 'invalid',
      'malformed JSON with a 200': 'invalid',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'account/data (an anonymous visitor with the built currency)': {
    run: () => fetchAccountData(),
    shapes: {
      'an empty 200 body': 'ok',
      '{}': 'ok',
      '{"result": true}': 'ok',
      '{"result": {...}} with fields it does not know': 'ok',
      '{"success": true}': 'ok',
      'malformed JSON with a 200': 'ok',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'locale/data (the page keeps its own names)': {
    run: () => fetchLocaleData(),
    shapes: {
      'an empty 200 body': 'ok',
      '{}': 'ok',
      '{"result": true}': 'ok',
      '{"result": {...}} with fields it does not know': 'ok',
      '{"success": true}': 'ok',
      'malformed JSON with a 200': 'ok',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'html/get (the rules dialog says the rules could not be loaded)': {
    run: () => fetchPromotionRules(1, 'ru'),
    shapes: {
      'an empty 200 body': 'invalid',
      '{}': 'invalid',
      '{"result": true}': 'invalid',
      '{"result": {...}} with fields it does not know': 'invalid',
      '{"success": true}': 'invalid',
      'malformed JSON with a 200': 'invalid',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'line/printer/ranked (no cards)': {
    run: () => fetchPopularEvents(0, 1),
    shapes: {
      'an empty 200 body': 'invalid',
      '{}': 'invalid',
      '{"result": true}': 'invalid',
      '{"result": {...}} with fields it does not know': 'invalid',
      '{"success": true}': 'invalid',
      'malformed JSON with a 200': 'invalid',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'casino/init_demo (no address: the main site game page opens)': {
    run: () => startCasinoGame('demo', { uid: 'g1', isLive: false }, 'https://example.test/'),
    shapes: {
      'an empty 200 body': 'ok',
      '{}': 'ok',
      '{"result": true}': 'ok',
      '{"result": {...}} with fields it does not know': 'ok',
      '{"success": true}': 'ok',
      'malformed JSON with a 200': 'ok',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'kafka/log': {
    run: () => sendTrackingEvent({ eventType: 'landing', eventCode: 'view_landing' } as never),
    shapes: {
      'an empty 200 body': 'ok',
      '{}': 'ok',
      '{"result": true}': 'ok',
      '{"result": {...}} with fields it does not know': 'ok',
      '{"success": true}': 'ok',
      'malformed JSON with a 200': 'ok',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'cookie/imprint': {
    run: () => sendImprint('abc123'),
    shapes: {
      'an empty 200 body': 'ok',
      '{}': 'ok',
      '{"result": true}': 'ok',
      '{"result": {...}} with fields it does not know': 'ok',
      '{"success": true}': 'ok',
      'malformed JSON with a 200': 'ok',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
  'session.php': {
    run: () => fetchSession(),
    shapes: {
      'an empty 200 body': 'ok',
      '{}': 'ok',
      '{"result": true}': 'ok',
      '{"result": {...}} with fields it does not know': 'ok',
      '{"success": true}': 'ok',
      'malformed JSON with a 200': 'ok',
      '500 with an HTML page': 'http',
      '502 with no body': 'http',
      'a timeout': 'timeout',
    },
  },
};

describe.each(Object.keys(OTHER_CALLS))('%s', (call) => {
  const { run, shapes } = OTHER_CALLS[call];
  test.each(Object.keys(SHAPES) as (keyof typeof SHAPES)[])('%s', async (shape) => {
    answerWith(SHAPES[shape]);
    const result = await runCall(run, SHAPES[shape]);
    expect(result.ok ? 'ok' : result.error.kind).toBe(shapes[shape]);
  });

  test('200 with an error object: a refusal, never read as data', async () => {
    answerWith({ status: 200, body: { error: { code: 'internal_error', message: 'Try later' } } });
    const result = await run();
    expect(!result.ok && result.error).toMatchObject({ kind: 'refused', server: { code: 'internal_error' } });
  });
});

test('the calls a plain visit makes go by fetch and never reach axios; the registration calls go by axios only', async () => {
  answerWith({ status: 200, body: {} });
  const axiosWire = api.defaults.adapter as jest.Mock;
  await fetchSession();
  await sendTrackingEvent({ eventType: 'landing', eventCode: 'view_landing' } as never);
  await sendImprint('abc123');
  await fetchAccountData();
  await fetchCountries(1);
  expect(wire.requests.map(({ url }) => url.split('?')[0])).toEqual([
    '/session.php',
    '/ajax/kafka/log',
    '/ajax/cookie/imprint',
    '/ajax/account/data',
    '/ajax/data/country',
  ]);
  expect(axiosWire).not.toHaveBeenCalled();

  wire.clear();
  for (const call of CALL_NAMES) await REGISTRATION_CALLS[call]();
  expect(axiosWire.mock.calls.map(([config]: [InternalAxiosRequestConfig]) => config.url)).toEqual([
    '/ajax/account/promo/check',
    '/ajax/registration/check_phone',
    '/ajax/registration/register_v2',
    '/ajax/registration/register_email',
    '/ajax/account/sms/send',
    '/ajax/account/sms/check',
  ]);
  expect(wire.requests).toEqual([]);
});
