import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieLanguage, signedIn, type StandInContext } from '../context';
import { envelope } from '../errors';
import { asFields, givenField } from '../fields';
import { CURRENCY_ORDER, currencies } from '../fixtures/currencies';
import { currencyName, localeForPageLanguage } from '../i18n';
import { checkBrand, checkPromoCode } from '../promo-rules';
import { BARE_SUCCESS, minimalAccount, styled } from '../minimal';

export const APP_ID = 'zenit-web';
export const APP_VERSION = '4.18.2';
/** Moscow time: the main site's default zone for visitors it cannot place. */
export const DEFAULT_TIMEZONE_ID = 3;

export interface CurrencyEntry {
  id: number;
  code: string;
  full_name: string;
  symbol: string;
}

export function financeData(locale: string): { currency: Record<string, CurrencyEntry>; order: number[] } {
  const currency: Record<string, CurrencyEntry> = {};
  for (const entry of currencies()) {
    currency[String(entry.id)] = {
      id: entry.id,
      code: entry.code,
      full_name: currencyName(entry.code, locale) ?? entry.englishName,
      symbol: entry.symbol,
    };
  }
  return { currency, order: [...CURRENCY_ORDER] };
}

/**
 * Visitors without a session still get a stable sessionId, derived from address and browser,
 * so tracking events from one visit group together as they do on the real site.
 */
export function anonymousSessionId(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.ip}|${request.headers['user-agent'] ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

export function registerAccountRoutes(app: FastifyInstance, ctx: StandInContext): void {
  app.get('/ajax/account/data', async (request) => {
    const current = signedIn(ctx, request);
    const rich = envelope({
      ip: request.ip,
      timezone_id: DEFAULT_TIMEZONE_ID,
      appId: APP_ID,
      appVer: APP_VERSION,
      sessionId: current?.session.id ?? anonymousSessionId(request),
      eventSource: 'landing',
      login: current?.account.login ?? null,
      access: current !== undefined,
      finance_data: financeData(localeForPageLanguage(cookieLanguage(request))),
    });
    return styled(ctx.answers, rich, minimalAccount);
  });

  app.post('/ajax/account/promo/check', async (request) => {
    const fields = asFields(request.body);
    const brand = checkBrand(givenField(fields, 'brand'));
    const { promo_id } = checkPromoCode(givenField(fields, 'promo_code'), brand);
    return styled(ctx.answers, envelope({ valid: true, promo_id }), () => BARE_SUCCESS);
  });
}
