/**
 * Writes a synthetic event log over the site's own 720 landings (data/):
 *   npx tsx reports/funnel/sample-log/generate.ts --events 1000000 [--seed 1] [--out FILE]
 * Default file: bench/out/funnel/events-<events>-<seed>.jsonl (git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { trackingType } from '../../../src/domain/category';
import { checkSite } from '../../../tables/load';
import { funnelLogLines, type LandingSeed, type SyntheticExperiment } from './log';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The logs' first day: fixed, so a seed always writes the same bytes. */
export const LOG_START = Date.UTC(2026, 2, 1);
const BAD_SHARE = 0.00002;
/** One experiment whose variant lifts registrations by a fifth, one whose variants do the same. */
export const BENCH_EXPERIMENTS: SyntheticExperiment[] = [
  {
    id: 'bench-hero',
    slug: 'bonus25000',
    variants: [
      { id: 'control', weight: 50, pull: 1 },
      { id: 'bold', weight: 50, pull: 1.2 },
    ],
  },
  {
    id: 'bench-form',
    slug: 'freebet30',
    variants: [
      { id: 'control', weight: 50, pull: 1 },
      { id: 'short', weight: 50, pull: 1 },
    ],
  },
];

export function siteLandings(): LandingSeed[] {
  return checkSite(path.join(ROOT, 'data'), LOG_START).landings.map(({ brand, country, slug, category }) => ({
    brand,
    country,
    slug,
    category: trackingType(category),
  }));
}

export function defaultLogPath(events: number, seed: number): string {
  return path.join(ROOT, 'bench', 'out', 'funnel', `events-${events}-${seed}.jsonl`);
}

/** Writes the log in large chunks; returns its size in bytes. */
export function writeFunnelLog(file: string, events: number, seed: number): number {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  try {
    let chunk: string[] = [];
    let chunkLength = 0;
    const flush = () => {
      const text = chunk.join('');
      bytes += fs.writeSync(fd, text);
      chunk = [];
      chunkLength = 0;
    };
    for (const line of funnelLogLines({
      events,
      seed,
      landings: siteLandings(),
      start: LOG_START,
      days: 7,
      badShare: BAD_SHARE,
      experiments: BENCH_EXPERIMENTS,
    })) {
      chunk.push(line, '\n');
      chunkLength += line.length + 1;
      if (chunkLength > 4 * 1024 * 1024) flush();
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
  return bytes;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (require.main === module) {
  const events = Number(argument('events') ?? 1_000_000);
  const seed = Number(argument('seed') ?? 1);
  if (!Number.isInteger(events) || events < 1 || !Number.isInteger(seed)) {
    console.error('Usage: npx tsx reports/funnel/sample-log/generate.ts --events N [--seed S] [--out FILE]');
    process.exit(2);
  }
  const file = path.resolve(argument('out') ?? defaultLogPath(events, seed));
  const started = Date.now();
  const bytes = writeFunnelLog(file, events, seed);
  console.log(
    `${file}: ${events.toLocaleString('en-US')} events, ${(bytes / 1e6).toFixed(0)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
