import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { EventLog } from '../../lib/event-log';
import { QA_FUNNEL_PATH, QA_PATH } from './qa-index';

/** The funnel report over the stand-in's own event log, beside the QA index. */
export function registerQaFunnel(app: FastifyInstance, eventLog: EventLog | null): void {
  app.get(QA_FUNNEL_PATH, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    // Loaded on first use: the embedded database is a large native module most stand-in runs never need.
    const { renderFunnelPage, renderNoLogPage } = await import('../../reports/funnel/html');
    if (!eventLog) return renderNoLogPage('This stand-in was started without an event log (buildApp without eventLog).', QA_PATH);
    if (!existsSync(eventLog.file)) {
      return renderNoLogPage(`No tracking call has come yet: ${eventLog.file} does not exist. Open a landing and come back.`, QA_PATH);
    }
    const [{ queryEventLog }, { buildFunnelReport }, { designsFromTables }] = await Promise.all([
      import('../../reports/funnel/query'),
      import('../../reports/funnel/report'),
      import('../../reports/experiments/designs'),
    ]);
    const result = await queryEventLog(eventLog.file, { histogram: true });
    const report = buildFunnelReport(result, {
      source: path.relative(process.cwd(), eventLog.file) || eventLog.file,
      designs: designsFromTables(),
    });
    const group = (request.query as Record<string, unknown>).group;
    return renderFunnelPage(report, { path: QA_FUNNEL_PATH, indexPath: QA_PATH, group: typeof group === 'string' ? group : undefined });
  });
}
