import path from 'node:path';

/** Where the report keeps its DuckDB file by default: events.jsonl → events.duckdb, in the log's folder. */
export function databaseBeside(file: string): string {
  const { dir, name } = path.parse(file);
  return path.join(dir, `${name}.duckdb`);
}
