/**
 * The scale row: the tables at 1× and 10× (BENCH_SCALE_FACTORS), each size in its own copy of the working tree, built cold, warm
 * three times with the tables unchanged, then after a one-row edit of a promotion's date and one of its redirect.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ratio, row, type BudgetRow } from './budgets';
import { BUDGETS, EDITED_ROW, OUT_DIR, ROOT } from './config';
import { writeScaledTables } from '../scaled-tables';
import { applyEdit, copyWorkingTree, gatsbyBuild, removeDir, type BuildRun } from './sites';

const isFactor = (factor: number) => Number.isInteger(factor) && factor >= 1;
export type ScaleStep = { kind: 'cold' | 'warm' | 'edit: date' | 'edit: redirect'; round?: number };
/** HTML files under public/ a build wrote again (mtime), changed (content) or added. */
export type HtmlChanges = Record<'rewritten' | 'changed' | 'added', string[]>;
export type ScaleBuild = BuildRun & ScaleStep & { cacheBytes: number; html: HtmlChanges };
export type FactorRun = { factor: number; landings: number; builds: ScaleBuild[] };
export type ScaleResult = { runs: FactorRun[]; verdicts: BudgetRow[]; errors: string[] };
const label = ({ kind, round }: ScaleStep) => `${kind}${round ? ` ${round}` : ''}`;
/** BENCH_SCALE_FACTORS="1,10,20"; 1 is always measured first, being what the others are held against. */
export const scaleFactors = (raw: string | undefined): number[] =>
  [...new Set([1, ...(raw ?? '1,10').split(',').map(Number)])].filter(isFactor).sort((a, b) => a - b);
// Files only: Gatsby also writes folders named like pages (page-data/404.html/).
const files = (dir: string, suffix = '') =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(suffix) && isFile(dir, f)) : [];
const isFile = (dir: string, f: string) => fs.lstatSync(path.join(dir, f)).isFile();
const dirBytes = (dir: string) => files(dir).reduce((sum, f) => sum + fs.lstatSync(path.join(dir, f)).size, 0);
const stamp = (f: string) => ({ mtimeMs: fs.statSync(f).mtimeMs, sha1: createHash('sha1').update(fs.readFileSync(f)).digest('hex') });
const snapshot = (dir: string) => new Map(files(dir, '.html').map((f) => [f, stamp(path.join(dir, f))] as const));
export function compareHtml(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>): HtmlChanges {
  const [kept, added] = [[...after.keys()].filter((f) => before.has(f)).sort(), [...after.keys()].filter((f) => !before.has(f)).sort()];
  const differ = (key: 'mtimeMs' | 'sha1') => kept.filter((f) => after.get(f)![key] !== before.get(f)![key]);
  return { rewritten: differ('mtimeMs'), changed: differ('sha1'), added };
}
export const pagePathOf = (file: string) => `/${file.split(path.sep).join('/')}`.replace(/\/index\.html$/, '/');
const STEPS: ScaleStep[] = [{ kind: 'cold' }, { kind: 'warm', round: 1 }, { kind: 'warm', round: 2 }, { kind: 'warm', round: 3 }];
STEPS.push({ kind: 'edit: date' }, { kind: 'edit: redirect' });
const copies = new Set<string>(); // the copies being built, removed on an interrupt too unless BENCH_KEEP=1
export const removeScaleCopies = (): void => copies.forEach((dir) => copies.delete(dir) && removeDir(dir));

export async function runScale(factors: number[], log: (message: string) => void): Promise<ScaleResult> {
  const [errors, sites]: [string[], Array<{ run: FactorRun; dir: string; failed?: boolean }>] = [[], []];
  try {
    for (const factor of factors) {
      const dir = copyWorkingTree(ROOT, 'scale');
      if (process.env.BENCH_KEEP !== '1') copies.add(dir);
      sites.push({ dir, run: { factor, landings: writeScaledTables(dir, factor), builds: [] } });
      log(`scale ${factor}×: ${sites.at(-1)!.run.landings} promotion rows in ${dir}`);
    }
    // Step by step across the sizes, so that the two builds of a ratio run minutes apart on a machine whose load drifts.
    for (const step of STEPS)
      for (const site of sites.filter((entry) => !entry.failed)) {
        const [name, publicDir] = [`${site.run.factor}× ${label(step)}`, path.join(site.dir, 'public')];
        try {
          if (step.kind.startsWith('edit')) applyEdit(site.dir, EDITED_ROW, step.kind === 'edit: date' ? 'date' : 'redirect_to');
          const before = snapshot(publicDir);
          const run = await gatsbyBuild(site.dir, path.join(OUT_DIR, `scale-${name.replace('×', 'x').replace(/\W+/g, '-')}.log`));
          const html = compareHtml(before, snapshot(publicDir));
          site.run.builds.push({ ...run, ...step, cacheBytes: dirBytes(path.join(site.dir, '.cache')), html });
          log(`scale ${name}: ${run.seconds.toFixed(1)} s, ${run.pages} pages, ${html.rewritten.length} HTML files rewritten`);
          if (run.exitCode !== 0) throw new Error(`exit ${run.exitCode}:\n${run.tail}`);
        } catch (error) {
          errors.push(`scale ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
          site.failed = true; // the next builds of that copy would start from a broken state; the other sizes go on
        }
      }
  } finally {
    removeScaleCopies();
  }
  return { runs: sites.map((site) => site.run), verdicts: scaleVerdicts(sites.map((site) => site.run)), errors };
}
const ok = (run: FactorRun | undefined, name: string) => run?.builds.find((build) => label(build) === name && build.exitCode === 0);
const written = ({ html }: ScaleBuild) => [...new Set([...html.rewritten, ...html.changed, ...html.added])].map(pagePathOf);
/** An edit may rewrite the edited landing and the pages listing every landing; a warm build of unchanged tables may rewrite none. */
const EDITED = ['/', '/404.html', '/404/', `/${EDITED_ROW.brand}/${EDITED_ROW.country}/${EDITED_ROW.slug}/`];
export const unexpectedRewrites = (build: ScaleBuild) => written(build).filter((page) => build.kind === 'warm' || !EDITED.includes(page));

export function scaleVerdicts(runs: readonly FactorRun[]): BudgetRow[] {
  const { scaleWallRatioMax: wallMax, scaleWallFactor, scaleCacheGrowthMax: cacheMax, scaleStepFloorS: floor } = BUDGETS;
  const [base, verdicts] = [runs.find((run) => run.factor === 1), [] as BudgetRow[]];
  for (const run of runs) {
    for (const kind of base && run !== base ? (['cold', 'warm'] as const) : []) {
      const [one, many] = [base, run].map((sized) => ok(sized, kind === 'warm' ? 'warm 1' : kind));
      const wall = row(`scale-${kind}-wall-time`, `${run.factor}× against 1×`, ratio(many?.seconds, one?.seconds), wallMax, '<=', '×');
      verdicts.push(run.factor === scaleWallFactor ? wall : { ...wall, pass: null, detail: `judged at ${scaleWallFactor}× only` });
      const pages = one && many ? many.pages / one.pages : NaN;
      for (const { name, seconds } of many?.steps ?? []) {
        const before = one?.steps.find((step) => step.name === name)?.seconds;
        const detail = `${before?.toFixed(1)} s → ${seconds.toFixed(1)} s, pages ${pages.toFixed(2)}×; under ${floor} s passes`;
        const judged = row(`scale-${kind}-step`, `${name} (${run.factor}×)`, ratio(seconds, before), pages, '<=', '×', detail);
        if (before !== undefined) verdicts.push({ ...judged, pass: seconds < floor || seconds <= pages * before });
      }
    }
    const [first, later] = [ok(run, 'warm 1')?.cacheBytes, ['warm 2', 'warm 3'].flatMap((name) => ok(run, name)?.cacheBytes ?? [])];
    const growth = first && later.length ? (Math.max(...later) / first - 1) * 100 : null;
    verdicts.push(row('scale-cache-growth', `${run.factor}×`, growth, cacheMax * 100, '<=', '%', '.cache after warm 2 and 3 above warm 1'));
    for (const build of run.builds.filter((entry) => entry.kind !== 'cold')) {
      const [id, unexpected] = [`scale-${build.kind === 'warm' ? 'warm' : 'edit'}-rewrites`, unexpectedRewrites(build)];
      const [measured, detail] = [build.exitCode === 0 ? unexpected.length : null, unexpected.slice(0, 3).join(', ')];
      verdicts.push(row(id, `${run.factor}× ${label(build)}`, measured, 0, '<=', 'HTML files', `${detail}${unexpected[3] ? ' …' : ''}`));
    }
  }
  return verdicts;
}
const HEADER = ['Tables', 'Pages', 'Cold', 'Warm 1/2/3', 'Edit: date', 'Edit: redirect', 'Peak RSS', '.cache warm 1→2→3', 'HTML by edits'];
/** One row of builds per size, then its ratios against 1×. */
export function scaleTable({ runs }: ScaleResult): { header: string[]; rows: string[][] } {
  const s = (build?: ScaleBuild) => (build ? `${build.seconds.toFixed(1)} s` : '—');
  const x = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}×`);
  const base = runs.find((run) => run.factor === 1);
  const rows = runs.flatMap((run) => {
    const [cold, warm1, warm2, warm3, date, redirect] = STEPS.map((step) => ok(run, label(step)));
    const cache = [warm1, warm2, warm3].map((build) => (build ? (build.cacheBytes / 1e6).toFixed(0) : '—')).join(' → ');
    const rss = Math.max(0, ...run.builds.map((build) => build.peakRssBytes ?? 0)) / 1e9;
    const line = [`${run.factor}×`, String(cold?.pages ?? '—'), s(cold), [warm1, warm2, warm3].map(s).join(' / '), s(date), s(redirect)];
    line.push(`${rss.toFixed(2)} GB`, `${cache} MB`, [date, redirect].map((build) => (build ? written(build).length : '—')).join(' / '));
    const [one, oneWarm] = [ok(base, 'cold'), ok(base, 'warm 1')];
    const ratios = [ratio(cold?.pages, one?.pages), ratio(cold?.seconds, one?.seconds), ratio(warm1?.seconds, oneWarm?.seconds)].map(x);
    return run === base ? [line] : [line, [`${run.factor}× ÷ 1×`, ...ratios, '', '', '', '', '']];
  });
  return { header: HEADER, rows };
}
