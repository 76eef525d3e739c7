import type { FastifyInstance } from 'fastify';
import type { AnswerStyle } from '../context';
import { minimalLocale, styled } from '../minimal';
import { cookieLanguage } from '../context';
import { ApiError, envelope } from '../errors';
import { countries } from '../fixtures/countries';
import { currencies } from '../fixtures/currencies';
import {
  currencyName,
  findPageLanguage,
  langIdForPageLanguage,
  languageSelfName,
  localeForLangId,
  localeForPageLanguage,
  pageLanguageForLangId,
  parseLangId,
  regionName,
} from '../i18n';
import { pageLanguages } from '../repo-data';

const TYPES = ['all', 'currency', 'country'] as const;
type LocaleType = (typeof TYPES)[number];

export function registerLocaleRoutes(app: FastifyInstance, answers: AnswerStyle): void {
  app.get('/ajax/locale/data', async (request) => {
    const query = request.query as Record<string, unknown>;
    const type = query.type;
    if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type)) {
      throw new ApiError(400, 'query_invalid', `Query parameter type must be one of ${TYPES.join(', ')}`, 'type');
    }
    if (query.need_lang !== '0' && query.need_lang !== '1') {
      throw new ApiError(400, 'query_invalid', 'Query parameter need_lang must be 0 or 1', 'need_lang');
    }
    let locale: string;
    let pageLanguage = cookieLanguage(request);
    if (query.lang_id !== undefined) {
      const langId = parseLangId(query.lang_id);
      if (langId === undefined) throw new ApiError(400, 'lang_id_invalid', 'Query parameter lang_id must be a number', 'lang_id');
      locale = localeForLangId(langId);
      pageLanguage = pageLanguageForLangId(langId)?.code ?? pageLanguage;
    } else {
      locale = localeForPageLanguage(pageLanguage);
    }

    const kind = type as LocaleType;
    const result: Record<string, unknown> = {};
    if (kind === 'all' || kind === 'currency') {
      const currencyData: Record<string, { number: number; symbol: string; name: string }> = {};
      // Only ISO 4217 currencies have a numeric code; USDT lives in account finance_data alone.
      for (const currency of currencies()) {
        if (currency.number === null) continue;
        currencyData[currency.code] = {
          number: currency.number,
          symbol: currency.symbol,
          name: currencyName(currency.code, locale) ?? currency.englishName,
        };
      }
      result.currency_data = currencyData;
    }
    if (kind === 'all' || kind === 'country') {
      const countryData: Record<string, { country_id: number; name: string; phone_code: string }> = {};
      for (const country of countries()) {
        countryData[country.code] = {
          country_id: country.country_id,
          name: regionName(country.code, locale),
          phone_code: country.phone_code,
        };
      }
      result.country_data = countryData;
    }
    if (query.need_lang === '1') {
      const current = findPageLanguage(pageLanguage)?.code ?? 'ru';
      result.lang = {
        current,
        lang_id: langIdForPageLanguage(current),
        available: Object.fromEntries(
          pageLanguages().map((language) => [
            language.code,
            { lang_id: language.langId, locale: language.locale, name: languageSelfName(language.locale) },
          ]),
        ),
      };
    }
    return styled(answers, envelope(result), minimalLocale);
  });
}
