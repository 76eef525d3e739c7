/** `npm run funnel`: the funnel and vitals report over an event log, printed as tables or JSON. */
import fs from 'node:fs';
import path from 'node:path';
import { eventLogPathFrom } from '../../lib/event-log';
import { designsFromTables } from '../experiments/designs';
import { runPlan } from '../experiments/plan';
import { parseFunnelArgs, testChoiceOf, USAGE, type FunnelArgs } from './args';
import { applyChainWithoutKafka, loadLogFile, queryClickHouse } from './clickhouse';
import { databaseBeside } from './database-path';
import { openChdb } from './engines/chdb';
import { openClickHouse } from './engines/clickhouse';
import type { Engine } from './engines/engine';
import { readEventLog, type QueryOptions, type QueryResult } from './query';
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
  const options: QueryOptions = { from: args.from, to: args.to };
  let result: QueryResult;
  let source: string;
  if (args.engine === 'clickhouse' && args.url) {
    const url = new URL(args.url);
    source = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
    result = await onClickHouse(openClickHouse(args.url), options);
  } else {
    const file = args.events ? path.resolve(args.events) : eventLogPathFrom(process.env);
    if (!fs.existsSync(file)) {
      console.error(`No event log at ${file}. The stand-in writes one as tracking calls come (npm start); or name one with --events FILE.`);
      return 1;
    }
    source = path.relative(process.cwd(), file) || file;
    result = args.engine === 'chdb' ? await onChdb(file, options) : await onDuckDb(file, args, options);
  }
  const report = buildFunnelReport(result, {
    source,
    from: args.from,
    to: args.to,
    designs: designsFromTables(),
    experimentTest: testChoiceOf(args),
  });
  const { histograms: _plotsOnly, ...shown } = report;
  process.stdout.write(args.json ? `${JSON.stringify(shown, null, 2)}\n` : `${renderText(report)}\n`);
  return 0;
}

async function onClickHouse(engine: Engine, options: QueryOptions): Promise<QueryResult> {
  try {
    return await queryClickHouse(engine, options);
  } finally {
    await engine.close();
  }
}

async function onChdb(file: string, options: QueryOptions): Promise<QueryResult> {
  const engine = await openChdb();
  try {
    await applyChainWithoutKafka(engine);
    await loadLogFile(engine, file);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return onClickHouse(engine, options);
}

/** The default: the DuckDB file beside the log (or --database, FUNNEL_DATABASE) takes what the log gained since. */
async function onDuckDb(file: string, args: FunnelArgs, options: QueryOptions): Promise<QueryResult> {
  const database = path.resolve(args.database ?? (process.env.FUNNEL_DATABASE || databaseBeside(file)));
  const { result, ingest } = await readEventLog(file, {
    ...options,
    database,
    rebuild: args.rebuild,
    memoryLimit: process.env.FUNNEL_MEMORY_LIMIT || undefined,
  });
  const read = `${ingest.linesRead.toLocaleString('en-US')} new lines read`;
  const why = ingest.startedAfresh && ingest.startedAfresh !== 'first run' ? `, from the top (${ingest.startedAfresh})` : '';
  const waiting = ingest.bytesWaiting
    ? `; the last line is not complete yet (${ingest.bytesWaiting} bytes), it waits for the next run`
    : '';
  console.error(`[funnel] ${path.relative(process.cwd(), database) || database}: ${read}${why}${waiting}`);
  return result;
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
