/** The bench's N× tables (scripts/scaled-tables.ts): a marketer's growth of the tables, still valid, written as the repository keeps them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSite } from '../../../tables/load';
import { scaleTables, variantNames, writeScaledTables } from '../../../scripts/scaled-tables';

const DATA_DIR = path.resolve(__dirname, '../../../data');
const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('scaled tables', () => {
  let dir: string;
  let rows: number;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-scale-'));
    fs.cpSync(DATA_DIR, path.join(dir, 'data'), { recursive: true });
    rows = writeScaledTables(dir, 10);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('ten times the tables are 260 slugs and 7,200 landings with no table problem', () => {
    expect(rows).toBe(7200);
    const site = checkSite(path.join(dir, 'data'), NOW);
    expect(site.problems).toEqual([]);
    expect(Object.keys(site.tables!.slugs)).toHaveLength(260);
    expect(site.landings).toHaveLength(7200);
  });

  test('a copy keeps its original offer, amount, date and redirect', () => {
    const site = checkSite(path.join(dir, 'data'), NOW);
    const { tables } = site;
    expect(tables!.slugs.bonus20000_v4).toEqual(tables!.slugs.bonus20000);
    expect(tables!.offers.br.amounts.bonus35000_betgold_v10).toBe(tables!.offers.br.amounts.bonus35000_betgold);
    const row = (slug: string) => site.landings.find((landing) => landing.path === `/zenit/ae/${slug}/`)!.row;
    expect({ ...row('freebet5000_v3'), slug: 'freebet5000' }).toEqual(row('freebet5000'));
  });

  test('each copy is a landing file of its own, and only the original row keeps its A/B experiment', () => {
    const zenitRu = (slug: string) =>
      JSON.parse(fs.readFileSync(path.join(dir, 'data', 'promotions', 'zenit', 'ru', `${slug}.json`), 'utf8'));
    expect(zenitRu('bonus25000').experiment).toMatchObject({ id: 'bonus25000-headline-1' });
    expect(zenitRu('bonus25000_v2')).toEqual({ brand: 'zenit', country: 'ru', slug: 'bonus25000_v2', date: '2099-12-31' });
    // zenit has 24 landings in ru.
    expect(fs.readdirSync(path.join(dir, 'data', 'promotions', 'zenit', 'ru'))).toHaveLength(240);
  });

  test('at 1× the tables are written back as the repository keeps them, byte for byte', () => {
    const one = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-scale-1-'));
    try {
      fs.cpSync(DATA_DIR, path.join(one, 'data'), { recursive: true });
      expect(writeScaledTables(one, 1)).toBe(720);
      const promotionFiles = (fs.readdirSync(path.join(DATA_DIR, 'promotions'), { recursive: true }) as string[])
        .filter((file) => file.endsWith('.json'))
        .map((file) => path.join('promotions', file));
      expect(promotionFiles).toHaveLength(720);
      for (const file of [...promotionFiles, 'slugs.json', 'offers.json'])
        expect(fs.readFileSync(path.join(one, 'data', file), 'utf8')).toBe(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'));
    } finally {
      fs.rmSync(one, { recursive: true, force: true });
    }
  });

  test('variant names, and every slug, amount and row cloned by hand', () => {
    expect(variantNames('quiz', 3)).toEqual(['quiz', 'quiz_v2', 'quiz_v3']);
    expect(variantNames('quiz', 1)).toEqual(['quiz']);
    const tables = {
      slugs: { $schema: 's.json', quiz: { offer: 'quiz', experiment: 'x' } },
      offers: { $schema: 'o.json', ru: { currency: 'RUB', amounts: { quiz: 500 } } },
      promotions: [{ brand: 'zenit', country: 'ru', slug: 'quiz', date: '2026-12-31', experiment: 'x' }],
    };
    expect(scaleTables(tables, 2)).toEqual({
      slugs: { $schema: 's.json', quiz: { offer: 'quiz', experiment: 'x' }, quiz_v2: { offer: 'quiz' } },
      offers: { $schema: 'o.json', ru: { currency: 'RUB', amounts: { quiz: 500, quiz_v2: 500 } } },
      promotions: [
        { brand: 'zenit', country: 'ru', slug: 'quiz', date: '2026-12-31', experiment: 'x' },
        { brand: 'zenit', country: 'ru', slug: 'quiz_v2', date: '2026-12-31' },
      ],
    });
    expect(() => scaleTables(tables, 0)).toThrow(/scale factor/);
    expect(() => scaleTables(tables, 1.5)).toThrow(/scale factor/);
  });
});
