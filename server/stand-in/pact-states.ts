/**
 * The provider states of the main-site pact (contract/) and how the stand-in sets each up,
 * answering Pact's provider-state protocol at POST /__stand-in/pact-states: `{state, params, action}`
 * in, the values the pact injects out (`sessionCookie`, the Cookie header of a session it opened).
 * A real main site implements the same names on its staging or skips them (contract/README.md).
 * A state about accounts is made true (an account registered or forgotten); one about the tables the
 * stand-in answers from is checked, so a state it cannot hold fails with its reason instead of a
 * puzzling mismatch later.
 */
import type { StandInContext } from './context';
import { SESSION_COOKIE } from './cookies';
import { ApiError } from './errors';
import { REJECTED_CAPTCHA_TOKEN } from './registration-rules';
import { findPromoById, findPromoCode } from './repo-data';
import { rankingSports } from './routes/line';
import { isSmsCode } from './state';

export const STATE = {
  captcha: 'the captcha accepts the token',
  promoActive: 'a promo code is active for the brand',
  promoUnknown: 'no promo code is active under this name',
  phoneFree: 'the phone number is not registered',
  phoneTaken: 'the phone number is registered',
  emailFree: 'the e-mail address is not registered',
  emailTaken: 'the e-mail address is registered',
  loggedIn: 'a visitor is logged in',
  phoneSession: 'a phone registration has opened a session',
  smsJustSent: 'an SMS code has just been sent in this session',
  smsSent: 'an SMS code has been sent in this session',
  rules: 'a promotion has rules',
  casinoGame: 'a casino game exists',
  ranking: 'a ranking lists upcoming events with odds',
} as const;

export type StateName = (typeof STATE)[keyof typeof STATE];

/** The value a session state hands back; the pact's requests read it as `${sessionCookie}`. */
export const SESSION_COOKIE_VALUE = 'sessionCookie';

export type StateParams = Record<string, unknown>;
export type StateValues = Record<string, string>;

function holds(condition: boolean, reason: string): void {
  if (!condition) throw new ApiError(409, 'provider_state_impossible', `The stand-in cannot hold this state: ${reason}`);
}

function param(params: StateParams, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ApiError(400, 'provider_state_invalid', `The state needs the parameter "${name}"`, name);
  }
  return String(value);
}

/** Russia and roubles, as register_new files accounts that name neither. */
const ACCOUNT = { country_id: 643, currency: 1 };

/** One set of setups per stand-in: every session state makes an account of its own, so no state sees another's. */
export function pactStateSetups(ctx: StandInContext): Record<StateName, (params: StateParams) => StateValues> {
  let made = 0;

  function openSession(viaPhone: boolean): { cookie: StateValues; session: ReturnType<typeof ctx.state.openSession>; phone: string } {
    let phone: string;
    do {
      made += 1;
      phone = `+7926${String(made).padStart(7, '0')}`;
    } while (ctx.state.isPhoneTaken(phone));
    const account = ctx.state.createAccount(
      viaPhone ? { ...ACCOUNT, phone } : { ...ACCOUNT, email: `pact-state-${made}@example.org` },
      ctx.now(),
    );
    const session = ctx.state.openSession(account.user_id, viaPhone);
    return { cookie: { [SESSION_COOKIE_VALUE]: `${SESSION_COOKIE}=${session.id}` }, session, phone };
  }

  return {
    [STATE.captcha]: (params) => {
      holds(param(params, 'token') !== REJECTED_CAPTCHA_TOKEN, `"${REJECTED_CAPTCHA_TOKEN}" is the token it refuses`);
      return {};
    },
    [STATE.promoActive]: (params) => {
      holds(findPromoCode(param(params, 'promo_code'), param(params, 'brand')) !== undefined, 'data/promo-codes.json lacks the code');
      return {};
    },
    [STATE.promoUnknown]: (params) => {
      holds(findPromoCode(param(params, 'promo_code')) === undefined, 'data/promo-codes.json has the code');
      return {};
    },
    // The states about accounts make themselves true where they can, so a long-running stand-in can be verified again.
    [STATE.phoneFree]: (params) => {
      const phone = param(params, 'phone');
      ctx.state.forgetAccounts({ phone });
      holds(!ctx.state.isPhoneTaken(phone), 'phones ending in 0000 are always registered');
      return {};
    },
    [STATE.phoneTaken]: (params) => {
      const phone = param(params, 'phone');
      if (!ctx.state.isPhoneTaken(phone)) ctx.state.createAccount({ ...ACCOUNT, phone }, ctx.now());
      return {};
    },
    [STATE.emailFree]: (params) => {
      const email = param(params, 'email');
      ctx.state.forgetAccounts({ email });
      holds(!ctx.state.isEmailTaken(email), 'e-mails starting with taken@ are always registered');
      return {};
    },
    [STATE.emailTaken]: (params) => {
      const email = param(params, 'email');
      if (!ctx.state.isEmailTaken(email)) ctx.state.createAccount({ ...ACCOUNT, email }, ctx.now());
      return {};
    },
    [STATE.loggedIn]: () => openSession(false).cookie,
    [STATE.phoneSession]: () => openSession(true).cookie,
    [STATE.smsJustSent]: () => {
      const { cookie, session, phone } = openSession(true);
      ctx.state.issueSmsCode(session, phone, ctx.now());
      return cookie;
    },
    [STATE.smsSent]: (params) => {
      const code = param(params, 'code');
      if (!isSmsCode(code)) throw new ApiError(400, 'provider_state_invalid', 'code must be four digits, not all the same', 'code');
      const { cookie, session, phone } = openSession(true);
      ctx.state.issueSmsCode(session, phone, ctx.now(), code);
      return cookie;
    },
    [STATE.rules]: (params) => {
      holds(findPromoById(Number(param(params, 'promo_id'))) !== undefined, 'data/promo-codes.json has no promotion with this id');
      return {};
    },
    // It starts any well-formed game uid; the route itself says when one is not.
    [STATE.casinoGame]: () => ({}),
    [STATE.ranking]: (params) => {
      holds(rankingSports(param(params, 'ranking')) !== undefined, 'it has no such ranking (server/README.md)');
      return {};
    },
  };
}
