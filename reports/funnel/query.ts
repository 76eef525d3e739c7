/**
 * Runs the report's SQL (sql/*.sql) over an event log file with DuckDB, embedded: one pass reads the
 * file into typed events, the rest works on those. Returns the rows as plain numbers and strings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { ExperimentDayRow, ExperimentRow } from '../experiments/report';
import { KNOWN_CODES } from './codes';
import { VITAL_RULES, VITALS } from './thresholds';

export type Level = 'landing' | 'brand' | 'country' | 'all';

export interface Group {
  level: Level;
  brand: string | null;
  country: string | null;
  slug: string | null;
}

export interface BadInputRow {
  problem: string;
  lines: number;
  firstLines: number[];
}

export interface CodeRow extends Group {
  code: string;
  pageViews: number;
}

export interface VisitorRow extends Group {
  visitors: number;
}

export interface VitalRow extends Group {
  metric: string;
  measured: number;
  p75: number;
  good: number;
  poor: number;
}

export interface HistogramRow extends Group {
  metric: string;
  bin: number;
  pageViews: number;
}

export interface QueryTotals {
  /** Non-blank lines of the file, readable or not. */
  lines: number;
  /** Lines that are sound events, whatever their date. */
  events: number;
  /** Sound events inside the dates. */
  eventsInWindow: number;
  pageViews: number;
}

export interface QueryResult {
  totals: QueryTotals;
  badInput: BadInputRow[];
  codes: CodeRow[];
  visitors: VisitorRow[];
  vitals: VitalRow[];
  histogram: HistogramRow[];
  experiments: ExperimentRow[];
  experimentDays: ExperimentDayRow[];
}

export interface QueryOptions {
  /** First and last day (YYYY-MM-DD, UTC) of event.date to count; either may be left open. */
  from?: string;
  to?: string;
  /** The plots' bins; only the HTML page needs them. */
  histogram?: boolean;
  /** DuckDB's memory_limit ("1GB"): past it the database spills to a temp folder instead of growing with the log. */
  memoryLimit?: string;
}

export const DEFAULT_MEMORY_LIMIT = '1GB';

const SQL_DIR = path.join(__dirname, 'sql');
const sql = (name: string): string => fs.readFileSync(path.join(SQL_DIR, name), 'utf8');
const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** The day after a YYYY-MM-DD date, so "to" takes in its whole day. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

async function setUp(connection: DuckDBConnection, file: string, options: QueryOptions): Promise<void> {
  await connection.run(`SET TimeZone = 'UTC'`);
  await connection.run('SET VARIABLE log_file = $1', [file]);
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE event_codes AS SELECT * FROM (VALUES ${KNOWN_CODES.map((code) => `(${quote(code)})`).join(', ')}) AS t(code)`,
  );
  const thresholds = VITALS.map((metric) => {
    const rule = VITAL_RULES[metric];
    return `(${quote(metric)}, ${rule.good}, ${rule.poor}, ${rule.binWidth}, ${rule.bins})`;
  });
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE vital_thresholds AS SELECT * FROM (VALUES ${thresholds.join(', ')}) AS t(metric, good, poor, bin_width, bins)`,
  );
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE report_window AS SELECT CAST($1 AS TIMESTAMP WITH TIME ZONE) AS from_time, CAST($2 AS TIMESTAMP WITH TIME ZONE) AS to_time`,
    [options.from ? `${options.from} 00:00:00+00` : null, options.to ? `${dayAfter(options.to)} 00:00:00+00` : null],
  );
}

type Raw = Record<string, unknown>;

async function rows(connection: DuckDBConnection, text: string): Promise<Raw[]> {
  return (await connection.runAndReadAll(text)).getRowObjectsJS() as Raw[];
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const group = (row: Raw): Group => ({
  level: row.level as Level,
  brand: str(row.brand),
  country: str(row.country),
  slug: str(row.slug),
});

export async function queryEventLog(file: string, options: QueryOptions = {}): Promise<QueryResult> {
  if (!fs.statSync(file).isFile()) throw new Error(`${file} is not a file`);
  // An in-memory database still spills big joins and sorts; the default would be a .tmp folder in the working directory.
  const tempDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-duckdb-'));
  const instance = await DuckDBInstance.create(':memory:', {
    temp_directory: tempDirectory,
    memory_limit: options.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
  });
  const connection = await instance.connect();
  try {
    await setUp(connection, file, options);
    await connection.run(sql('load.sql'));
    await connection.run(sql('events.sql'));
    await connection.run(sql('unreadable.sql'));
    const badInput = (await rows(connection, sql('bad-input.sql'))).map((row) => ({
      problem: String(row.problem),
      lines: num(row.lines),
      firstLines: ((row.first_lines as unknown[]) ?? []).map(num),
    }));
    await connection.run(sql('page-views.sql'));
    const [counts] = await rows(
      connection,
      `SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM unreadable_lines) AS lines, (SELECT count(*) FROM events WHERE problem IS NULL) AS events,
        (SELECT count(*) FROM window_events) AS events_in_window, (SELECT count(*) FROM page_views) AS page_views`,
    );
    const codes = (await rows(connection, sql('funnel.sql'))).map((row) => ({
      ...group(row),
      code: String(row.code),
      pageViews: num(row.page_views),
    }));
    const visitors = (await rows(connection, sql('visitors.sql'))).map((row) => ({ ...group(row), visitors: num(row.visitors) }));
    const vitals = (await rows(connection, sql('vitals.sql'))).map((row) => ({
      ...group(row),
      metric: String(row.metric),
      measured: num(row.measured),
      p75: num(row.p75),
      good: num(row.good),
      poor: num(row.poor),
    }));
    const histogram = options.histogram
      ? (await rows(connection, sql('vitals-histogram.sql'))).map((row) => ({
          ...group(row),
          metric: String(row.metric),
          bin: num(row.bin),
          pageViews: num(row.page_views),
        }))
      : [];
    const experiments = (await rows(connection, sql('experiments.sql'))).map((row): ExperimentRow => ({
      experiment: String(row.experiment),
      variant: String(row.variant),
      visitors: num(row.visitors),
      registrations: num(row.registrations),
      vitals: Object.fromEntries(
        VITALS.map((metric) => [
          metric,
          { measured: num(row[`${metric}_measured`]), p75: row[`${metric}_p75`] === null ? null : num(row[`${metric}_p75`]) },
        ]),
      ) as ExperimentRow['vitals'],
    }));
    const experimentDays = (await rows(connection, sql('experiment-days.sql'))).map((row): ExperimentDayRow => ({
      experiment: String(row.experiment),
      variant: String(row.variant),
      day: String(row.day),
      visitors: num(row.visitors),
      registrations: num(row.registrations),
    }));
    return {
      totals: {
        lines: num(counts.lines),
        events: num(counts.events),
        eventsInWindow: num(counts.events_in_window),
        pageViews: num(counts.page_views),
      },
      badInput,
      codes,
      visitors,
      vitals,
      histogram,
      experiments,
      experimentDays,
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
    fs.rmSync(tempDirectory, { recursive: true, force: true });
  }
}
