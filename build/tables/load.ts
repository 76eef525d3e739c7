/**
 * Reads and checks every table in data/. A wrong edit fails the build with the file, the entry and
 * the reason, e.g. `data/promotions/zenit/ru/freebet30.json: zenit/ru/freebet30: date "2025-13-01" is not a date`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { joinPromotions, plannedLandings, type Landing } from '../../src/domain/landings';
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
  type Translations,
} from './schemas';
import { checkCrossReferences } from './cross-checks';
import { checkCreativeFiles } from './creative-files';
import { checkExperiments } from './experiments';
import { experimentIssuePrefix } from './experiment-schema';
import { inCatalogueOrder, promotionFileOfEntry, readPromotionFiles } from './promotion-files';
import { TableError, type FileProblem, type Tables } from './tables';

export { formatProblem, TableError, type FileProblem, type Tables } from './tables';

function readJson(dataDir: string, file: string, problems: FileProblem[]): unknown {
  const full = path.join(dataDir, file);
  try {
    return JSON.parse(fs.readFileSync(full, 'utf8'));
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

function parse<T>(dataDir: string, file: string, schema: z.ZodType<T>, problems: FileProblem[]): T | undefined {
  const input = readJson(dataDir, file, problems);
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

/** Reads every table and reports every problem without stopping at the first: what `npm run promos` shows. */
export function checkSite(dataDir: string, now: number): CheckedSite {
  const problems: FileProblem[] = [];
  const brands = parse(dataDir, 'brands.json', brandsSchema, problems);
  const languages = parse(dataDir, 'languages.json', languagesSchema, problems);
  const slugs = parse(dataDir, 'slugs.json', slugsSchema, problems);
  const offers = parse(dataDir, 'offers.json', offersSchema, problems);
  const promoCodes = parse(dataDir, 'promo-codes.json', promoCodesSchema, problems);
  const socials = parse(dataDir, 'socials.json', socialsSchema, problems);
  const payments = parse(dataDir, 'payments.json', paymentsSchema, problems);
  const promotionFiles = readPromotionFiles(dataDir, problems);
  const casinoGames = parse(dataDir, 'casino-games.json', casinoGamesSchema, problems);
  const translations: Record<string, Translations> = {};
  for (const file of fs
    .readdirSync(path.join(dataDir, 'i18n'))
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const table = parse(dataDir, `i18n/${file}`, translationsSchema, problems);
    if (table) translations[file.replace(/\.json$/, '')] = table;
  }
  if (!brands || !languages || !slugs || !offers || !promoCodes || !socials || !payments || !promotionFiles || !casinoGames) {
    return { tables: null, landings: [], problems };
  }
  const planned = plannedLandings(brands, slugs);
  const promotions = inCatalogueOrder(promotionFiles, planned);
  const tables: Tables = { brands, languages, slugs, offers, promoCodes, socials, payments, promotions, casinoGames, translations };
  problems.push(...checkCrossReferences(tables), ...checkCreativeFiles(dataDir, tables));
  const { landings, problems: promotionProblems } = joinPromotions(planned, promotions, now);
  problems.push(...promotionProblems.map((problem) => ({ ...problem, file: promotionFileOfEntry(problem.entry) })));
  problems.push(...checkExperiments(tables, landings, now));
  return { tables, landings, problems };
}

/** Loads the tables for a build: any error stops it (TableError), warnings are handed back. */
export function loadSite(dataDir: string, now: number): LoadedSite {
  const { tables, landings, problems } = checkSite(dataDir, now);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (!tables || errors.length) throw new TableError(errors);
  return { tables, landings, warnings: problems.filter((problem) => problem.severity === 'warning') };
}
