/**
 * The report's SQL files (sql/*.sql) for each engine: ClickHouse takes sql/clickhouse/NAME where its
 * dialect differs, else the shared file. Also the reference tables every query joins.
 */
import fs from 'node:fs';
import path from 'node:path';
import { KNOWN_CODES } from './codes';
import type { Dialect, Engine } from './engines/engine';
import { VITAL_RULES, VITALS } from '../shared/thresholds';

const SQL_DIR = path.join(__dirname, 'sql');

export function sqlOf(dialect: Dialect, name: string): string {
  const own = path.join(SQL_DIR, dialect, name);
  return fs.readFileSync(dialect !== 'duckdb' && fs.existsSync(own) ? own : path.join(SQL_DIR, name), 'utf8');
}

/** A string literal: DuckDB reads a backslash as itself, ClickHouse as an escape. */
export const quote = (text: string, dialect: Dialect = 'duckdb'): string =>
  `'${(dialect === 'clickhouse' ? text.replace(/\\/g, '\\\\') : text).replace(/'/g, "''")}'`;

/** Rows as a SELECT both dialects read: `SELECT a AS x, b AS y UNION ALL SELECT …`. */
const selectOf = (rows: readonly (readonly [string, string][])[]): string =>
  rows.map((row) => `SELECT ${row.map(([value, name]) => `${value} AS ${name}`).join(', ')}`).join(' UNION ALL ');

/**
 * event_codes(code) and vital_thresholds(metric, good, poor, bin_width, bins), as temporary tables. On
 * ClickHouse event_codes is a table of the chain (contract/clickhouse/events.sql), which its view reads.
 */
export async function setUpReferenceTables(engine: Engine, { eventCodes = true } = {}): Promise<void> {
  if (eventCodes) await engine.run(`CREATE TEMPORARY TABLE event_codes AS ${selectOf(KNOWN_CODES.map((code) => [[quote(code), 'code']]))}`);
  const thresholds = VITALS.map((metric) => {
    const rule = VITAL_RULES[metric];
    const number = (value: number) => (engine.dialect === 'duckdb' ? `CAST(${value} AS DOUBLE)` : `toFloat64(${value})`);
    return [
      [quote(metric), 'metric'],
      [number(rule.good), 'good'],
      [number(rule.poor), 'poor'],
      [number(rule.binWidth), 'bin_width'],
      [String(rule.bins), 'bins'],
    ] as [string, string][];
  });
  await engine.run(`CREATE TEMPORARY TABLE vital_thresholds AS ${selectOf(thresholds)}`);
}
