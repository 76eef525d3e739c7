/** A ClickHouse server through the official client, over HTTP: one session, so the report's temporary tables last. */
import crypto from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { CLICKHOUSE_SETTINGS } from './clickhouse-settings';
import { statements, type Engine, type Raw } from './engine';

/** `url` names the server and, in its path, the database: http://user:password@host:8123/promo_funnel */
export function openClickHouse(url: string): Engine {
  const client = createClient({
    url,
    session_id: `promo-funnel-${crypto.randomUUID()}`,
    clickhouse_settings: CLICKHOUSE_SETTINGS,
    request_timeout: 30 * 60 * 1000,
  });
  return {
    dialect: 'clickhouse',
    async run(sql) {
      for (const statement of statements(sql)) await client.command({ query: statement });
    },
    async rows(sql) {
      const [statement] = statements(sql);
      const result = await client.query({ query: statement, format: 'JSONEachRow' });
      return (await result.json()) as Raw[];
    },
    async close() {
      await client.close();
    },
  };
}
