/** The command line of `npm run funnel`, read without side effects so its mistakes can be told plainly. */
import { DEFAULT_PLANNED_VISITORS, DEFAULT_TEST, type TestChoice } from '../experiments/report';
import { count } from '../shared/format';

export type EngineName = 'duckdb' | 'clickhouse' | 'chdb';
export const ENGINES: readonly EngineName[] = ['duckdb', 'clickhouse', 'chdb'];

export interface FunnelArgs {
  events?: string;
  /** DuckDB's database file (default: beside the log). */
  database?: string;
  rebuild: boolean;
  engine: EngineName;
  /** The ClickHouse server, its database in the path: http://user:password@host:8123/analytics */
  url?: string;
  from?: string;
  to?: string;
  json: boolean;
  help: boolean;
  /** The experiments' verdicts by the fixed-horizon test instead of the sequential one. */
  fixed: boolean;
  /** Visitors per variant the experiments were planned for (`plan`), which tunes the sequential test. */
  plannedVisitors?: number;
}

export const USAGE = `Usage: npm run funnel -- [--events FILE] [--database FILE] [--rebuild] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]
                          [--planned-visitors N | --fixed]
       npm run funnel -- --engine clickhouse --url http://USER:PASSWORD@HOST:8123/DATABASE [--from …] [--to …] [--json]
       npm run funnel -- --engine chdb [--events FILE] [--from …] [--to …] [--json]   (the log through ClickHouse, in process)
       npm run funnel -- plan --baseline 3% --mde 10% [--alpha 0.05] [--power 0.8]   (visitors an experiment needs)

  --events FILE           the event log (JSON Lines); default: the stand-in's, PROMO_EVENT_LOG or var/events.jsonl
  --database FILE         the report's DuckDB file, kept between runs so each reads only what the log gained;
                          default: FUNNEL_DATABASE, else the log's name with .duckdb, beside it
  --rebuild               read the whole log again into a new database file
  --engine NAME           duckdb (default), clickhouse (a server's events table, fed from Kafka: docs/funnel.md)
                          or chdb (ClickHouse in this process, over the log file)
  --url URL               the ClickHouse server, for --engine clickhouse
  --from, --to            first and last day of event.date (UTC) to count, both included; default: all
  --json                  the report as JSON instead of tables
  --planned-visitors N    the visitors per variant plan gave ("sequential test"): the experiments' intervals,
                          valid whenever read, are narrowest there; default ${count(DEFAULT_PLANNED_VISITORS)}
  --fixed                 judge the experiments by the fixed-horizon test instead: valid only when read once,
                          at the visitors plan gave for it`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Throws an Error whose message is the whole explanation. */
export function parseFunnelArgs(argv: readonly string[]): FunnelArgs {
  const args: FunnelArgs = { json: false, help: false, rebuild: false, engine: 'duckdb', fixed: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--json') args.json = true;
    else if (flag === '--fixed') args.fixed = true;
    else if (flag === '--help' || flag === '-h') args.help = true;
    else if (flag === '--rebuild') args.rebuild = true;
    else if (flag === '--engine' || flag === '--url' || flag === '--database') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
      if (flag === '--engine') {
        if (!ENGINES.includes(value as EngineName)) throw new Error(`--engine is one of ${ENGINES.join(', ')}, not "${value}"`);
        args.engine = value as EngineName;
      } else if (flag === '--url') {
        if (!/^https?:\/\/[^/]/.test(value)) throw new Error(`--url takes the server's http(s) address, got "${value}"`);
        args.url = value;
      } else args.database = value;
    } else if (flag === '--planned-visitors') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
      const visitors = Number(value.replace(/[,_]/g, ''));
      if (!Number.isInteger(visitors) || visitors <= 0) throw new Error(`${flag} takes a whole number of visitors above 0, got "${value}"`);
      args.plannedVisitors = visitors;
    } else if (flag === '--events' || flag === '--from' || flag === '--to') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
      if (flag !== '--events' && !isDate(value)) throw new Error(`${flag} takes a date as YYYY-MM-DD, got "${value}"`);
      args[flag.slice(2) as 'events' | 'from' | 'to'] = value;
    } else throw new Error(`unknown argument "${arg}"`);
  }
  if (args.from && args.to && args.from > args.to) throw new Error(`--from ${args.from} is after --to ${args.to}`);
  if (args.engine === 'clickhouse' && !args.url) throw new Error('--engine clickhouse needs --url, the server to ask');
  if (args.url && args.engine !== 'clickhouse') throw new Error('--url is for --engine clickhouse');
  if (args.engine === 'clickhouse' && args.events) throw new Error("--engine clickhouse reads the server's events table, not a log file");
  if ((args.database || args.rebuild) && args.engine !== 'duckdb') throw new Error('--database and --rebuild are for the DuckDB file');
  if (args.fixed && args.plannedVisitors !== undefined) {
    throw new Error('--planned-visitors tunes the sequential test; --fixed does without it: give one of them');
  }
  return args;
}

/** The test the command line asks the experiments to be judged by. */
export function testChoiceOf(args: FunnelArgs): TestChoice {
  return { kind: args.fixed ? 'fixed' : 'sequential', plannedVisitors: args.plannedVisitors ?? DEFAULT_TEST.plannedVisitors };
}
