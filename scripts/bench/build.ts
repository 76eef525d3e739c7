/** Timed Gatsby builds (cold and warm) and the one-row table edit between them. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BuildRun {
  /** Wall-clock seconds of the whole `gatsby build` process. */
  seconds: number;
  exitCode: number;
  /** Pages in the output (page-data.json files, the 720 landings plus index and 404). */
  pages: number;
  pagesPerSecond: number;
  /** Gatsby's own "Building static HTML for pages" step, when its line was found in the output. */
  htmlStep: HtmlStep | null;
  /** Gatsby's own step timings, longest first (steps can overlap: image jobs run beside bundling). */
  steps: BuildStep[];
  /** Last lines of the output, for a failed build. */
  tail: string;
}

export interface BuildStep {
  name: string;
  seconds: number;
}

export interface HtmlStep {
  seconds: number;
  pages: number;
  perSecond: number;
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/**
 * Gatsby ends the HTML step with a line like
 * `success Building static HTML for pages - 23.456s - 722/722 30.78/s`; the last such line counts.
 */
export function parseHtmlStep(output: string): HtmlStep | null {
  const pattern = /Building static HTML for pages - ([\d.]+)s - (\d+)\/(\d+) ([\d.]+)\/s/g;
  let found: HtmlStep | null = null;
  for (const match of output.replace(ANSI, '').matchAll(pattern)) {
    found = { seconds: Number(match[1]), pages: Number(match[3]), perSecond: Number(match[4]) };
  }
  return found;
}

/** Every `success <step> - 1.234s` line of the output, longest first, the same step name summed. */
export function parseSteps(output: string, limit = 8): BuildStep[] {
  const totals = new Map<string, number>();
  for (const match of output.replace(ANSI, '').matchAll(/^success (.+?) - ([\d.]+)s\b/gm)) {
    const name = match[1].trim();
    totals.set(name, (totals.get(name) ?? 0) + Number(match[2]));
  }
  return [...totals.entries()]
    .map(([name, seconds]) => ({ name, seconds }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, limit);
}

export function pagesPerSecond(pages: number, seconds: number): number {
  return seconds > 0 ? pages / seconds : 0;
}

export interface PromotionKey {
  brand: string;
  country: string;
  slug: string;
}

export interface TableEdit {
  row: PromotionKey;
  from: string;
  to: string;
  text: string;
}

/** YYYY-MM-DD plus some days, in UTC. */
export function shiftDate(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new Error(`"${date}" is not a date`);
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Moves one promotion's date by a day, editing only that row's text so the file stays as a marketer
 * would leave it. Falls back to the first row when the wanted one is not in the table.
 */
export function editPromotionDate(text: string, wanted: PromotionKey, days = 1): TableEdit {
  const rows: Array<{ match: RegExpMatchArray; row: Record<string, unknown> }> = [];
  for (const match of text.matchAll(/\{[^{}]*\}/g)) {
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(match[0]) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof row.brand === 'string' && typeof row.slug === 'string' && typeof row.date === 'string') rows.push({ match, row });
  }
  if (rows.length === 0) throw new Error('promotions.json has no rows to edit');
  const chosen =
    rows.find(({ row }) => row.brand === wanted.brand && row.country === wanted.country && row.slug === wanted.slug) ?? rows[0];
  const from = chosen.row.date as string;
  const to = shiftDate(from, days);
  const index = chosen.match.index ?? 0;
  const editedRow = chosen.match[0].replace(/("date"\s*:\s*")(\d{4}-\d{2}-\d{2})(")/, `$1${to}$3`);
  return {
    row: { brand: String(chosen.row.brand), country: String(chosen.row.country), slug: String(chosen.row.slug) },
    from,
    to,
    text: text.slice(0, index) + editedRow + text.slice(index + chosen.match[0].length),
  };
}

/** Applies the edit to data/promotions.json of a site copy. */
export function applyWarmEdit(siteDir: string, wanted: PromotionKey): Omit<TableEdit, 'text'> {
  const file = path.join(siteDir, 'data', 'promotions.json');
  const edit = editPromotionDate(fs.readFileSync(file, 'utf8'), wanted);
  fs.writeFileSync(file, edit.text);
  const { text: _text, ...rest } = edit;
  return rest;
}

/** Pages Gatsby wrote: one page-data.json per page. */
export function countPages(publicDir: string): number {
  const root = path.join(publicDir, 'page-data');
  if (!fs.existsSync(root)) return 0;
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === 'page-data.json') count += 1;
    }
  };
  walk(root);
  return count;
}

/**
 * `gatsby build --prefix-paths` in a site dir, as `npm run build` does, timed from spawn to exit.
 * The full output goes to logFile.
 */
export async function gatsbyBuild(siteDir: string, logFile: string, extraEnv: Record<string, string> = {}): Promise<BuildRun> {
  const gatsbyBin = path.join(siteDir, 'node_modules', '.bin', 'gatsby');
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...extraEnv };
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  let output = '';
  const started = process.hrtime.bigint();
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(gatsbyBin, ['build', '--prefix-paths'], { cwd: siteDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      output += chunk.toString('utf8');
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise<void>((resolve) => log.end(resolve));
  const pages = countPages(path.join(siteDir, 'public'));
  return {
    seconds,
    exitCode,
    pages,
    pagesPerSecond: pagesPerSecond(pages, seconds),
    htmlStep: parseHtmlStep(output),
    steps: parseSteps(output),
    tail: output.replace(ANSI, '').split('\n').slice(-30).join('\n'),
  };
}
