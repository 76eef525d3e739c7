/**
 * The stand-in's default answers are the main-site contract's minimum: registration steps
 * answer a bare success (an empty 200 for sms/send), data calls only the fields spec 3 and 7 name. Each
 * answer is read back through the landing's own contract readers, which must still give the page what
 * it needs.
 */
import type { FastifyInstance } from 'fastify';
import {
  readAccount,
  readCountries,
  readGameStart,
  readLocale,
  readRankedEvents,
  readRegistration,
  readRules,
  readSmsSent,
} from '../../src/main-site/contract';
import { CAPTCHA, cookieFrom, formEncoded, freshPhone, makeApp, multipart, phoneRegistration } from './helpers';

let app: FastifyInstance;
beforeAll(() => {
  app = makeApp({ answers: 'minimal' });
});
afterAll(() => app.close());

test('a phone registration answers {"result": true} at every step and an empty 200 for sms/send', async () => {
  const phone = freshPhone();
  const promo = await app.inject({ method: 'POST', url: '/ajax/account/promo/check', payload: multipart({ promo_code: 'ZBONUS20K' }) });
  expect(promo.json()).toEqual({ result: true });
  const checked = await app.inject({
    method: 'POST',
    url: '/ajax/registration/check_phone',
    payload: multipart(phoneRegistration({ phone })),
  });
  expect(checked.json()).toEqual({ result: true });
  const registered = await app.inject({
    method: 'POST',
    url: '/ajax/registration/register_v2',
    payload: multipart(phoneRegistration({ phone })),
  });
  expect(registered.json()).toEqual({ result: true });
  expect(readRegistration(registered.json())).toEqual({ userId: null, login: null, needSms: true, confirmEmail: false });
  const cookie = cookieFrom(registered, 'zsid')!;
  const sent = await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });
  expect(sent.statusCode).toBe(200);
  expect(sent.body).toBe('');
  expect(readSmsSent(sent.body).retryAfter).toBeGreaterThan(0);
  const code = ((await app.inject({ url: '/__stand-in/sms' })).json() as Record<string, string>)[phone];
  const confirmed = await app.inject({ method: 'POST', url: '/ajax/account/sms/check', headers: { cookie }, payload: multipart({ code }) });
  expect(confirmed.json()).toEqual({ result: true });
});

test('failures keep their error body: the contract places them by code and field', async () => {
  const phone = freshPhone();
  await app.inject({ method: 'POST', url: '/ajax/registration/register_v2', payload: multipart(phoneRegistration({ phone })) });
  const taken = await app.inject({
    method: 'POST',
    url: '/ajax/registration/check_phone',
    payload: multipart(phoneRegistration({ phone })),
  });
  expect(taken.statusCode).toBe(409);
  expect(taken.json()).toMatchObject({ error: { code: 'phone_taken', field: 'phone' } });
});

test('an e-mail registration answers a bare success', async () => {
  const registered = await app.inject({
    method: 'POST',
    url: '/ajax/registration/register_email',
    payload: multipart({ ...CAPTCHA, email: `minimal${Date.now()}@example.org`, password: 'secret12', country_id: '643', currency: '1' }),
  });
  expect(registered.json()).toEqual({ result: true });
});

test('the country list names country_id and code only, and the form can still pick the page country', async () => {
  const answer = (await app.inject({ url: '/ajax/data/country?lang_id=1' })).json() as { result: Record<string, unknown>[] };
  for (const entry of answer.result) expect(Object.keys(entry).sort()).toEqual(['code', 'country_id']);
  expect(readCountries(answer)).toContainEqual({ countryId: 643, code: 'RU', name: null, phoneCode: null });
});

test('account data gives the fields spec 7 names, currencies with full_name only', async () => {
  const answer = (await app.inject({ url: '/ajax/account/data' })).json() as { result: { finance_data: { currency: object } } };
  for (const entry of Object.values(answer.result.finance_data.currency)) expect(Object.keys(entry)).toEqual(['full_name']);
  const account = readAccount(answer);
  expect(account.access).toBe(false);
  expect(account.currencies && account.currencies[0]).toEqual({ id: expect.any(Number), code: null, label: expect.any(String) });
});

test('locale data, rules, popular events and casino starts carry only what the page needs', async () => {
  const locale = readLocale((await app.inject({ url: '/ajax/locale/data?type=all&need_lang=1' })).json());
  expect(locale.currencies.RUB).toEqual({ number: 643, symbol: 'RUB', name: 'RUB' });
  const rulesAnswer = await app.inject({
    method: 'POST',
    url: '/ajax/html/get',
    ...formEncoded({ id: ['freebet_rules'], data: { promo_id: 1042 }, constant: 1, lang: 'ru' }),
  });
  expect(Object.keys(rulesAnswer.json().result)).toEqual(['freebet_rules']);
  expect(readRules(rulesAnswer.json(), 'freebet_rules', 'ru')).toMatchObject({ lang: 'ru' });
  const events = readRankedEvents((await app.inject({ url: '/ajax/line/printer/ranked/0?onlyview=0&lang_id=1&timezone=3' })).json());
  expect(events!.length).toBeGreaterThan(0);
  expect(events![0].startsAt).toBeNull();
  const demo = await app.inject({
    method: 'POST',
    url: '/ajax/casino/init_demo',
    ...formEncoded({ uid: 'pragmatic-sweet-bonanza', is_live: 0, home_url: 'http://localhost/' }),
  });
  expect(readGameStart(demo.json())).toEqual({ url: null });
});
