/**
 * The report on ClickHouse, run here in process (chdb): the ingest chain of contract/clickhouse/ with a
 * Null table standing in for the Kafka queue fills the MergeTree, and the report read from it is DuckDB's,
 * figure for figure, on the seeded sample log. chdb holds one data folder per process: this file is the
 * only one that opens it, and opens it once (jest runs each file in a worker of its own or after another
 * file's engine is closed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyChainWithoutKafka, CHAIN_DIR, loadLogFile, queryClickHouse } from '../../../../reports/funnel/clickhouse';
import { openChdb } from '../../../../reports/funnel/engines/chdb';
import { statements, type Engine } from '../../../../reports/funnel/engines/engine';
import { queryEventLog, type QueryResult } from '../../../../reports/funnel/query';
import { buildFunnelReport } from '../../../../reports/funnel/report';
import { BENCH_EXPERIMENTS, writeFunnelLog } from '../../../../reports/funnel/sample-log/generate';
import { TRACKING_EVENT_CODES } from '../../../../src/domain/tracking';

// Two engines over 60,000 events on a busy machine: tens of seconds, not a hang.
jest.setTimeout(240_000);

const EVENTS = 60_000;

/**
 * The two engines interpolate a percentile in a different order of operations, so a p75 may differ in
 * its last binary digit (0.017125 against 0.017124999999999998); every number is compared to 12
 * significant digits, which no figure of the report comes near.
 */
function sameDigits<T>(value: T): T {
  if (typeof value === 'number') return (Number.isInteger(value) ? value : Number(value.toPrecision(12))) as T;
  if (Array.isArray(value)) return value.map(sameDigits) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, sameDigits(entry)])) as T;
  return value;
}

let scratch: string;
let file: string;
let engine: Engine;
let duckdb: QueryResult;
let clickhouse: QueryResult;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-clickhouse-'));
  file = path.join(scratch, 'events.jsonl');
  writeFunnelLog(file, EVENTS, 11);
  duckdb = await queryEventLog(file, { histogram: true });
  engine = await openChdb();
  await applyChainWithoutKafka(engine);
  await loadLogFile(engine, file);
  clickhouse = await queryClickHouse(engine, { histogram: true });
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('the ingest chain fills a MergeTree partitioned by month and ordered by landing and time', async () => {
  const [table] = await engine.rows(
    `SELECT engine, partition_key, sorting_key FROM system.tables WHERE database = currentDatabase() AND name = 'events'`,
  );
  expect(table).toEqual({
    engine: 'MergeTree',
    partition_key: "toYYYYMM(ifNull(event_time, toDateTime64(0, 3, 'UTC')))",
    sorting_key: 'brand, country, slug, event_time',
  });
  const [{ rows }] = await engine.rows('SELECT count() AS rows FROM events');
  expect(Number(rows)).toBe(EVENTS);
  // The sample log spans a week of March 2026; lines without a readable date wait under January 1970.
  const parts = await engine.rows(`SELECT DISTINCT partition FROM system.parts WHERE table = 'events' AND active ORDER BY partition`);
  expect(parts.map((part) => part.partition)).toEqual(['197001', '202603']);
});

test('every figure of the report on ClickHouse is the one DuckDB gives, the bad lines by number too', () => {
  expect(clickhouse.totals.lines).toBe(EVENTS);
  expect(clickhouse.badInput.length).toBeGreaterThan(0);
  expect(clickhouse.experiments.map((row) => row.experiment)).toEqual(expect.arrayContaining(BENCH_EXPERIMENTS.map((entry) => entry.id)));
  expect(clickhouse.experimentDays.length).toBeGreaterThan(0);
  expect(sameDigits(clickhouse)).toEqual(sameDigits(duckdb));
  // Every rate shown (one page view is enough), and by the report's own rule.
  for (const minPageViews of [1, undefined]) {
    const [fromClickHouse, fromDuckDb] = [clickhouse, duckdb].map((result) =>
      sameDigits(buildFunnelReport(result, { source: 'events.jsonl', minPageViews, designs: null })),
    );
    expect(fromClickHouse).toEqual(fromDuckDb);
  }
});

test('a message the Kafka engine could not read goes to event_errors and is counted as a bad line', async () => {
  await engine.run(
    `INSERT INTO events_queue (message, _topic, _partition, _offset, _error, _raw_message)
     VALUES ('', 'landing_events', 0, ${EVENTS}, 'Cannot parse input', '{"action":"view_landing",')`,
  );
  const [error] = await engine.rows('SELECT kafka_offset, raw_message, error FROM event_errors');
  expect(error).toEqual({ kafka_offset: EVENTS, raw_message: '{"action":"view_landing",', error: 'Cannot parse input' });
  const after = await queryClickHouse(engine);
  expect(after.totals.lines).toBe(EVENTS + 1);
  const malformed = (result: QueryResult) => result.badInput.find((row) => row.problem === 'malformed')?.lines ?? 0;
  expect(malformed(after)).toBe(malformed(duckdb) + 1);
});

test('the tracking codes the view judges by are the domain’s, on one server and on a cluster', () => {
  for (const name of ['events.sql', 'cluster/chain.sql']) {
    const ddl = fs.readFileSync(path.join(CHAIN_DIR, name), 'utf8');
    const insert = /INSERT INTO event_codes VALUES (.*);/.exec(ddl)?.[1] ?? '';
    expect([...insert.matchAll(/\('([a-z_]+)'\)/g)].map((match) => match[1])).toEqual([...TRACKING_EVENT_CODES]);
  }
});

test('the Kafka table and the cluster form are statements ClickHouse parses, the cluster views the same as one server’s', async () => {
  const views = fs.readFileSync(path.join(CHAIN_DIR, 'views.sql'), 'utf8');
  const cluster = fs.readFileSync(path.join(CHAIN_DIR, 'cluster/chain.sql'), 'utf8');
  const select = (ddl: string, view: string) => new RegExp(`VIEW IF NOT EXISTS ${view}[^\\n]* AS\\n([\\s\\S]*?);`).exec(ddl)?.[1];
  for (const view of ['events_mv', 'event_errors_mv']) expect(select(cluster, view)).toBe(select(views, view));
  const kafka = fs.readFileSync(path.join(CHAIN_DIR, 'kafka.sql'), 'utf8');
  const parsed = [...statements(kafka), ...statements(cluster)];
  expect(parsed.length).toBe(10);
  for (const statement of parsed) await expect(engine.rows(`EXPLAIN AST ${statement}`)).resolves.not.toHaveLength(0);
});

test('the consent choices per market, which name no page view, are counted as DuckDB counts them', async () => {
  const consentLog = path.join(__dirname, '../..', '..', 'fixtures', 'funnel', 'consent.jsonl');
  for (const table of ['events', 'event_errors']) await engine.run(`TRUNCATE TABLE ${table}`);
  await loadLogFile(engine, consentLog);
  const fromClickHouse = await queryClickHouse(engine);
  const fromDuckDb = await queryEventLog(consentLog);
  // Hand-counted in consent.test.ts.
  expect(fromClickHouse.consent).toEqual([
    { country: 'br', consentMode: 'opt-out', accepted: 1, refused: 2, withdrawn: 0 },
    { country: 'de', consentMode: 'opt-in', accepted: 2, refused: 3, withdrawn: 1 },
    { country: 'kz', consentMode: 'opt-in', accepted: 1, refused: 0, withdrawn: 0 },
    { country: 'kz', consentMode: 'opt-out', accepted: 1, refused: 0, withdrawn: 0 },
  ]);
  expect(sameDigits(fromClickHouse)).toEqual(sameDigits(fromDuckDb));
});
