/**
 * The routes of finding and changing many landings (bulk.ts) and of a text edit's reach (reach.ts),
 * beside the editor's own under /__admin/.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { checkSite } from '../../tables/load';
import { findLandings, isBulkChange, planChange, saveReviewed, type BulkChange, type Selection } from './bulk';
import { bulkPage, BULK_PAGE_PATH } from './bulk-page';
import type { GuardedWrite } from './backend-proxy';
import { readChoices } from './collections';
import { adminPolicy, ADMIN_PATH } from './page';
import { textReach } from './reach';

export interface BulkOptions {
  repoDir: string;
  now: () => number;
  /** The editor's guarded write: it also starts the site's rebuild. */
  write: GuardedWrite;
}

interface BulkBody {
  selection?: Selection;
  change?: BulkChange;
  /** Each file's hash as the review showed it. */
  reviewed?: Record<string, string>;
}

const SELECTION_KEYS = ['brand', 'country', 'slug', 'status', 'date'] as const;

function selectionOf(input: unknown): Selection {
  const source = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  return Object.fromEntries(SELECTION_KEYS.flatMap((key) => (typeof source[key] === 'string' && source[key] ? [[key, source[key]]] : [])));
}

export function registerBulk(app: FastifyInstance, options: BulkOptions): void {
  const dataDir = path.join(options.repoDir, 'data');
  const found = (selection: Selection) => {
    const now = options.now();
    return findLandings(checkSite(dataDir, now).landings, selection, now);
  };

  app.get(BULK_PAGE_PATH, (_request, reply) => {
    const choices = readChoices(dataDir);
    return reply
      .header('content-security-policy', adminPolicy())
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(bulkPage(choices));
  });
  app.get<{ Querystring: Record<string, string> }>(`${ADMIN_PATH}find`, (request, reply) =>
    reply.header('cache-control', 'no-store').send({ landings: found(selectionOf(request.query)) }),
  );
  app.post<{ Body: BulkBody }>(`${ADMIN_PATH}bulk/review`, (request, reply) => {
    const { selection, change } = request.body ?? {};
    if (!isBulkChange(change)) return reply.code(400).send({ problem: 'a change needs a field (date, redirect_to or promo) and a value' });
    const planned = planChange(options.repoDir, found(selectionOf(selection)), change);
    return reply.send({ files: planned.map(({ raw: _raw, ...file }) => file) });
  });
  app.post<{ Body: BulkBody }>(`${ADMIN_PATH}bulk/save`, async (request, reply) => {
    const { selection, change, reviewed } = request.body ?? {};
    if (!isBulkChange(change) || !reviewed || typeof reviewed !== 'object') {
      return reply.code(400).send({ ok: false, problem: 'a save needs the change and the files as reviewed' });
    }
    const planned = planChange(options.repoDir, found(selectionOf(selection)), change);
    const answer = await saveReviewed(options.write, planned, reviewed, change);
    if (!answer.ok) return reply.code(409).send(answer);
    return reply.send(answer);
  });
  app.get<{ Querystring: { language?: string; keys?: string } }>(`${ADMIN_PATH}reach`, (request, reply) => {
    const language = request.query.language ?? '';
    const keys = (request.query.keys ?? '').split(',').filter(Boolean);
    const { tables, landings } = checkSite(dataDir, options.now());
    if (!tables) return reply.code(409).send({ problem: 'the tables cannot be read now: see npm run promos' });
    return reply.header('cache-control', 'no-store').send(textReach(tables, landings, language, keys));
  });
}
