/**
 * /__admin/: the promotions editor beside the QA index, never in public/. Serves Decap's bundle, the
 * config made from the schemas, the way to the files (backend-proxy.ts), the save check and the
 * rebuild the preview waits for.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentTypeFor } from '../mime';
import { BACKEND_PATH, registerBackendProxy } from './backend-proxy';
import { registerBulk } from './bulk-routes';
import { checkEdit, type EditedFile } from './check';
import { FALLBACK_SLUG } from '../../src/domain/expiry';
import { editorConfig, readChoices } from './collections';
import { ADMIN_PATH, adminPage, adminPolicy } from './page';
import { Rebuilder, type Builder } from './rebuild';
import { registerLaunch } from './launch-routes';
import { registerLandingPreview } from './preview/preview-route';

const DECAP_DIST = path.resolve(__dirname, '..', '..', 'node_modules', 'decap-cms', 'dist');
const CLIENT_DIR = path.join(__dirname, 'client');
const CLIENT_FILES = new Set(['admin.js', 'manual-init.js', 'launch.js', 'bulk.js']);

export interface AdminOptions {
  /** The working tree the editor writes to (decap-server's) and the preview is rebuilt from. */
  repoDir: string;
  /** decap-server's API address; null leaves the editor without a local backend. */
  localBackend: string | null;
  /** Why there is no local backend (decap-server did not start), shown on the editor's page. */
  backendProblem?: string | null;
  /** The git host repository the production config names (owner/name). */
  repo: string;
  now: () => number;
  /** Runs the full rebuild after a save (the site's `gatsby build` unless given: a test holds it). */
  build?: Builder;
}

export function registerAdmin(app: FastifyInstance, options: AdminOptions): Rebuilder {
  const dataDir = path.join(options.repoDir, 'data');
  const rebuilder = new Rebuilder(options.repoDir, options.now, options.build);
  const write = registerBackendProxy(app, { ...options, onWritten: () => rebuilder.request() });
  registerBulk(app, { repoDir: options.repoDir, now: options.now, write });
  registerLandingPreview(app, options.repoDir, options.now);

  app.get('/__admin', (_request, reply) => reply.redirect(ADMIN_PATH));
  app.get(ADMIN_PATH, (_request, reply) =>
    reply
      .header('content-security-policy', adminPolicy())
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(adminPage({ problem: options.localBackend ? null : (options.backendProblem ?? null) })),
  );
  app.get(`${ADMIN_PATH}config.yml`, (request, reply) => {
    // Decap wants the local backend's address whole; it is this server's, as the browser reached it.
    const config = editorConfig(dataDir, {
      localBackend: options.localBackend || options.backendProblem ? `${request.protocol}://${request.host}${BACKEND_PATH}` : undefined,
      backend: { name: 'github', repo: options.repo },
      now: options.now(),
    });
    // JSON is YAML: Decap reads it as its config.yml.
    return reply.header('cache-control', 'no-store').type('text/yaml; charset=utf-8').send(JSON.stringify(config));
  });
  // The texts' preview: a landing in each language, the fallback one where there is one.
  app.get(`${ADMIN_PATH}landings.json`, (_request, reply) => {
    const { landings, languages } = readChoices(dataDir);
    const byLanguage: Record<string, string> = {};
    for (const language of languages) {
      const here = landings.filter((landing) => landing.split('/')[2] === language);
      const shown = here.find((landing) => landing.endsWith(`/${FALLBACK_SLUG}/`)) ?? here[0];
      if (shown) byLanguage[language] = shown;
    }
    return reply.header('cache-control', 'no-store').send(byLanguage);
  });
  registerLaunch(app, options.repoDir, options.now);
  app.get<{ Params: { file: string } }>(`${ADMIN_PATH}:file`, (request, reply) => {
    const { file } = request.params;
    const dir = CLIENT_FILES.has(file) ? CLIENT_DIR : DECAP_DIST;
    const full = path.join(dir, file);
    if (!/^[\w.-]+$/.test(file) || !fs.existsSync(full) || !fs.statSync(full).isFile()) {
      return reply.code(404).type('text/plain; charset=utf-8').send(`No such editor file: ${file}`);
    }
    // Revalidated by size and time: an editor opened again gets a 304, and Chromium keeps the compiled bundle.
    const stat = fs.statSync(full);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(contentTypeFor(file)).send(fs.readFileSync(full));
  });
  app.post<{ Body: EditedFile }>(`${ADMIN_PATH}check`, (request, reply) => {
    const edit = request.body;
    if (!edit || typeof edit.path !== 'string' || edit.data === undefined) {
      return reply.code(400).send({ ok: false, problems: ['the check needs {path, data}'] });
    }
    return reply.send(checkEdit(options.repoDir, edit, options.now()));
  });
  app.post(`${ADMIN_PATH}rebuild`, (_request, reply) => reply.send(rebuilder.request()));
  app.get(`${ADMIN_PATH}rebuild`, (_request, reply) => reply.header('cache-control', 'no-store').send(rebuilder.current()));
  return rebuilder;
}
