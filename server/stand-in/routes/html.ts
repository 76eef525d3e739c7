import type { FastifyInstance } from 'fastify';
import type { AnswerStyle } from '../context';
import { minimalRules, styled } from '../minimal';
import { cookieLanguage } from '../context';
import { ApiError, envelope } from '../errors';
import { asFields, givenField, stringField } from '../fields';
import { freebetRulesHtml, isRulesLanguage } from '../fixtures/rules';
import { findPageLanguage } from '../i18n';
import { findPromoById } from '../repo-data';

const KNOWN_BLOCKS = ['freebet_rules'] as const;

/** `id[0]=a&id[1]=b` arrives qs-parsed as an array (or an index-keyed object past qs's array limit). */
function blockIds(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? value : undefined;
  if (value !== null && typeof value === 'object') {
    const items = Object.values(value as Record<string, unknown>);
    return items.every((item) => typeof item === 'string') ? (items as string[]) : undefined;
  }
  return undefined;
}

export function registerHtmlRoutes(app: FastifyInstance, answers: AnswerStyle): void {
  app.post('/ajax/html/get', async (request) => {
    const fields = asFields(request.body);
    const ids = blockIds(fields.id);
    if (!ids || ids.length === 0) throw new ApiError(400, 'html_id_invalid', 'id[] must list the blocks to fetch', 'id');
    const unknown = ids.find((id) => !(KNOWN_BLOCKS as readonly string[]).includes(id));
    if (unknown !== undefined) throw new ApiError(400, 'html_id_invalid', `Unknown block "${unknown}"`, 'id');

    const constant = stringField(fields, 'constant');
    if (constant !== undefined && constant !== '0' && constant !== '1') {
      throw new ApiError(400, 'constant_invalid', 'constant must be 0 or 1', 'constant');
    }

    const langField = givenField(fields, 'lang');
    if (langField !== undefined && !findPageLanguage(langField)) {
      throw new ApiError(400, 'lang_invalid', `Unknown page language "${langField}"`, 'lang');
    }
    const lang = findPageLanguage(langField)?.code ?? cookieLanguage(request);

    const data = asFields(fields.data);
    const rawPromoId = stringField(data, 'promo_id');
    if (rawPromoId === undefined || !/^\d{1,9}$/.test(rawPromoId)) {
      throw new ApiError(400, 'promo_id_invalid', 'data[promo_id] must be a promotion number', 'data[promo_id]');
    }
    const promo = findPromoById(Number(rawPromoId));
    if (!promo) throw new ApiError(404, 'rules_not_found', `No rules for promotion ${rawPromoId}`, 'data[promo_id]');

    // Every page language has its own rules text; English stays the fallback for any code without one.
    const html = freebetRulesHtml(promo, isRulesLanguage(lang) ? lang : 'en');
    return styled(answers, envelope({ freebet_rules: html, lang }), minimalRules);
  });
}
