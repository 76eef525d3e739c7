/**
 * Times `npm run funnel` over synthetic logs of growing size and reads its peak memory, to show the
 * report's cost grows in step with the log:
 *   npx tsx scripts/bench/funnel/main.ts [1000000 10000000 ...]
 * Each log is written first (bench/out/funnel/, git-ignored; timed apart), then the report runs as a child
 * under /usr/bin/time (wall and CPU seconds, maximum resident set size). The logs are deleted afterwards
 * unless FUNNEL_BENCH_KEEP=1. The table goes to stdout and bench/out/funnel/timing.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultLogPath, writeFunnelLog } from './generate';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SEED = 1;
const TIME = '/usr/bin/time';

export interface Run {
  events: number;
  fileMb: number;
  generateS: number;
  wallS: number;
  cpuS: number;
  peakRssMb: number;
}

/** The line `/usr/bin/time -f 'FUNNEL_TIME %e %U %S %M'` adds to the child's stderr. */
export function parseTimeLine(stderr: string): { wallS: number; cpuS: number; peakRssMb: number } | null {
  const match = /FUNNEL_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!match) return null;
  return { wallS: Number(match[1]), cpuS: Number(match[2]) + Number(match[3]), peakRssMb: Number(match[4]) / 1024 };
}

/** The runs as markdown, each against the smallest: a linear cost has its time ratio near its size ratio. */
export function timingTable(runs: readonly Run[]): string {
  const base = runs[0];
  const rows = runs.map((run) =>
    [
      run.events.toLocaleString('en-US'),
      run.fileMb.toFixed(0),
      run.wallS.toFixed(1),
      run.cpuS.toFixed(1),
      ((run.cpuS / run.events) * 1e6).toFixed(1),
      run.peakRssMb.toFixed(0),
      `${(run.events / base.events).toFixed(1)}×`,
      `${(run.wallS / base.wallS).toFixed(2)}×`,
      `${(run.cpuS / base.cpuS).toFixed(2)}×`,
      `${(run.peakRssMb / base.peakRssMb).toFixed(2)}×`,
    ].join(' | '),
  );
  return [
    '| events | log MB | wall s | CPU s | CPU µs/event | peak RSS MB | size × | wall × | CPU × | RSS × |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

function main(): number {
  if (!fs.existsSync(TIME)) {
    console.error(`${TIME} is missing (Debian: apt-get install time); it reads the report's peak memory.`);
    return 1;
  }
  const sizes = (process.argv.slice(2).length ? process.argv.slice(2) : ['1000000', '10000000']).map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size < 1)) {
    console.error('Sizes are whole numbers of events, e.g. 1000000 10000000');
    return 2;
  }
  const runs: Run[] = [];
  for (const events of sizes) {
    const file = defaultLogPath(events, SEED);
    let started = Date.now();
    const bytes = writeFunnelLog(file, events, SEED);
    const generateS = (Date.now() - started) / 1000;
    console.log(`[funnel bench] wrote ${file} (${(bytes / 1e6).toFixed(0)} MB) in ${generateS.toFixed(0)} s; running the report`);
    started = Date.now();
    const child = spawnSync(
      TIME,
      ['-f', 'FUNNEL_TIME %e %U %S %M', process.execPath, '--import', 'tsx', 'reports/funnel/cli.ts', '--events', file, '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const measured = parseTimeLine(child.stderr ?? '');
    if (child.status !== 0 || !measured) {
      console.error(`[funnel bench] the report failed on ${events} events:\n${child.stderr}`);
      return 1;
    }
    const lines = (JSON.parse(child.stdout) as { totals: { lines: number } }).totals.lines;
    if (lines !== events) console.error(`[funnel bench] the report read ${lines} lines of ${events}`);
    runs.push({ events, fileMb: bytes / 1e6, generateS, ...measured });
    console.log(
      `[funnel bench] ${events.toLocaleString('en-US')} events: ${measured.wallS} s wall, ${measured.cpuS.toFixed(1)} s CPU, ${measured.peakRssMb.toFixed(0)} MB peak`,
    );
    if (process.env.FUNNEL_BENCH_KEEP !== '1') fs.rmSync(file);
  }
  const table = timingTable(runs);
  fs.mkdirSync(path.join(ROOT, 'bench', 'out', 'funnel'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench', 'out', 'funnel', 'timing.json'),
    `${JSON.stringify({ runs, at: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(`\n${table}\n`);
  return 0;
}

if (require.main === module) process.exit(main());
