import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StandInContext } from '../context';
import { SESSION_COOKIE, setCookie } from '../cookies';
import { ApiError, envelope } from '../errors';
import { asFields, givenField, hasField, stringField, type Fields } from '../fields';
import {
  checkCaptcha,
  checkCountry,
  checkCurrency,
  checkEmail,
  checkEmailFree,
  checkOptionalFields,
  checkPassword,
  checkPhone,
  checkPhoneFree,
  type RegistrationData,
} from '../registration-rules';
import type { Account } from '../state';
import { BARE_SUCCESS, styled } from '../minimal';

/** register_new may leave out country and currency; such accounts are filed under Russia and roubles. */
const DEFAULT_COUNTRY_ID = 643;
const DEFAULT_CURRENCY_ID = 1;

function openSession(ctx: StandInContext, reply: FastifyReply, account: Account, viaPhone: boolean): void {
  const session = ctx.state.openSession(account.user_id, viaPhone);
  setCookie(reply, SESSION_COOKIE, session.id, { httpOnly: true });
}

function createAccount(ctx: StandInContext, data: RegistrationData): Account {
  return ctx.state.createAccount(
    {
      phone: data.phone,
      email: data.email,
      country_id: data.country_id ?? DEFAULT_COUNTRY_ID,
      currency: data.currency ?? DEFAULT_CURRENCY_ID,
      promo_code: data.promo_code,
      birthdate: data.birthdate,
    },
    ctx.now(),
  );
}

/** The fields register_v2 and register_email cannot do without; checked before the optional ones. */
function requiredAccountFields(fields: Fields, data: RegistrationData): void {
  data.country_id = checkCountry(givenField(fields, 'country_id'));
  data.currency = checkCurrency(givenField(fields, 'currency'));
  data.password = checkPassword(stringField(fields, 'password'));
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: StandInContext): void {
  const today = () => new Date(ctx.now());

  // Captcha comes first everywhere so a bot learns nothing about which phones are registered.
  app.post('/ajax/registration/check_phone', async (request) => {
    const fields = asFields(request.body);
    checkCaptcha(fields);
    const phone = checkPhone(givenField(fields, 'phone'));
    checkOptionalFields(fields, today(), {});
    checkPhoneFree(ctx.state, phone);
    return styled(ctx.answers, envelope({ available: true }), () => BARE_SUCCESS);
  });

  app.post('/ajax/registration/register_v2', async (request, reply) => {
    const fields = asFields(request.body);
    checkCaptcha(fields);
    const data: RegistrationData = { phone: checkPhone(givenField(fields, 'phone')) };
    requiredAccountFields(fields, data);
    checkOptionalFields(fields, today(), data);
    checkPhoneFree(ctx.state, data.phone!);
    if (data.email) checkEmailFree(ctx.state, data.email);
    const account = createAccount(ctx, data);
    openSession(ctx, reply, account, true);
    return styled(ctx.answers, envelope({ user_id: account.user_id, login: account.login, need_sms: true }), () => BARE_SUCCESS);
  });

  app.post('/ajax/registration/register_email', async (request, reply) => {
    const fields = asFields(request.body);
    if (hasField(fields, 'phone')) {
      throw new ApiError(400, 'unexpected_field', 'E-mail registration must not carry a phone field', 'phone');
    }
    checkCaptcha(fields);
    const data: RegistrationData = { email: checkEmail(givenField(fields, 'email')?.trim()) };
    requiredAccountFields(fields, data);
    checkOptionalFields(fields, today(), data);
    checkEmailFree(ctx.state, data.email!);
    const account = createAccount(ctx, data);
    openSession(ctx, reply, account, false);
    return styled(ctx.answers, envelope({ user_id: account.user_id, login: account.login, confirm_email: true }), () => BARE_SUCCESS);
  });

  /**
   * The generic form: the caller picks the fields. Captcha is checked only when a token is sent,
   * because the forms that use this call are not all protected by one.
   */
  app.post('/ajax/registration/register_new', async (request, reply) => {
    const fields = asFields(request.body);
    if (hasField(fields, 'recaptcha')) checkCaptcha(fields);
    const phoneValue = givenField(fields, 'phone');
    const emailValue = givenField(fields, 'email');
    if (phoneValue === undefined && emailValue === undefined) {
      throw new ApiError(422, 'phone_or_email_required', 'Either a phone number or an e-mail is required', 'phone');
    }
    const data: RegistrationData = {};
    if (phoneValue !== undefined) data.phone = checkPhone(phoneValue);
    data.password = checkPassword(stringField(fields, 'password'));
    checkOptionalFields(fields, today(), data);
    if (data.phone) checkPhoneFree(ctx.state, data.phone);
    if (data.email) checkEmailFree(ctx.state, data.email);
    const account = createAccount(ctx, data);
    const viaPhone = data.phone !== undefined;
    openSession(ctx, reply, account, viaPhone);
    const rich = envelope({ user_id: account.user_id, login: account.login, need_sms: viaPhone, confirm_email: !viaPhone });
    return styled(ctx.answers, rich, () => BARE_SUCCESS);
  });
}
