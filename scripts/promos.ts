/**
 * `npm run promos [-- --json] [--date YYYY-MM-DD] [--data DIR]`: every landing with its status,
 * problems first. Exits 1 when the tables have any problem (error or warning), so CI can gate on it.
 */
import path from 'node:path';
import { checkSite } from '../tables/load';
import { buildPromoReport, formatPromoReport } from '../tables/promo-report';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const date = option('--date');
const now = date ? Date.parse(date) : Date.now();
if (Number.isNaN(now)) {
  console.error(`--date "${date}" is not a date (YYYY-MM-DD)`);
  process.exit(2);
}
const dataDir = path.resolve(option('--data') ?? path.join(__dirname, '..', 'data'));
const report = buildPromoReport(checkSite(dataDir, now), now);
console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : formatPromoReport(report));
process.exitCode = report.problems.length ? 1 : 0;
