/** One measured `gatsby build` of a site copy: wall time, Gatsby's step timings, peak memory, what it left on disk. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countPages, parseSteps, type BuildStep } from '../build';
import { watchPeakMemory, type PeakMemory } from './process-tree';
import { compareHtml, dirSize, snapshotHtml, type DirSize, type HtmlChanges } from './output';

export type BuildKind = 'cold' | 'warm' | 'edit: date' | 'edit: redirect';

export interface ScaleBuild {
  kind: BuildKind;
  /** Which warm build of unchanged tables this is (1, 2, 3); absent for the others. */
  round?: number;
  seconds: number;
  exitCode: number;
  /** 1-minute load average when the build started. */
  loadAverage: number;
  pages: number;
  /** Every step Gatsby timed (`success <step> - 1.234s`), the same name summed, longest first. */
  steps: BuildStep[];
  memory: PeakMemory;
  public: DirSize;
  cache: DirSize;
  /** Top-level entries of .cache/ and their sizes, largest first (where the cache grows). */
  cacheParts: Array<{ name: string } & DirSize>;
  /** HTML files of public/ the build wrote or changed, against the state before it. */
  html: HtmlChanges;
  tail: string;
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function cacheParts(cacheDir: string): Array<{ name: string } & DirSize> {
  if (!fs.existsSync(cacheDir)) return [];
  return fs
    .readdirSync(cacheDir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(cacheDir, entry.name);
      const size = entry.isDirectory() ? dirSize(full) : { bytes: fs.statSync(full).size, files: 1 };
      return { name: entry.name, ...size };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** `gatsby build --prefix-paths` in `siteDir`, as `npm run build` runs it; the output goes to `logFile`. */
export async function measuredBuild(siteDir: string, kind: BuildKind, logFile: string, round?: number): Promise<ScaleBuild> {
  const publicDir = path.join(siteDir, 'public');
  const cacheDir = path.join(siteDir, '.cache');
  const before = snapshotHtml(publicDir);
  const gatsbyBin = path.join(siteDir, 'node_modules', '.bin', 'gatsby');
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  let output = '';
  const loadAverage = os.loadavg()[0];
  const started = process.hrtime.bigint();
  let memory: PeakMemory = { treeBytes: 0, processBytes: 0, processes: 0 };
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(gatsbyBin, ['build', '--prefix-paths'], { cwd: siteDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const watch = watchPeakMemory(child.pid ?? -1);
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      output += chunk.toString('utf8');
      if (output.length > 4_000_000) output = output.slice(-2_000_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      memory = watch.stop();
      reject(error);
    });
    child.on('close', (code) => {
      memory = watch.stop();
      resolve(code ?? 1);
    });
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise<void>((resolve) => log.end(resolve));
  return {
    kind,
    ...(round === undefined ? {} : { round }),
    seconds,
    exitCode,
    loadAverage,
    pages: countPages(publicDir),
    steps: parseSteps(output, Number.POSITIVE_INFINITY),
    memory,
    public: dirSize(publicDir),
    cache: dirSize(cacheDir),
    cacheParts: cacheParts(cacheDir),
    html: compareHtml(before, snapshotHtml(publicDir)),
    tail: output.replace(ANSI, '').split('\n').slice(-30).join('\n'),
  };
}
