/** The embedded engine: DuckDB in this process, in memory or on a database file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Engine, Raw } from './engine';

export const DEFAULT_MEMORY_LIMIT = '1GB';

export interface DuckDbEngine extends Engine {
  readonly connection: DuckDBConnection;
}

/** `database` is a file path, or absent for an in-memory database. */
export async function openDuckDb(database?: string, memoryLimit = DEFAULT_MEMORY_LIMIT): Promise<DuckDbEngine> {
  // Big joins and sorts spill past memory_limit; the default would be a .tmp folder in the working directory.
  const tempDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-duckdb-'));
  const instance = await DuckDBInstance.create(database ?? ':memory:', { temp_directory: tempDirectory, memory_limit: memoryLimit });
  const connection = await instance.connect();
  await connection.run(`SET TimeZone = 'UTC'`);
  return {
    dialect: 'duckdb',
    connection,
    async run(sql) {
      await connection.run(sql);
    },
    async rows(sql) {
      return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Raw[];
    },
    async close() {
      connection.closeSync();
      instance.closeSync();
      fs.rmSync(tempDirectory, { recursive: true, force: true });
    },
  };
}
