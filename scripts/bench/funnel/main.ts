/**
 * Times `npm run funnel` over synthetic logs of growing size and reads its peak memory, to show the
 * report's cost grows in step with the log:
 *   npx tsx scripts/bench/funnel/main.ts [1000000 10000000 ...]
 * Each log is written first (bench/out/funnel/, git-ignored; timed apart). Then the report runs on every
 * log as a child under /usr/bin/time (wall and CPU seconds, maximum resident set size), in
 * FUNNEL_BENCH_ROUNDS rounds (default 3), each round in the other order, so a burst of load on this
 * shared machine falls on every size rather than on one; each figure is the median over the rounds,
 * CPU also its least. The logs are deleted afterwards unless FUNNEL_BENCH_KEEP=1. The table goes to
 * stdout and bench/out/funnel/timing.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultLogPath, writeFunnelLog } from './generate';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SEED = 1;
const TIME = '/usr/bin/time';

export interface Measure {
  wallS: number;
  cpuS: number;
  peakRssMb: number;
}

/** One size over the rounds. */
export interface Run {
  events: number;
  fileMb: number;
  generateS: number;
  /** Medians over the rounds. */
  wallS: number;
  cpuS: number;
  /** The least CPU of a round: the cost least disturbed by the machine's other work. */
  cpuMinS: number;
  /** The highest of the rounds. */
  peakRssMb: number;
  rounds: Measure[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function summarise(events: number, fileMb: number, generateS: number, rounds: readonly Measure[]): Run {
  return {
    events,
    fileMb,
    generateS,
    wallS: median(rounds.map((round) => round.wallS)),
    cpuS: median(rounds.map((round) => round.cpuS)),
    cpuMinS: Math.min(...rounds.map((round) => round.cpuS)),
    peakRssMb: Math.max(...rounds.map((round) => round.peakRssMb)),
    rounds: [...rounds],
  };
}

/** The line `/usr/bin/time -f 'FUNNEL_TIME %e %U %S %M'` adds to the child's stderr. */
export function parseTimeLine(stderr: string): Measure | null {
  const match = /FUNNEL_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!match) return null;
  return { wallS: Number(match[1]), cpuS: Number(match[2]) + Number(match[3]), peakRssMb: Number(match[4]) / 1024 };
}

/** The sizes as markdown, each against the smallest: a linear cost has its CPU ratio near its size ratio. */
export function timingTable(runs: readonly Run[]): string {
  const base = runs[0];
  const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
  const rows = runs.map((run) =>
    [
      run.events.toLocaleString('en-US'),
      run.fileMb.toFixed(0),
      run.wallS.toFixed(1),
      `${run.cpuS.toFixed(1)} (${run.cpuMinS.toFixed(1)})`,
      ((run.cpuMinS / run.events) * 1e6).toFixed(1),
      run.peakRssMb.toFixed(0),
      `${(run.events / base.events).toFixed(1)}×`,
      ratio(run.wallS, base.wallS),
      `${ratio(run.cpuS, base.cpuS)} (${ratio(run.cpuMinS, base.cpuMinS)})`,
      ratio(run.peakRssMb, base.peakRssMb),
    ].join(' | '),
  );
  return [
    '| events | log MB | wall s | CPU s, median (least) | least CPU µs/event | peak RSS MB | size × | wall × | CPU × (least) | RSS × |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

function runReport(file: string, events: number): Measure {
  const child = spawnSync(
    TIME,
    ['-f', 'FUNNEL_TIME %e %U %S %M', process.execPath, '--import', 'tsx', 'reports/funnel/cli.ts', '--events', file, '--json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const measured = parseTimeLine(child.stderr ?? '');
  if (child.status !== 0 || !measured) throw new Error(`the report failed on ${events} events:\n${child.stderr}`);
  const lines = (JSON.parse(child.stdout) as { totals: { lines: number } }).totals.lines;
  if (lines !== events) throw new Error(`the report read ${lines} lines of ${events}`);
  return measured;
}

function main(): number {
  if (!fs.existsSync(TIME)) {
    console.error(`${TIME} is missing (Debian: apt-get install time); it reads the report's peak memory.`);
    return 1;
  }
  const sizes = (process.argv.slice(2).length ? process.argv.slice(2) : ['1000000', '10000000']).map(Number);
  const roundCount = Number(process.env.FUNNEL_BENCH_ROUNDS ?? 3);
  if (sizes.some((size) => !Number.isInteger(size) || size < 1) || !Number.isInteger(roundCount) || roundCount < 1) {
    console.error('Sizes are whole numbers of events, e.g. 1000000 10000000; FUNNEL_BENCH_ROUNDS a whole number ≥ 1');
    return 2;
  }
  const logs = sizes.map((events) => {
    const file = defaultLogPath(events, SEED);
    const started = Date.now();
    const bytes = writeFunnelLog(file, events, SEED);
    const generateS = (Date.now() - started) / 1000;
    console.log(`[funnel bench] wrote ${file} (${(bytes / 1e6).toFixed(0)} MB) in ${generateS.toFixed(0)} s`);
    return { events, file, fileMb: bytes / 1e6, generateS, rounds: [] as Measure[] };
  });
  try {
    for (let round = 0; round < roundCount; round++) {
      for (const log of round % 2 === 0 ? logs : [...logs].reverse()) {
        const measured = runReport(log.file, log.events);
        log.rounds.push(measured);
        console.log(
          `[funnel bench] round ${round + 1}, ${log.events.toLocaleString('en-US')} events: ${measured.wallS} s wall, ${measured.cpuS.toFixed(1)} s CPU, ${measured.peakRssMb.toFixed(0)} MB peak`,
        );
      }
    }
  } catch (error) {
    console.error(`[funnel bench] ${(error as Error).message}`);
    return 1;
  } finally {
    if (process.env.FUNNEL_BENCH_KEEP !== '1') for (const log of logs) fs.rmSync(log.file, { force: true });
  }
  const runs = logs.map((log) => summarise(log.events, log.fileMb, log.generateS, log.rounds));
  fs.mkdirSync(path.join(ROOT, 'bench', 'out', 'funnel'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench', 'out', 'funnel', 'timing.json'),
    `${JSON.stringify({ runs, at: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(`\n${timingTable(runs)}\n`);
  return 0;
}

if (require.main === module) process.exit(main());
