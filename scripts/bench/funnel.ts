/**
 * How the funnel report's cost grows with the log (`npm run bench -- funnel [sizes…]`). Each sample log is first written to
 * bench/out/funnel/, timed apart; then the report runs on every log as a child under /usr/bin/time (the one way to read its peak
 * memory), in FUNNEL_BENCH_ROUNDS rounds, each in the other order, so a burst of load on this shared machine falls on every size.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultLogPath, writeFunnelLog } from '../../reports/funnel/sample-log/generate';
import { ROOT } from './config';
import { median } from './lighthouse';

const SEED = 1;
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

function runReport(file: string, events: number): Measure {
  const args = ['-f', 'FUNNEL_TIME %e %U %S %M', process.execPath, '--import', 'tsx', 'reports/funnel/cli.ts', '--events', file, '--json'];
  const child = spawnSync(TIME, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const measured = parseTimeLine(child.stderr ?? '');
  if (child.status !== 0 || !measured) throw new Error(`the report failed on ${events} events:\n${child.stderr}`);
  const lines = (JSON.parse(child.stdout) as { totals: { lines: number } }).totals.lines;
  if (lines !== events) throw new Error(`the report read ${lines} lines of ${events}`);
  return measured;
}

export async function runFunnelScale(sizes: number[], log: (message: string) => void): Promise<{ runs: Run[]; errors: string[] }> {
  const rounds = Number(process.env.FUNNEL_BENCH_ROUNDS ?? 3);
  const events = sizes.length ? sizes : [1_000_000, 10_000_000];
  const errors = fs.existsSync(TIME) ? [] : [`${TIME} is missing (Debian: apt-get install time); it reads the report's peak memory`];
  if (events.some((size) => !Number.isInteger(size) || size < 1) || !Number.isInteger(rounds) || rounds < 1)
    errors.push('funnel sizes are whole numbers of events, e.g. 1000000 10000000; FUNNEL_BENCH_ROUNDS one ≥ 1');
  if (errors.length) return { runs: [], errors };
  try {
    const logs = events.map((size) => {
      const [file, started] = [defaultLogPath(size, SEED), Date.now()];
      const bytes = writeFunnelLog(file, size, SEED);
      const generateS = (Date.now() - started) / 1000;
      log(`wrote ${path.relative(ROOT, file)} (${(bytes / 1e6).toFixed(0)} MB) in ${generateS.toFixed(0)} s`);
      return { events: size, file, fileMb: bytes / 1e6, generateS, rounds: [] as Measure[] };
    });
    for (let round = 0; round < rounds; round++)
      for (const { events: size, file, rounds: measures } of round % 2 ? [...logs].reverse() : logs) {
        const { wallS, cpuS, peakRssMb } = runReport(file, size);
        measures.push({ wallS, cpuS, peakRssMb });
        log(`round ${round + 1}, ${size} events: ${wallS} s wall, ${cpuS.toFixed(1)} s CPU, ${peakRssMb.toFixed(0)} MB peak`);
      }
    const runs = logs.map((run) => summarise(run.events, run.fileMb, run.generateS, run.rounds));
    const timing = path.join(path.dirname(logs[0].file), 'timing.json');
    fs.writeFileSync(timing, `${JSON.stringify({ runs, at: new Date().toISOString() }, null, 2)}\n`);
    return { runs, errors: [] };
  } catch (error) {
    return { runs: [], errors: [(error as Error).message] };
  } finally {
    if (process.env.FUNNEL_BENCH_KEEP !== '1') for (const size of events) fs.rmSync(defaultLogPath(size, SEED), { force: true });
  }
}
