/**
 * Reads and checks every table in data/. A wrong edit fails the build with the file, the entry and
 * the reason, e.g. `data/promotions/zenit/ru/freebet30.json: zenit/ru/freebet30: date "2025-13-01" is not a date`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { joinPromotions, plannedLandings, type Landing } from '../src/domain/landings';
import {
  brandsSchema,
  languagesSchema,
  offersSchema,
  paymentsSchema,
  promoCodesSchema,
  casinoGamesSchema,
  slugsSchema,
  socialsSchema,
  translationsSchema,
  marketSchema,
  type MarketTable,
  type Translations,
} from './schemas';
import { checkCrossReferences } from './cross-checks';
import { checkCreativeFiles } from './creative-files';
import { checkMarkets, MARKETS_DIR } from './markets';
import { checkLedger, LEDGER_FILE, ledgerSchema } from './experiment-ledger';
import { checkExperiments } from './experiments';
import { experimentIssuePrefix } from './experiment-schema';
import { inCatalogueOrder, promotionFileOfEntry, readPromotionFiles } from './promotion-files';
import { formatProblem, TableError, type DataChanges, type FileProblem, type Tables } from './tables';

export { formatProblem, TableError, type DataChanges, type FileProblem, type Tables } from './tables';

function readJson(dataDir: string, file: string, problems: FileProblem[], changes: DataChanges): unknown {
  try {
    const changed = changes[file];
    if (changed === null) throw new Error('the file is removed; the build needs it');
    return JSON.parse(changed ?? fs.readFileSync(path.join(dataDir, file), 'utf8'));
  } catch (error) {
    problems.push({ severity: 'error', file: `data/${file}`, entry: '(file)', message: (error as Error).message });
    return undefined;
  }
}

/** "$schema" points editors at the JSON Schema of a table (npm run schemas); it is not table data. */
function withoutSchemaReference(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || !('$schema' in input)) return input;
  const { $schema: _reference, ...rest } = input as Record<string, unknown>;
  return rest;
}

/** Names the entry an issue is about by its key path. */
function entryOf(issuePath: readonly PropertyKey[]): string {
  return issuePath.length ? issuePath.map(String).join('/') : '(file)';
}

function parse<T>(dataDir: string, file: string, schema: z.ZodType<T>, problems: FileProblem[], changes: DataChanges): T | undefined {
  const input = readJson(dataDir, file, problems, changes);
  if (input === undefined) return undefined;
  const result = schema.safeParse(withoutSchemaReference(input));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const last = issue.path[issue.path.length - 1];
    const field = issue.path.length > 1 && typeof last === 'string' ? last : undefined;
    const entry = entryOf(field ? issue.path.slice(0, -1) : issue.path);
    const message = field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
    problems.push({
      severity: 'error',
      file: `data/${file}`,
      entry,
      message: `${experimentIssuePrefix(input, issue.path, message)}${message}`,
    });
  }
  return undefined;
}

export interface LoadedSite {
  tables: Tables;
  landings: Landing[];
  warnings: FileProblem[];
}

export interface CheckedSite {
  /** Null when a table is too broken to read the others against it. */
  tables: Tables | null;
  landings: Landing[];
  problems: FileProblem[];
}

/**
 * A language's texts that its schema refused (its problems are reported already), read as they are so the
 * checks against the other languages still run: a text too long is one problem, not also "missing".
 */
function readableTexts(dataDir: string, file: string, changes: DataChanges): Translations | undefined {
  const input = readJson(dataDir, file, [], changes);
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const entries = Object.entries(withoutSchemaReference(input) as Record<string, unknown>);
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The JSON files of a folder of data/ (i18n/, markets/), with those `changes` adds or removes. */
function folderFiles(dataDir: string, folder: string, changes: DataChanges): string[] {
  const full = path.join(dataDir, folder);
  const names = new Set(fs.existsSync(full) ? fs.readdirSync(full).filter((name) => name.endsWith('.json')) : []);
  for (const [file, text] of Object.entries(changes)) {
    const name = file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : undefined;
    if (!name || name.includes('/') || !name.endsWith('.json')) continue;
    if (text === null) names.delete(name);
    else names.add(name);
  }
  return [...names].sort();
}

/**
 * Reads every table and reports every problem without stopping at the first: what `npm run promos` shows.
 * With `changes`, the tables are read as if those files were written (nothing is written).
 */
export function checkSite(dataDir: string, now: number, changes: DataChanges = {}): CheckedSite {
  const problems: FileProblem[] = [];
  const read = <T>(file: string, schema: z.ZodType<T>) => parse(dataDir, file, schema, problems, changes);
  const brands = read('brands.json', brandsSchema);
  const languages = read('languages.json', languagesSchema);
  const slugs = read('slugs.json', slugsSchema);
  const offers = read('offers.json', offersSchema);
  const promoCodes = read('promo-codes.json', promoCodesSchema);
  const socials = read('socials.json', socialsSchema);
  const payments = read('payments.json', paymentsSchema);
  const promotionFiles = readPromotionFiles(dataDir, problems, changes);
  const casinoGames = read('casino-games.json', casinoGamesSchema);
  const ledger = read(LEDGER_FILE, ledgerSchema);
  const translations: Record<string, Translations> = {};
  for (const file of folderFiles(dataDir, 'i18n', changes)) {
    const table = read(`i18n/${file}`, translationsSchema) ?? readableTexts(dataDir, `i18n/${file}`, changes);
    if (table) translations[file.replace(/\.json$/, '')] = table;
  }
  const markets: Record<string, MarketTable> = {};
  // A market file that fails its schema is named by its own problems, not again as missing.
  const unreadMarkets = new Set<string>();
  for (const file of folderFiles(dataDir, MARKETS_DIR, changes)) {
    const table = read(`${MARKETS_DIR}/${file}`, marketSchema);
    if (table) markets[file.replace(/\.json$/, '')] = table;
    else unreadMarkets.add(file.replace(/\.json$/, ''));
  }
  if (!brands || !languages || !slugs || !offers || !promoCodes || !socials || !payments || !promotionFiles || !casinoGames) {
    return { tables: null, landings: [], problems };
  }
  const planned = plannedLandings(brands, slugs);
  const promotions = inCatalogueOrder(promotionFiles, planned);
  const tables: Tables = {
    brands,
    languages,
    slugs,
    offers,
    promoCodes,
    socials,
    payments,
    promotions,
    casinoGames,
    translations,
    markets,
  };
  problems.push(...checkCrossReferences(tables), ...checkMarkets(tables, unreadMarkets), ...checkCreativeFiles(dataDir, tables));
  const { landings, problems: promotionProblems } = joinPromotions(planned, promotions, now);
  problems.push(...promotionProblems.map((problem) => ({ ...problem, file: promotionFileOfEntry(problem.entry) })));
  problems.push(...checkExperiments(tables, landings, now));
  if (ledger) problems.push(...checkLedger(tables, ledger));
  return { tables, landings, problems };
}

/**
 * What a save of `changes` would add to the build's problems: each error or warning the tables have
 * with the files as the save leaves them and not as they are, in the build's own words. A save with an
 * error here is one the build would refuse; a problem another file already has does not hold it back.
 */
export function checkChanges(dataDir: string, now: number, changes: DataChanges): { errors: FileProblem[]; warnings: FileProblem[] } {
  const before = new Set(checkSite(dataDir, now).problems.map(formatProblem));
  const added = checkSite(dataDir, now, changes).problems.filter((problem) => !before.has(formatProblem(problem)));
  return {
    errors: added.filter((problem) => problem.severity === 'error'),
    warnings: added.filter((problem) => problem.severity === 'warning'),
  };
}

/** Loads the tables for a build: any error stops it (TableError), warnings are handed back. */
export function loadSite(dataDir: string, now: number): LoadedSite {
  const { tables, landings, problems } = checkSite(dataDir, now);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (!tables || errors.length) throw new TableError(errors);
  return { tables, landings, warnings: problems.filter((problem) => problem.severity === 'warning') };
}
