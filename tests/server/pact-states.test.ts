/**
 * The stand-in's provider-state hook (Pact's protocol, server/stand-in/pact-states.ts): each state the
 * main-site pact names puts the stand-in where the interaction needs it, and a state it cannot hold
 * is refused with the reason, so a verification fails at the state and not at a puzzling answer.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE_VALUE, STATE } from '../../server/stand-in/pact-states';
import { emailRegistration, makeApp, multipart, phoneRegistration } from './helpers';

let app: FastifyInstance;
beforeAll(() => {
  app = makeApp({ answers: 'minimal' });
});
afterAll(() => app.close());

async function setUp(state: unknown, params?: Record<string, unknown>, action = 'setup') {
  return app.inject({ method: 'POST', url: '/__stand-in/pact-states', payload: { state, params, action } });
}

async function sessionOf(state: string, params?: Record<string, unknown>): Promise<string> {
  const answer = await setUp(state, params);
  expect(answer.statusCode).toBe(200);
  const cookie = (answer.json() as Record<string, string>)[SESSION_COOKIE_VALUE];
  expect(cookie).toMatch(/^zsid=[0-9a-f]{32}$/);
  return cookie;
}

test('a phone registration session lets sms/send send a code, and only once in 30 s', async () => {
  const cookie = await sessionOf(STATE.phoneSession);
  const sent = await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });
  expect(sent.statusCode).toBe(200);
  const again = await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });
  expect(again.json().error.code).toBe('sms_too_often');
});

test('"an SMS code has just been sent" refuses the next sms/send with how long to wait', async () => {
  const cookie = await sessionOf(STATE.smsJustSent);
  const answer = await app.inject({ method: 'POST', url: '/ajax/account/sms/send', headers: { cookie } });
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toEqual({ error: { code: 'sms_too_often', message: expect.any(String), retry_after: 30 } });
});

test('"an SMS code has been sent" sends the code it names: that code confirms, another is refused at the code field', async () => {
  const cookie = await sessionOf(STATE.smsSent, { code: '4821' });
  const wrong = await app.inject({
    method: 'POST',
    url: '/ajax/account/sms/check',
    headers: { cookie },
    payload: multipart({ code: '1234' }),
  });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().error).toMatchObject({ code: 'sms_code_invalid', field: 'code' });
  const right = await app.inject({
    method: 'POST',
    url: '/ajax/account/sms/check',
    headers: { cookie },
    payload: multipart({ code: '4821' }),
  });
  expect(right.statusCode).toBe(200);
  expect(right.json()).toEqual({ result: true });
  expect((await setUp(STATE.smsSent, { code: '7777' })).json().error.code).toBe('provider_state_invalid');
});

test('a logged-in visitor has access in the account data and may start a game for real money', async () => {
  const cookie = await sessionOf(STATE.loggedIn);
  const account = (await app.inject({ url: '/ajax/account/data', headers: { cookie } })).json();
  expect(account.result).toMatchObject({ access: true, login: expect.stringMatching(/@example\.org$/) });
  const game = await app.inject({
    method: 'POST',
    url: '/ajax/casino/init_game',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'uid=netent-starburst&is_live=0&home_url=%2Fpromo%2F',
  });
  expect(game.statusCode).toBe(200);
});

test('states about accounts make themselves true: a phone or e-mail registered or free again', async () => {
  const phone = '+79167778899';
  const register = () =>
    app.inject({ method: 'POST', url: '/ajax/registration/register_v2', payload: multipart(phoneRegistration({ phone })) });
  expect((await register()).statusCode).toBe(200);
  expect((await register()).json().error.code).toBe('phone_taken');
  expect((await setUp(STATE.phoneFree, { phone })).statusCode).toBe(200);
  expect((await register()).statusCode).toBe(200);

  const email = 'pact.state.check@example.org';
  expect((await setUp(STATE.emailTaken, { email })).statusCode).toBe(200);
  const byEmail = () =>
    app.inject({ method: 'POST', url: '/ajax/registration/register_email', payload: multipart(emailRegistration({ email })) });
  expect((await byEmail()).json().error.code).toBe('email_taken');
  expect((await setUp(STATE.emailFree, { email })).statusCode).toBe(200);
  expect((await byEmail()).statusCode).toBe(200);

  expect((await setUp(STATE.phoneTaken, { phone: '+79165554433' })).statusCode).toBe(200);
  const checked = await app.inject({
    method: 'POST',
    url: '/ajax/registration/check_phone',
    payload: multipart(phoneRegistration({ phone: '+79165554433' })),
  });
  expect(checked.json().error.code).toBe('phone_taken');
});

test('states about its data hold where the tables say so and are refused with the reason elsewhere', async () => {
  expect((await setUp(STATE.promoActive, { promo_code: 'ZBBONUS20K', brand: 'zenbet' })).statusCode).toBe(200);
  expect((await setUp(STATE.rules, { promo_id: 2042 })).statusCode).toBe(200);
  expect((await setUp(STATE.phoneTaken, { phone: '+79161230000' })).statusCode).toBe(200);
  expect((await setUp(STATE.emailTaken, { email: 'taken@example.org' })).statusCode).toBe(200);

  const impossible = [
    await setUp(STATE.promoActive, { promo_code: 'ZBBONUS20K', brand: 'zenit' }),
    await setUp(STATE.promoUnknown, { promo_code: 'ZBBONUS20K' }),
    await setUp(STATE.phoneFree, { phone: '+79161230000' }),
    await setUp(STATE.emailFree, { email: 'taken@example.org' }),
    await setUp(STATE.captcha, { token: 'bad-token' }),
    await setUp(STATE.rules, { promo_id: 999999 }),
    await setUp(STATE.ranking, { ranking: 77 }),
  ];
  for (const answer of impossible) {
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({
      code: 'provider_state_impossible',
      message: expect.stringMatching(/cannot hold this state: .+/),
    });
  }
  const missing = await setUp(STATE.phoneFree, {});
  expect(missing.statusCode).toBe(400);
  expect(missing.json().error.field).toBe('phone');
});

test('an unknown state is refused; an interaction without one and every teardown need nothing', async () => {
  for (const state of ['a state nobody wrote', 'toString', 42]) {
    const answer = await setUp(state);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('provider_state_unknown');
  }
  expect((await setUp('')).json()).toEqual({});
  expect((await setUp(STATE.loggedIn, undefined, 'teardown')).json()).toEqual({});
});
