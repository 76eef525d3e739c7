/**
 * What the report needs of a database: run statements, read rows as plain objects. DuckDB (embedded, the
 * default), a ClickHouse server through its official client, and ClickHouse in-process (chdb) each give one.
 */
export type Dialect = 'duckdb' | 'clickhouse';

export type Raw = Record<string, unknown>;

export interface Engine {
  readonly dialect: Dialect;
  /** One or more statements; their results, if any, are dropped. */
  run(sql: string): Promise<void>;
  /** One query's rows. */
  rows(sql: string): Promise<Raw[]>;
  close(): Promise<void>;
}

/**
 * A file's statements one by one, for engines that take one per call: split where a line ends in ";",
 * comment lines dropped (no statement here holds a ";" at a line's end inside a string).
 */
export function statements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((text) =>
      text
        .split('\n')
        .filter((line) => !/^\s*--/.test(line))
        .join('\n')
        .trim(),
    )
    .filter((text) => text !== '');
}
