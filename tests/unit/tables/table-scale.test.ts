/**
 * The build's table step grows with the landings, not with their square: marketers add slugs and
 * countries, and a step that compares every landing with every other one soon dominates the build.
 * The work is counted (every property read on the tables and landings), so the check does not depend on
 * how busy the machine is: twice the landings may cost about twice the reads, where a quadratic step costs four times.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expiredRedirects, joinPromotions, plannedLandings, type Landing } from '../../../src/domain/landings';
import { checkCrossReferences } from '../../../tables/cross-checks';
import { loadSite, type Tables } from '../../../tables/load';
import { indexContext, indexLandings, landingContext, notFoundContext } from '../../../gatsby/page-context/page-contexts';
import { writeScaledTables } from '../../../scripts/scaled-tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DATA_DIR = path.resolve(__dirname, '../../../data');

/** Deep proxies that count every read of a property, of an object or of anything reached through it. */
function readCounter() {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = <T extends object>(target: T): T => {
    const known = proxies.get(target);
    if (known) return known as T;
    const proxy = new Proxy(target, {
      get(object, key, receiver) {
        reads += 1;
        const value = Reflect.get(object, key, receiver) as unknown;
        return value !== null && typeof value === 'object' ? wrap(value) : value;
      },
      ownKeys(object) {
        reads += 1;
        return Reflect.ownKeys(object);
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };
  return { wrap, reads: () => reads };
}

/** The tables scaled the way the bench's scale row grows them: every slug cloned `factor` times. */
function scaledSite(factor: number): { tables: Tables; landings: Landing[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-scale-'));
  try {
    fs.cpSync(DATA_DIR, path.join(dir, 'data'), { recursive: true });
    writeScaledTables(dir, factor);
    return loadSite(path.join(dir, 'data'), NOW);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Everything gatsby-node does with the loaded tables to make the pages. The tables that grow with the
 * landings (brands, slugs, offers, promotions) and the landings are counted; languages and texts are not:
 * they do not grow with the landings, and each context reads a fixed share of them.
 */
function tableStepReads(site: { tables: Tables }): number {
  const { wrap, reads } = readCounter();
  const tables: Tables = {
    ...site.tables,
    brands: wrap(site.tables.brands),
    slugs: wrap(site.tables.slugs),
    offers: wrap(site.tables.offers),
    promotions: wrap(site.tables.promotions),
  };
  const planned = plannedLandings(tables.brands, tables.slugs);
  checkCrossReferences(tables);
  const landings = wrap(joinPromotions(planned, tables.promotions, NOW).landings);
  const index = indexLandings(landings, tables, NOW);
  for (const landing of landings) landingContext(landing, tables, index);
  expiredRedirects(landings, NOW);
  indexContext(tables);
  notFoundContext(tables, landings);
  return reads();
}

/** Twenty thousand landings and half as many: a quadratic step would dominate at either size. */
const SMALL = scaledSite(14);
const LARGE = scaledSite(28);

test('the sizes compared are about 10,000 and 20,000 landings', () => {
  expect(SMALL.landings).toHaveLength(720 * 14);
  expect(LARGE.landings).toHaveLength(720 * 28);
});

test('twice the landings cost at most about twice the work, from the tables to every page context', () => {
  const ratio = tableStepReads(LARGE) / tableStepReads(SMALL);
  expect(ratio).toBeGreaterThan(1.8);
  expect(ratio).toBeLessThan(2.2);
});

test('the count does show a quadratic step: alternates found by scanning every landing', () => {
  // Smaller sizes keep the control quick: a quadratic count quadruples at any size.
  const scanForAlternates = (all: readonly Landing[]) => {
    const { wrap, reads } = readCounter();
    const landings = wrap(all);
    for (const landing of landings) landings.filter((other) => other.brand === landing.brand && other.slug === landing.slug);
    return reads();
  };
  expect(scanForAlternates(SMALL.landings.slice(0, 800)) / scanForAlternates(SMALL.landings.slice(0, 400))).toBeGreaterThan(3.5);
});

test('each landing still lists its open language versions, and only those', () => {
  const index = indexLandings(SMALL.landings, SMALL.tables, NOW);
  const landing = SMALL.landings.find((entry) => entry.path === '/zenit/ru/bonus20000_v7/')!;
  const alternates = landingContext(landing, SMALL.tables, index).alternates.map((alternate) => alternate.path);
  expect(alternates).toHaveLength(SMALL.tables.brands.zenit.countries.length);
  expect(alternates).toContain('/zenit/ru/bonus20000_v7/');
  expect(alternates.every((entry) => /^\/zenit\/\w+\/bonus20000_v7\/$/.test(entry))).toBe(true);
  // US-Open ended in 2021 everywhere: its pages point at no version of it.
  const over = SMALL.landings.find((entry) => entry.path === '/zenit/ru/US-Open_v3/')!;
  expect(landingContext(over, SMALL.tables, index).alternates).toEqual([]);
});
