/**
 * A text edit's reach (GET /__admin/reach): the landings of the language whose pages show the edited
 * texts, counted by hand from the tables (slugs.json's offer families, the brands selling in kz).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

let app: FastifyInstance;

beforeAll(() => {
  app = makeApp({ admin: { repoDir: ROOT, localBackend: null, repo: 'o/r' } });
});

afterAll(async () => app?.close());

async function reach(language: string, keys: string[]): Promise<string[]> {
  const response = await app.inject({ url: `/__admin/reach?language=${language}&keys=${keys.join(',')}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { landings: string[] }).landings.sort();
}

test('an offer family’s headline reaches the landings of that family in the language, and no other', async () => {
  expect(await reach('kz', ['offer.sportBonus.title'])).toEqual(
    ['zenbet', 'zenit'].flatMap((brand) => ['bonus20000', 'bonus25000', 'bonus30000', 'bonus35000'].map((slug) => `${brand}/kz/${slug}`)),
  );
  // bonus35000_betgold runs in Brazil alone: a Portuguese headline reaches it there, with the other four.
  expect(await reach('br', ['offer.sportBonus.title'])).toContain('zenbet/br/bonus35000_betgold');
});

test('a text of every page reaches every landing of the language; the 404 page’s text reaches none', async () => {
  // zenit and zenbet sell in Kazakhstan, each with the 23 slugs not limited to other countries.
  expect(await reach('kz', ['header.login'])).toHaveLength(46);
  expect(await reach('kz', ['notFound.title'])).toEqual([]);
});
