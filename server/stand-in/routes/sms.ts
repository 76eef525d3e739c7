import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedIn, type SignedIn, type StandInContext } from '../context';
import { ApiError, envelope } from '../errors';
import { asFields, stringField } from '../fields';
import { SMS_RESEND_SECONDS } from '../state';
import { BARE_SUCCESS, EMPTY_BODY, styled } from '../minimal';

function phoneSession(ctx: StandInContext, request: FastifyRequest): SignedIn & { phone: string } {
  const current = signedIn(ctx, request);
  if (!current) throw new ApiError(401, 'not_authorized', 'Register by phone first: there is no session');
  const phone = current.account.phone;
  if (!current.session.viaPhone || !phone) {
    throw new ApiError(401, 'not_authorized', 'SMS confirmation needs a session opened by phone registration');
  }
  return { ...current, phone };
}

export function registerSmsRoutes(app: FastifyInstance, ctx: StandInContext): void {
  app.post('/ajax/account/sms/send', async (request) => {
    const { session, account, phone } = phoneSession(ctx, request);
    if (account.confirmed) throw new ApiError(409, 'already_confirmed', 'This phone number is already confirmed');
    const now = ctx.now();
    if (session.smsSentAt !== undefined) {
      const waitedMs = now - session.smsSentAt;
      if (waitedMs < SMS_RESEND_SECONDS * 1000) {
        const retryAfter = Math.ceil((SMS_RESEND_SECONDS * 1000 - waitedMs) / 1000);
        const error = new ApiError(429, 'sms_too_often', `A new code can be sent in ${retryAfter} s`, undefined, {
          retry_after: retryAfter,
        });
        error.headers['retry-after'] = String(retryAfter);
        throw error;
      }
    }
    const code = ctx.state.issueSmsCode(session, phone, now);
    ctx.smsLog(phone, code);
    return styled(ctx.answers, envelope({ sent: true, retry_after: SMS_RESEND_SECONDS }), () => EMPTY_BODY);
  });

  app.post('/ajax/account/sms/check', async (request) => {
    const { session, account } = phoneSession(ctx, request);
    const code = stringField(asFields(request.body), 'code')?.trim();
    if (!code) throw new ApiError(422, 'sms_code_invalid', 'Enter the code from the SMS', 'code');
    if (!session.smsCode) throw new ApiError(422, 'sms_code_invalid', 'No code has been sent yet', 'code');
    if (code !== session.smsCode) throw new ApiError(422, 'sms_code_invalid', 'The code is wrong', 'code');
    session.smsCode = undefined;
    account.confirmed = true;
    return styled(ctx.answers, envelope({ confirmed: true }), () => BARE_SUCCESS);
  });
}
