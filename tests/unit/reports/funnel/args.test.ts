/** The command line of `npm run funnel`: the engines and the database file, and their mistakes told plainly. */
import { parseFunnelArgs } from '../../../../reports/funnel/args';
import { databaseBeside } from '../../../../reports/funnel/database-path';

test('reads the DuckDB file, a rebuild, and the engines', () => {
  expect(parseFunnelArgs(['--events', 'x.jsonl', '--database=var/x.duckdb', '--rebuild'])).toMatchObject({
    events: 'x.jsonl',
    database: 'var/x.duckdb',
    rebuild: true,
    engine: 'duckdb',
  });
  expect(parseFunnelArgs(['--engine', 'clickhouse', '--url', 'http://report:secret@clickhouse:8123/promo_funnel'])).toMatchObject({
    engine: 'clickhouse',
    url: 'http://report:secret@clickhouse:8123/promo_funnel',
  });
  expect(parseFunnelArgs(['--engine=chdb', '--events', 'x.jsonl'])).toMatchObject({ engine: 'chdb', events: 'x.jsonl' });
});

test('says what is wrong with an engine, a server or a flag that does not go with it', () => {
  expect(() => parseFunnelArgs(['--engine', 'postgres'])).toThrow('--engine is one of duckdb, clickhouse, chdb, not "postgres"');
  expect(() => parseFunnelArgs(['--engine', 'clickhouse'])).toThrow('--engine clickhouse needs --url, the server to ask');
  expect(() => parseFunnelArgs(['--engine', 'clickhouse', '--url', 'clickhouse:8123'])).toThrow(
    `--url takes the server's http(s) address, got "clickhouse:8123"`,
  );
  expect(() => parseFunnelArgs(['--url', 'http://clickhouse:8123'])).toThrow('--url is for --engine clickhouse');
  expect(() => parseFunnelArgs(['--engine', 'clickhouse', '--url', 'http://h:8123', '--events', 'x.jsonl'])).toThrow(
    "--engine clickhouse reads the server's events table, not a log file",
  );
  expect(() => parseFunnelArgs(['--engine', 'chdb', '--rebuild'])).toThrow('--database and --rebuild are for the DuckDB file');
});

test('keeps the database beside the log, named after it', () => {
  expect(databaseBeside('/srv/promo/var/events.jsonl')).toBe('/srv/promo/var/events.duckdb');
  expect(databaseBeside('/tmp/export')).toBe('/tmp/export.duckdb');
});
