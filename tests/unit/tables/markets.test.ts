/** The markets table: each country's consent mode and notices, and what the build refuses in it. */
import fs from 'node:fs';
import path from 'node:path';
import { checkSite, loadSite } from '../../../tables/load';
import { DATA_DIR, editedData } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

type Json = any;

function errorsOf(dir: string): string[] {
  return checkSite(dir, NOW)
    .problems.filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.file}: ${problem.entry}: ${problem.message}`);
}

function withFile(file: string, json: Json): string {
  const dir = editedData('markets/de.json', (same) => same);
  fs.writeFileSync(path.join(dir, file), JSON.stringify(json));
  return dir;
}

function withoutFile(file: string): string {
  const dir = editedData(file, (json) => json);
  fs.rmSync(path.join(dir, file));
  return dir;
}

test('the shipped markets: opt-in where the issue asks for it, a file for every country the brands sell in', () => {
  const { tables } = loadSite(DATA_DIR, NOW);
  const consent = Object.fromEntries(Object.entries(tables.markets).map(([country, market]) => [country, market.consent]));
  for (const country of ['de', 'fr', 'en', 'br', 'tr', 'kz']) expect(consent[country]).toBe('opt-in');
  expect(Object.keys(consent).sort()).toEqual(Object.keys(tables.languages.languages).sort());
  expect(tables.markets.de.notices?.helpline).toMatchObject({ phone: '0800 1 37 27 00', site: 'https://www.check-dein-spiel.de/' });
  expect(tables.markets.fr.notices?.helpline).toMatchObject({ phone: '09 74 75 13 13', site: 'https://www.joueurs-info-service.fr/' });
  expect(tables.markets.br.notices?.age).toBe(18);
});

test.each<[string, () => string, string]>([
  [
    'a country without its file',
    () => withoutFile('markets/de.json'),
    "data/markets/de.json: (file): missing: every country's landings need",
  ],
  [
    'a consent mode the site does not know',
    () => editedData('markets/fr.json', (json: Json) => ({ ...json, consent: 'implied' })),
    'data/markets/fr.json: consent: Invalid option: expected one of "opt-in"|"opt-out"|"none"',
  ],
  [
    'a file for a country of no language',
    () => withFile('markets/xx.json', { consent: 'none' }),
    'data/markets/xx.json: (file): "xx" is not a country of data/languages.json',
  ],
  [
    'a notice naming the helpline of a file that gives none',
    () => editedData('markets/br.json', (json: Json) => ({ ...json, notices: { ...json.notices, lines: ['risk', 'help'] } })),
    'data/markets/br.json: notices/lines: "help" names the helpline, but the file gives no helpline',
  ],
  [
    'a helpline number that is not one',
    () =>
      editedData('markets/de.json', (json: Json) => ({
        ...json,
        notices: { ...json.notices, helpline: { ...json.notices.helpline, tel: '0800 1 37 27 00' } },
      })),
    'data/markets/de.json: notices/helpline: tel: must be the international number, digits only',
  ],
  [
    'a licence the market requires left out',
    () =>
      editedData('markets/br.json', (json: Json) => ({
        ...json,
        notices: {
          ...json.notices,
          operator: { requireLicence: true, brands: { zenit: { name: 'Zenit', licence: 'SPA/MF 1' }, zenbet: { name: 'ZenBet' } } },
        },
      })),
    'data/markets/br.json: notices/operator/brands/zenbet: licence: this market requires the licence on every page (requireLicence); the operator fills it in',
  ],
  [
    'an operator line missing for a brand of the country',
    () =>
      editedData('markets/br.json', (json: Json) => ({
        ...json,
        notices: { ...json.notices, operator: { brands: { zenit: { name: 'Zenit' } } } },
      })),
    'data/markets/br.json: notices/operator/brands: zenbet sells in br: its operator line is missing',
  ],
  [
    'an operator line for a brand that does not sell there',
    () =>
      editedData('markets/br.json', (json: Json) => ({
        ...json,
        notices: {
          ...json.notices,
          operator: { brands: { zenit: { name: 'Zenit' }, zenbet: { name: 'ZenBet' }, cupis: { name: 'Зенит' } } },
        },
      })),
    'data/markets/br.json: notices/operator/brands/cupis: cupis does not sell in br',
  ],
])('%s is refused, naming the file, the entry and the reason', (_name, dir, expected) => {
  const errors = errorsOf(dir());
  expect(errors.filter((line) => line.startsWith(expected))).toHaveLength(1);
});

test('a market whose file is refused by its schema is not reported missing as well', () => {
  const errors = errorsOf(editedData('markets/fr.json', (json: Json) => ({ ...json, consent: 'implied' })));
  expect(errors.filter((line) => line.startsWith('data/markets/fr.json'))).toHaveLength(1);
});
