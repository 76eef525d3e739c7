/**
 * The report on ClickHouse: a server fed from Kafka by the chain in contract/clickhouse/, or ClickHouse
 * in this process (chdb) fed a log file through the same chain with a Null table for the queue.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from './engines/engine';
import { queryEngine, type QueryOptions, type QueryResult } from './query';
import { quote, setUpReferenceTables, sqlOf } from './sql-files';

export const CHAIN_DIR = path.join(__dirname, '..', '..', 'contract', 'clickhouse');
const chain = (name: string): string => fs.readFileSync(path.join(CHAIN_DIR, name), 'utf8');

/** The chain of one server with a Null table for the Kafka queue: events.sql, the stand-in queue, views.sql. */
export async function applyChainWithoutKafka(engine: Engine): Promise<void> {
  await engine.run(chain('events.sql'));
  await engine.run(sqlOf('clickhouse', 'log-queue.sql'));
  await engine.run(chain('views.sql'));
}

/** Each line of the file through the queue into events, numbered as in the file. */
export async function loadLogFile(engine: Engine, file: string): Promise<void> {
  await engine.run(sqlOf('clickhouse', 'load.sql').replace('{log_file:String}', quote(path.resolve(file), 'clickhouse')));
}

/** The report's rows from a ClickHouse whose events (and event_errors) the chain fills. */
export async function queryClickHouse(engine: Engine, options: QueryOptions = {}): Promise<QueryResult> {
  await engine.run('DROP TEMPORARY TABLE IF EXISTS vital_thresholds');
  await setUpReferenceTables(engine, { eventCodes: false });
  return queryEngine(engine, options);
}
