/**
 * The promotions table as files: one per landing, data/promotions/{brand}/{country}/{slug}.json, holding
 * that landing's row, so an edit (in the browser editor or by hand) touches one landing's file and its
 * diff is that landing's change. The file's place names its landing: a row naming another is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { entryName, type LandingKey } from '../src/domain/landings';
import { experimentIssuePrefix } from './experiment-schema';
import { promotionRowSchema, type PromotionRowInput } from './schemas';
import type { DataChanges, FileProblem } from './tables';

export const PROMOTIONS_DIR = 'promotions';

/** A landing's file, relative to data/: "promotions/zenit/ru/quiz.json". */
export function promotionFile(key: LandingKey): string {
  return `${PROMOTIONS_DIR}/${key.brand}/${key.country}/${key.slug}.json`;
}

/** The name a problem gives a landing's file: "data/promotions/zenit/ru/quiz.json". */
export function promotionFileName(key: LandingKey): string {
  return `data/${promotionFile(key)}`;
}

/** The problem's file for an entry named "brand/country/slug". */
export function promotionFileOfEntry(entry: string): string {
  return `data/${PROMOTIONS_DIR}/${entry}.json`;
}

const KEY_ORDER = Object.keys(promotionRowSchema.shape);

/** A row as its file holds it: the keys in the schema's order (brand, country, slug, date, …), two-space indented. */
export function promotionFileText(row: Readonly<Record<string, unknown>>): string {
  const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);
  const ordered = Object.fromEntries(Object.entries(row).sort(([a], [b]) => rank(a) - rank(b)));
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Replaces data/promotions/ with one file per row (migrations, N× tables, test copies). */
export function writePromotionFiles(dataDir: string, rows: readonly Readonly<Record<string, unknown>>[]): void {
  fs.rmSync(path.join(dataDir, PROMOTIONS_DIR), { recursive: true, force: true });
  for (const row of rows) {
    const file = path.join(dataDir, promotionFile(row as unknown as LandingKey));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, promotionFileText(row));
  }
}

function rowIssueProblems(file: string, entry: string, input: unknown, issues: z.ZodError['issues']): FileProblem[] {
  return issues.map((issue) => {
    const last = issue.path[issue.path.length - 1];
    const field = typeof last === 'string' ? last : undefined;
    const message = field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
    return { severity: 'error', file, entry, message: `${experimentIssuePrefix(input, issue.path, message)}${message}` };
  });
}

/** One landing's file read and checked against its schema and its place; null (with the problems) when refused. */
export function parsePromotionFile(key: LandingKey, text: string): { row: PromotionRowInput | null; problems: FileProblem[] } {
  const file = promotionFileName(key);
  const entry = entryName(key);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { row: null, problems: [{ severity: 'error', file, entry, message: (error as Error).message }] };
  }
  const result = promotionRowSchema.safeParse(input);
  if (!result.success) return { row: null, problems: rowIssueProblems(file, entry, input, result.error.issues) };
  const named = entryName(result.data);
  if (named !== entry) {
    const message = `brand, country and slug say ${named}, but the file's place says ${entry}: move the file to ${promotionFileName(result.data)} or correct them`;
    return { row: null, problems: [{ severity: 'error', file, entry, message }] };
  }
  return { row: result.data, problems: [] };
}

/**
 * Each entry of data/promotions/ down to a landing's file ("zenit/ru/quiz.json"), and whether it is a plain
 * file. The folder is walked level by level: it is three levels deep, and its few one-level reads cost
 * less than readdir's recursive option on a path every build takes.
 */
function listPromotionFolder(root: string): Map<string, boolean> {
  const listed = new Map<string, boolean>();
  const walk = (dir: string, prefix: string, depth: number) => {
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (dirent.isDirectory() && depth < 2) walk(path.join(dir, dirent.name), `${prefix}${dirent.name}/`, depth + 1);
      else listed.set(`${prefix}${dirent.name}`, dirent.isFile());
    }
  };
  walk(root, '', 0);
  return listed;
}

/**
 * Every landing's file under data/promotions/, in one walk of the folder, sorted by brand, country and file
 * name, with `changes` laid over them; anything else in the folder is refused, so a misplaced file is
 * never silently left out.
 */
export function readPromotionFiles(dataDir: string, problems: FileProblem[], changes: DataChanges = {}): PromotionRowInput[] | undefined {
  let listed: Map<string, boolean>;
  try {
    listed = listPromotionFolder(path.join(dataDir, PROMOTIONS_DIR));
  } catch (error) {
    problems.push({ severity: 'error', file: `data/${PROMOTIONS_DIR}/`, entry: '(folder)', message: (error as Error).message });
    return undefined;
  }
  for (const [file, text] of Object.entries(changes)) {
    if (!file.startsWith(`${PROMOTIONS_DIR}/`)) continue;
    if (text === null) listed.delete(file.slice(PROMOTIONS_DIR.length + 1));
    else listed.set(file.slice(PROMOTIONS_DIR.length + 1), true);
  }
  const found: LandingKey[] = [];
  let refused = false;
  for (const [file, isFile] of listed) {
    const parts = file.split('/');
    if (parts.length === 3 && isFile && parts[2].endsWith('.json')) {
      found.push({ brand: parts[0], country: parts[1], slug: parts[2].slice(0, -'.json'.length) });
      continue;
    }
    refused = true;
    problems.push({
      severity: 'error',
      file: `data/${PROMOTIONS_DIR}/${file}`,
      entry: '(file)',
      message: `not a landing's file: each landing has data/${PROMOTIONS_DIR}/{brand}/{country}/{slug}.json and the folder holds nothing else`,
    });
  }
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  found.sort((a, b) => byCodePoint(a.brand, b.brand) || byCodePoint(a.country, b.country) || byCodePoint(a.slug, b.slug));
  const rows: PromotionRowInput[] = [];
  for (const key of found) {
    let text: string;
    try {
      text = changes[promotionFile(key)] ?? fs.readFileSync(path.join(dataDir, promotionFile(key)), 'utf8');
    } catch (error) {
      refused = true;
      problems.push({ severity: 'error', file: promotionFileName(key), entry: entryName(key), message: (error as Error).message });
      continue;
    }
    const parsed = parsePromotionFile(key, text);
    problems.push(...parsed.problems);
    if (parsed.row) rows.push(parsed.row);
    else refused = true;
  }
  return refused ? undefined : rows;
}

/** The rows in the catalogue's order (brands.json's brands, their countries, slugs.json's slugs), then any others. */
export function inCatalogueOrder<Row extends LandingKey>(rows: readonly Row[], planned: readonly LandingKey[]): Row[] {
  const rank = new Map(planned.map((key, index) => [entryName(key), index]));
  const at = (row: Row) => rank.get(entryName(row)) ?? planned.length;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => at(a.row) - at(b.row) || a.index - b.index)
    .map(({ row }) => row);
}
