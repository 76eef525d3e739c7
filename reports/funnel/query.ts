/**
 * Runs the report's SQL (sql/*.sql) on an engine that holds the typed events: DuckDB embedded over the
 * event log (the default: a database file beside the log, read on incrementally; or in memory for one
 * read), or ClickHouse. Returns the rows as plain numbers and strings.
 */
import fs from 'node:fs';
import type { ExperimentDayRow, ExperimentRow } from '../experiments/report';
import { openDuckDb, DEFAULT_MEMORY_LIMIT } from './engines/duckdb';
import type { Engine, Raw } from './engines/engine';
import { ingestLog, type IngestSummary } from './ingest';
import { quote, sqlOf } from './sql-files';
import { VITALS } from '../shared/thresholds';

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

/** A market's consent choices under one consent mode (consent.sql). */
export interface ConsentRow {
  country: string;
  /** The mode the choices name; null where they named none. */
  consentMode: string | null;
  accepted: number;
  refused: number;
  withdrawn: number;
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
  consent: ConsentRow[];
}

export interface QueryOptions {
  /** First and last day (YYYY-MM-DD, UTC) of event.date to count; either may be left open. */
  from?: string;
  to?: string;
  /** The plots' bins; only the HTML page needs them. */
  histogram?: boolean;
  /** DuckDB's memory_limit ("1GB"): past it the database spills to a temp folder instead of growing with the log. */
  memoryLimit?: string;
  /** DuckDB's database file, kept between runs; absent: one read of the whole log in memory. */
  database?: string;
  /** Read the log again from the top. */
  rebuild?: boolean;
  /** The engine holds what DuckDB's reads keep: page_view_state and the counts of schema.sql. */
  keptPageViews?: boolean;
}

export { DEFAULT_MEMORY_LIMIT };

/** The day after a YYYY-MM-DD date, so "to" takes in its whole day. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** report_window(from_time, to_time): the dates as instants, either NULL when open. */
async function setUpWindow(engine: Engine, options: QueryOptions): Promise<void> {
  const type = engine.dialect === 'duckdb' ? 'TIMESTAMP WITH TIME ZONE' : "Nullable(DateTime64(3, 'UTC'))";
  const instant = (day: string | undefined) =>
    day === undefined
      ? `CAST(NULL AS ${type})`
      : engine.dialect === 'duckdb'
        ? `CAST(${quote(`${day} 00:00:00+00`)} AS ${type})`
        : `CAST(toDateTime64(${quote(`${day} 00:00:00`)}, 3, 'UTC') AS ${type})`;
  await engine.run(
    `CREATE TEMPORARY TABLE report_window AS SELECT ${instant(options.from)} AS from_time, ${instant(options.to && dayAfter(options.to))} AS to_time`,
  );
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const group = (row: Raw): Group => ({
  level: row.level as Level,
  brand: str(row.brand),
  country: str(row.country),
  slug: str(row.slug),
});

/**
 * The report's rows from an engine whose `events` and `unreadable_lines` are filled, with the reference
 * tables event_codes and vital_thresholds in place (sql-files.ts).
 */
export async function queryEngine(engine: Engine, options: QueryOptions = {}): Promise<QueryResult> {
  const sql = (name: string) => sqlOf(engine.dialect, name);
  // A ClickHouse session outlives one report (a server's, or chdb's in the tests): its temporary tables go first.
  if (engine.dialect === 'clickhouse')
    for (const table of ['report_window', 'page_views', 'page_view_codes']) await engine.run(`DROP TEMPORARY TABLE IF EXISTS ${table}`);
  await setUpWindow(engine, options);
  const badInput = (await engine.rows(sql('bad-input.sql'))).map((row) => ({
    problem: String(row.problem),
    lines: num(row.lines),
    firstLines: ((row.first_lines as unknown[]) ?? []).map(num),
  }));
  // Over all dates, the page views and the counts the reads kept; between dates, gathered from the events inside them.
  const kept = options.keptPageViews && options.from === undefined && options.to === undefined;
  const either = (name: string) => sql(kept ? name.replace(/\.sql$/, '-kept.sql') : name);
  await engine.run(either('page-views.sql'));
  const [counts] = await engine.rows(sql('totals.sql'));
  const codes = (await engine.rows(either('funnel.sql'))).map((row) => ({
    ...group(row),
    code: String(row.code),
    pageViews: num(row.page_views),
  }));
  const visitors = (await engine.rows(either('visitors.sql'))).map((row) => ({ ...group(row), visitors: num(row.visitors) }));
  const vitals = (await engine.rows(either('vitals.sql'))).map((row) => ({
    ...group(row),
    metric: String(row.metric),
    measured: num(row.measured),
    p75: num(row.p75),
    good: num(row.good),
    poor: num(row.poor),
  }));
  const histogram = options.histogram
    ? (await engine.rows(either('vitals-histogram.sql'))).map((row) => ({
        ...group(row),
        metric: String(row.metric),
        bin: num(row.bin),
        pageViews: num(row.page_views),
      }))
    : [];
  const experiments = (await engine.rows(sql('experiments.sql'))).map((row): ExperimentRow => ({
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
  const experimentDays = (await engine.rows(sql('experiment-days.sql'))).map((row): ExperimentDayRow => ({
    experiment: String(row.experiment),
    variant: String(row.variant),
    day: String(row.day),
    visitors: num(row.visitors),
    registrations: num(row.registrations),
  }));
  const consent = (await engine.rows(either('consent.sql'))).map((row): ConsentRow => ({
    country: String(row.country),
    consentMode: str(row.consent_mode),
    accepted: num(row.accepted),
    refused: num(row.refused),
    withdrawn: num(row.withdrawn),
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
    consent,
  };
}

/** The log read (all of it, or what was added since the database file's last run), then the report's rows. */
export async function readEventLog(file: string, options: QueryOptions = {}): Promise<{ result: QueryResult; ingest: IngestSummary }> {
  if (!fs.statSync(file).isFile()) throw new Error(`${file} is not a file`);
  if (options.database && options.rebuild) for (const suffix of ['', '.wal']) fs.rmSync(`${options.database}${suffix}`, { force: true });
  const engine = await openDuckDb(options.database, options.memoryLimit ?? DEFAULT_MEMORY_LIMIT);
  try {
    const ingest = await ingestLog(engine, file, { rebuild: options.rebuild });
    return { result: await queryEngine(engine, { ...options, keptPageViews: true }), ingest };
  } finally {
    await engine.close();
  }
}

export async function queryEventLog(file: string, options: QueryOptions = {}): Promise<QueryResult> {
  return (await readEventLog(file, options)).result;
}
