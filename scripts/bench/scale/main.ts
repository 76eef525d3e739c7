/**
 * `npm run bench:scale`: the scale row alone. Writes bench/scale-report.json and
 * bench/scale-report.md and prints the markdown; build logs go to bench/out/. `npm run bench` runs the
 * same row as its last phase.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderScaleMarkdown } from './report';
import { removeScaleCopies, runScale, scaleFactors } from './run';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REPORT_DIR = path.join(ROOT, 'bench');
const started = Date.now();

function log(message: string): void {
  console.log(`[bench:scale ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}`);
}

async function main(): Promise<number> {
  const report = await runScale({
    root: ROOT,
    outDir: path.join(REPORT_DIR, 'out'),
    factors: scaleFactors(process.env.BENCH_SCALE_FACTORS),
    keep: process.env.BENCH_KEEP === '1',
    log,
  });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, 'scale-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = renderScaleMarkdown(report);
  fs.writeFileSync(path.join(REPORT_DIR, 'scale-report.md'), `${markdown}\n`);
  console.log(`\n${markdown}\n`);
  log('wrote bench/scale-report.json and bench/scale-report.md');
  return report.errors.length ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: removing the copies`);
    removeScaleCopies();
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:scale] could not run:', error);
    process.exit(1);
  },
);
