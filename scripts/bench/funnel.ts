/**
 * How the funnel report's cost grows with the log (`npm run bench -- funnel [sizes…]`). Each sample log, and a day's worth more
 * (1 % of its events, another seed), is first written to bench/out/funnel/, timed apart. Then, per size, three runs of the
 * report as a child under /usr/bin/time (the one way to read its peak memory): the first ingest into a fresh database file,
 * the daily run after the day is appended, and a run with nothing new. FUNNEL_BENCH_ROUNDS rounds, each in the other order of
 * sizes, so a burst of load on this shared machine falls on every size; each round starts from the log without the day.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultLogPath, writeFunnelLog } from '../../reports/funnel/sample-log/generate';
import { ROOT } from './config';
import { median } from './lighthouse';

const SEED = 1;
const DAY_SEED = 2;
/** A day's events against the log's: the daily run's share. */
export const DAY_SHARE = 0.01;

export const PHASES = ['first ingest', 'daily run, +1 % events', 'nothing new'] as const;
export type Phase = (typeof PHASES)[number];
const TIME = '/usr/bin/time';

export type Measure = { wallS: number; cpuS: number; peakRssMb: number };
/** One size over its rounds: median wall and CPU, the least CPU (the cost least disturbed by other work), the highest peak. */
export type Run = Measure & { events: number; fileMb: number; generateS: number; cpuMinS: number; rounds: Measure[] };

export function summarise(events: number, fileMb: number, generateS: number, rounds: readonly Measure[]): Run {
  const of = (key: keyof Measure) => rounds.map((round) => round[key]);
  const [wallS, cpuS, cpuMinS] = [median(of('wallS')), median(of('cpuS')), Math.min(...of('cpuS'))];
  return { events, fileMb, generateS, wallS, cpuS, cpuMinS, peakRssMb: Math.max(...of('peakRssMb')), rounds: [...rounds] };
}

/** The line `/usr/bin/time -f 'FUNNEL_TIME %e %U %S %M'` adds to the child's stderr; CPU is user + system. */
export function parseTimeLine(stderr: string): Measure | null {
  const match = /FUNNEL_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  return match && { wallS: Number(match[1]), cpuS: Number(match[2]) + Number(match[3]), peakRssMb: Number(match[4]) / 1024 };
}

/** Each size against the smallest: a linear cost has its CPU ratio near its size ratio. */
export function funnelTable(runs: readonly Run[]): { header: string[]; rows: string[][] } {
  const [base] = runs;
  const ratio = (value: number, of: number, digits = 2) => `${(value / of).toFixed(digits)}×`;
  const header = ['events', 'log MB', 'wall s', 'CPU s, median (least)', 'least CPU µs/event', 'peak RSS MB'];
  const rows = runs.map((run) => {
    const [cpu, perEvent] = [`${run.cpuS.toFixed(1)} (${run.cpuMinS.toFixed(1)})`, ((run.cpuMinS / run.events) * 1e6).toFixed(1)];
    const own = [run.events.toLocaleString('en-US'), run.fileMb.toFixed(0), run.wallS.toFixed(1), cpu, perEvent, run.peakRssMb.toFixed(0)];
    const cpuRatio = `${ratio(run.cpuS, base.cpuS)} (${ratio(run.cpuMinS, base.cpuMinS)})`;
    return [...own, ratio(run.events, base.events, 1), ratio(run.wallS, base.wallS), cpuRatio, ratio(run.peakRssMb, base.peakRssMb)];
  });
  return { header: [...header, 'size ×', 'wall ×', 'CPU × (least)', 'RSS ×'], rows };
}

function runReport(file: string, database: string, events: number): Measure {
  const cli = ['reports/funnel/cli.ts', '--events', file, '--database', database, '--json'];
  const args = ['-f', 'FUNNEL_TIME %e %U %S %M', process.execPath, '--import', 'tsx', ...cli];
  const child = spawnSync(TIME, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const measured = parseTimeLine(child.stderr ?? '');
  if (child.status !== 0 || !measured) throw new Error(`the report failed on ${events} events:\n${child.stderr}`);
  const lines = (JSON.parse(child.stdout) as { totals: { lines: number } }).totals.lines;
  if (lines !== events) throw new Error(`the report read ${lines} lines of ${events}`);
  return measured;
}

/** Appends one file to another in large chunks. */
function append(from: string, to: string): void {
  const [input, output] = [fs.openSync(from, 'r'), fs.openSync(to, 'a')];
  try {
    const buffer = Buffer.alloc(16 * 1024 * 1024);
    for (let got = fs.readSync(input, buffer); got > 0; got = fs.readSync(input, buffer)) fs.writeSync(output, buffer, 0, got);
  } finally {
    fs.closeSync(input);
    fs.closeSync(output);
  }
}

const dayOf = (events: number): number => Math.max(1, Math.round(events * DAY_SHARE));
const dayLogPath = (events: number): string => defaultLogPath(dayOf(events), DAY_SEED).replace(/\.jsonl$/, '.day.jsonl');
const databasePath = (file: string): string => file.replace(/\.jsonl$/, '.duckdb');

export type PhaseRuns = { phase: Phase; runs: Run[] };

export async function runFunnelScale(sizes: number[], log: (message: string) => void): Promise<{ phases: PhaseRuns[]; errors: string[] }> {
  const rounds = Number(process.env.FUNNEL_BENCH_ROUNDS ?? 3);
  const events = sizes.length ? sizes : [1_000_000, 10_000_000];
  const errors = fs.existsSync(TIME) ? [] : [`${TIME} is missing (Debian: apt-get install time); it reads the report's peak memory`];
  if (events.some((size) => !Number.isInteger(size) || size < 1) || !Number.isInteger(rounds) || rounds < 1)
    errors.push('funnel sizes are whole numbers of events, e.g. 1000000 10000000; FUNNEL_BENCH_ROUNDS one ≥ 1');
  if (errors.length) return { phases: [], errors };
  const write = (file: string, size: number, seed: number) => {
    const started = Date.now();
    const bytes = writeFunnelLog(file, size, seed);
    const generateS = (Date.now() - started) / 1000;
    log(`wrote ${path.relative(ROOT, file)} (${(bytes / 1e6).toFixed(0)} MB) in ${generateS.toFixed(0)} s`);
    return { bytes, generateS };
  };
  try {
    const logs = events.map((size) => {
      const file = defaultLogPath(size, SEED);
      const { bytes, generateS } = write(file, size, SEED);
      const day = write(dayLogPath(size), dayOf(size), DAY_SEED);
      const rounds = Object.fromEntries(PHASES.map((phase) => [phase, [] as Measure[]])) as Record<Phase, Measure[]>;
      return { events: size, file, bytes, dayBytes: day.bytes, generateS: generateS + day.generateS, rounds };
    });
    for (let round = 0; round < rounds; round++)
      for (const { events: size, file, bytes, rounds: measures } of round % 2 ? [...logs].reverse() : logs) {
        const database = databasePath(file);
        for (const suffix of ['', '.wal']) fs.rmSync(`${database}${suffix}`, { force: true });
        fs.truncateSync(file, bytes);
        const withDay = size + dayOf(size);
        const measured: [Phase, Measure][] = [['first ingest', runReport(file, database, size)]];
        append(dayLogPath(size), file);
        measured.push(['daily run, +1 % events', runReport(file, database, withDay)]);
        measured.push(['nothing new', runReport(file, database, withDay)]);
        for (const [phase, measure] of measured) {
          measures[phase].push(measure);
          const { wallS, cpuS, peakRssMb } = measure;
          log(`round ${round + 1}, ${size} events, ${phase}: ${wallS} s wall, ${cpuS.toFixed(1)} s CPU, ${peakRssMb.toFixed(0)} MB peak`);
        }
      }
    const phases = PHASES.map((phase) => ({
      phase,
      runs: logs.map((run) => {
        const [size, mb] =
          phase === 'first ingest' ? [run.events, run.bytes / 1e6] : [run.events + dayOf(run.events), (run.bytes + run.dayBytes) / 1e6];
        return summarise(size, mb, run.generateS, run.rounds[phase]);
      }),
    }));
    const timing = path.join(path.dirname(logs[0].file), 'timing.json');
    fs.writeFileSync(timing, `${JSON.stringify({ phases, at: new Date().toISOString() }, null, 2)}\n`);
    return { phases, errors: [] };
  } catch (error) {
    return { phases: [], errors: [(error as Error).message] };
  } finally {
    if (process.env.FUNNEL_BENCH_KEEP !== '1')
      for (const size of events) {
        const file = defaultLogPath(size, SEED);
        for (const leftover of [file, dayLogPath(size), databasePath(file), `${databasePath(file)}.wal`])
          fs.rmSync(leftover, { force: true });
      }
  }
}
