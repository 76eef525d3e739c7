import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

interface Country {
  country_id: number;
  code: string;
  name: string;
  phone_code: string;
}

const languages = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/languages.json'), 'utf8')) as {
  languages: Record<string, { region: string; countryId: number; langId: number }>;
};

describe('GET /ajax/data/country', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp();
  });
  afterAll(() => app.close());

  async function list(langId: string): Promise<Country[]> {
    const response = await app.inject({ url: `/ajax/data/country?lang_id=${langId}` });
    expect(response.statusCode).toBe(200);
    return response.json().result as Country[];
  }

  it('lists about forty countries with ids, upper-case codes and phone codes', async () => {
    const countries = await list('2');
    expect(countries.length).toBeGreaterThanOrEqual(35);
    for (const country of countries) {
      expect(Number.isInteger(country.country_id)).toBe(true);
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.phone_code).toMatch(/^\+\d{1,4}$/);
      expect(country.name.length).toBeGreaterThan(1);
    }
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
  });

  it('contains every landing country with the id and region of data/languages.json', async () => {
    const countries = await list('2');
    for (const [lang, entry] of Object.entries(languages.languages)) {
      const match = countries.find((country) => country.code === entry.region.toUpperCase());
      expect({ lang, country_id: match?.country_id }).toEqual({ lang, country_id: entry.countryId });
    }
  });

  it.each([
    ['1', 'RU', 'Россия'],
    ['2', 'RU', 'Russia'],
    ['6', 'DE', 'Alemanha'],
    ['1091', 'KZ', 'Qozogʻiston'],
    ['3', 'FR', 'Frankreich'],
  ])('names countries in the language of lang_id %s', async (langId, code, name) => {
    const countries = await list(langId);
    expect(countries.find((country) => country.code === code)?.name).toBe(name);
  });

  it('falls back to English names for a lang_id the site does not know', async () => {
    const countries = await list('999');
    expect(countries.find((country) => country.code === 'VN')?.name).toBe('Vietnam');
  });

  it.each(['', '?lang_id=', '?lang_id=ru', '?lang_id=1.5', '?lang_id=-1'])('rejects query "%s" with 400', async (query) => {
    const response = await app.inject({ url: `/ajax/data/country${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'lang_id_invalid', message: expect.any(String), field: 'lang_id' },
    });
  });
});
