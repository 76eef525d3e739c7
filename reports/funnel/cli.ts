/** `npm run funnel`: the funnel and vitals report over an event log, printed as tables or JSON. */
import fs from 'node:fs';
import path from 'node:path';
import { eventLogPathFrom } from '../../server/event-log';
import { designsFromTables } from '../experiments/designs';
import { runPlan } from '../experiments/plan';
import { parseFunnelArgs, testChoiceOf, USAGE, type FunnelArgs } from './args';
import { queryEventLog } from './query';
import { buildFunnelReport } from './report';
import { renderText } from './text';

async function main(): Promise<number> {
  if (process.argv[2] === 'plan') return runPlan(process.argv.slice(3));
  let args: FunnelArgs;
  try {
    args = parseFunnelArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const file = args.events ? path.resolve(args.events) : eventLogPathFrom(process.env);
  if (!fs.existsSync(file)) {
    console.error(`No event log at ${file}. The stand-in writes one as tracking calls come (npm start); or name one with --events FILE.`);
    return 1;
  }
  const result = await queryEventLog(file, { from: args.from, to: args.to, memoryLimit: process.env.FUNNEL_MEMORY_LIMIT || undefined });
  const report = buildFunnelReport(result, {
    source: path.relative(process.cwd(), file) || file,
    from: args.from,
    to: args.to,
    designs: designsFromTables(),
    experimentTest: testChoiceOf(args),
  });
  const { histograms: _plotsOnly, ...shown } = report;
  process.stdout.write(args.json ? `${JSON.stringify(shown, null, 2)}\n` : `${renderText(report)}\n`);
  return 0;
}

// `npm run funnel | head` closes the pipe early: that is the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('[funnel] could not read the log:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
