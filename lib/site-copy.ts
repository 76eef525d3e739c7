/**
 * A copy of the working tree to build in (node_modules linked, no public/ or .cache/, so the developer's
 * tree stays as it is) and the one runner of `gatsby build` that the bench and the build-testing suites share.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Top-level entries that are build output, caches or history, not sources. */
const NOT_COPIED = new Set(['node_modules', 'public', '.cache', 'test-results', '.git', 'bench', 'playwright-report', 'coverage', 'var']);

export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `promo-bench-${label}-`));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * A fresh copy of the working tree: no .cache, no public, node_modules linked to the repository's. With
 * `ownNodeModules`, node_modules is a tree of hard links inside the copy instead, as in a checkout of its
 * own: webpack follows a link to its target, so through the link every module would keep the
 * repository's path.
 */
export function copyWorkingTree(root: string, label = 'site', options: { ownNodeModules?: boolean } = {}): string {
  const dir = makeTempDir(label);
  fs.cpSync(root, dir, { recursive: true, filter: (source) => !NOT_COPIED.has(path.relative(root, source).split(path.sep)[0]) });
  if (options.ownNodeModules) execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  else fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The tree of one commit (git archive), node_modules linked to the repository's: the same dependencies, another commit's sources. */
export function copyCommit(root: string, commit: string, label = 'commit'): string {
  const dir = makeTempDir(label);
  const archive = execFileSync('git', ['-C', root, 'archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive, maxBuffer: 1 << 30 });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export interface BuildRun {
  seconds: number;
  exitCode: number;
  /** One page-data.json per page. */
  pages: number;
  /** Every `success <step> - 1.234s` line Gatsby printed, the same step summed, longest first. */
  steps: Array<{ name: string; seconds: number }>;
  /** The largest resident set of the build's processes (GNU time's %M); null without /usr/bin/time. */
  peakRssBytes: number | null;
  loadAverage: number;
  tail: string;
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
const TIME = '/usr/bin/time';

export function parseSteps(output: string): BuildRun['steps'] {
  const totals = new Map<string, number>();
  for (const [, name, seconds] of output.replace(ANSI, '').matchAll(/^success (.+?) - ([\d.]+)s\b/gm))
    totals.set(name.trim(), (totals.get(name.trim()) ?? 0) + Number(seconds));
  return [...totals].map(([name, seconds]) => ({ name, seconds })).sort((a, b) => b.seconds - a.seconds);
}

export function countPages(publicDir: string): number {
  const root = path.join(publicDir, 'page-data');
  if (!fs.existsSync(root)) return 0;
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => path.basename(file) === 'page-data.json').length;
}

/**
 * `gatsby build --prefix-paths` in a site dir, as `npm run build` runs it, timed from spawn to exit; the output
 * goes to logFile, and to onOutput as it comes (the editor's preview shows the build's progress with it).
 */
export async function gatsbyBuild(siteDir: string, logFile: string, onOutput?: (text: string) => void): Promise<BuildRun> {
  const gatsby = path.join(siteDir, 'node_modules', '.bin', 'gatsby');
  const [command, args] = fs.existsSync(TIME)
    ? [TIME, ['-f', 'BENCH_PEAK_RSS_KB %M', gatsby, 'build', '--prefix-paths']]
    : [gatsby, ['build', '--prefix-paths']];
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  let output = '';
  const loadAverage = os.loadavg()[0];
  const started = process.hrtime.bigint();
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(command, args, { cwd: siteDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      output = (output + chunk.toString('utf8')).slice(-2_000_000);
      onOutput?.(chunk.toString('utf8').replace(ANSI, ''));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise<void>((resolve) => log.end(resolve));
  const rss = /BENCH_PEAK_RSS_KB (\d+)/.exec(output);
  return {
    seconds,
    exitCode,
    pages: countPages(path.join(siteDir, 'public')),
    steps: parseSteps(output),
    peakRssBytes: rss ? Number(rss[1]) * 1024 : null,
    loadAverage,
    tail: output.replace(ANSI, '').split('\n').slice(-30).join('\n'),
  };
}
