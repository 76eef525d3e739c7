import type { FastifyInstance } from 'fastify';
import type { AnswerStyle } from '../context';
import { minimalCountries, styled } from '../minimal';
import { ApiError, envelope } from '../errors';
import { countries } from '../fixtures/countries';
import { localeForLangId, parseLangId, regionName } from '../i18n';

export interface CountryEntry {
  country_id: number;
  code: string;
  name: string;
  phone_code: string;
}

export function countryList(locale: string): CountryEntry[] {
  return countries().map((country) => ({
    country_id: country.country_id,
    code: country.code,
    name: regionName(country.code, locale),
    phone_code: country.phone_code,
  }));
}

export function registerCountryRoutes(app: FastifyInstance, answers: AnswerStyle): void {
  app.get('/ajax/data/country', async (request) => {
    const { lang_id: raw } = request.query as Record<string, unknown>;
    const langId = parseLangId(raw);
    if (langId === undefined) {
      throw new ApiError(
        400,
        'lang_id_invalid',
        raw === undefined ? 'Query parameter lang_id is required' : 'Query parameter lang_id must be a number',
        'lang_id',
      );
    }
    return styled(answers, envelope(countryList(localeForLangId(langId))), minimalCountries);
  });
}
