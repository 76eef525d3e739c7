/**
 * ClickHouse inside this process (chdb): the same engine as a server, for the tests and for
 * `--engine chdb`. libchdb holds one data folder per process, so each engine takes a fresh folder of
 * its own and gives it back on close; two open at once in one process are refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLICKHOUSE_SETTINGS } from './clickhouse-settings';
import { statements, type Engine, type Raw } from './engine';

let open = false;

export async function openChdb(): Promise<Engine> {
  if (open) throw new Error('chdb holds one data folder per process, and one is open: close it first');
  // Loaded here, not at the top: only the ClickHouse paths need the 500 MB library.
  const { Session } = await import('chdb');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-chdb-'));
  const session = new Session(folder);
  open = true;
  for (const [name, value] of Object.entries(CLICKHOUSE_SETTINGS)) session.query(`SET ${name} = ${value}`);
  return {
    dialect: 'clickhouse',
    async run(sql) {
      for (const statement of statements(sql)) session.query(statement);
    },
    async rows(sql) {
      const [statement] = statements(sql);
      const text = session.query(statement, 'JSONEachRow');
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Raw);
    },
    async close() {
      session.close();
      open = false;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
