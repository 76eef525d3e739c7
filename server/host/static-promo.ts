import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE } from '../../src/domain/experiments';
import { consentFromCookies } from '../../src/domain/consent';
import { BuildExperiments } from './build-experiments';
import { BuildRedirects } from './build-redirects';
import { readCookie, requestPath } from '../request';
import { escapeHtml } from '../../lib/html-escape';
import { lookUp, sendStaticFile } from './static-files';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from '../../deploy/cache-control';

export { cacheControlFor, IMMUTABLE, REVALIDATE };

export const PROMO_PREFIX = '/promo';

export function isPromoPath(urlPath: string): boolean {
  return urlPath === PROMO_PREFIX || urlPath.startsWith(`${PROMO_PREFIX}/`);
}

function publicDirReady(publicDir: string): boolean {
  try {
    return statSync(publicDir).isDirectory();
  } catch {
    return false;
  }
}

function notBuiltPage(publicDir: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Promo site not built</title></head>',
    '<body><h1>The promo site has not been built yet</h1>',
    `<p>There is no build output in <code>${escapeHtml(publicDir)}</code>.</p>`,
    '<p>Run <code>npm run build</code> in the repository, then reload this page.</p>',
    '</body></html>',
  ].join('\n');
}

export function registerStaticPromo(app: FastifyInstance, publicDir: string): void {
  // Checked per request rather than once, so a build finishing while the server runs is picked up.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPromoPath(requestPath(request)) || publicDirReady(publicDir)) return;
    reply
      .code(503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('retry-after', '30')
      .send(notBuiltPage(publicDir));
    return reply;
  });

  app.get(PROMO_PREFIX, async (request, reply) => {
    const url = request.raw.url ?? '';
    const question = url.indexOf('?');
    return reply.redirect(`${PROMO_PREFIX}/${question === -1 ? '' : url.slice(question)}`, 301);
  });

  const redirects = new BuildRedirects(publicDir);
  const experiments = new BuildExperiments(publicDir);
  app.get(`${PROMO_PREFIX}/*`, async (request, reply) => {
    const url = request.raw.url ?? '';
    const question = url.indexOf('?');
    const urlPath = question === -1 ? url : url.slice(0, question);
    const search = question === -1 ? '' : url.slice(question);
    // The partner's query string travels on, so the promo code survives the redirect.
    const expired = redirects.find(urlPath);
    if (expired) return reply.header('cache-control', REVALIDATE).redirect(`${expired.to}${search}`, expired.status as 302);
    // An A/B experiment's landing: the visitor's variant, served at the landing's own address (deploy/promo.server.conf).
    const visit = experiments.answer(
      decodedPath(urlPath),
      readCookie(request, VISITOR_COOKIE),
      request.headers['user-agent'],
      consentFromCookies(request.headers.cookie ?? ''),
    );
    const found = await lookUp(publicDir, (visit.servedPath ?? urlPath).slice(PROMO_PREFIX.length), search);
    if (found.kind === 'redirect') return reply.redirect(`${PROMO_PREFIX}${found.location}`, 301);
    if (found.kind === 'missing') return sendPromoNotFound(request, reply, publicDir);
    const perVisitor = visit.headersFor(`${PROMO_PREFIX}/${found.relativePath.split(path.sep).join('/')}`);
    if (perVisitor?.setCookie) reply.header('set-cookie', perVisitor.setCookie);
    return sendStaticFile(request, reply, found, {
      cacheControl: perVisitor?.cacheControl ?? cacheControlFor(found.relativePath),
      vary: perVisitor?.vary,
    });
  });
}

/** The path as nginx's $uri has it (percent-decoded), which its experiment maps match; a malformed one as it is. */
function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/** Gatsby's per-site 404 page, served with a real 404 status for anything missing under /promo. */
export async function sendPromoNotFound(request: FastifyRequest, reply: FastifyReply, publicDir: string): Promise<FastifyReply> {
  const page = await lookUp(publicDir, '/404.html', '');
  if (page.kind === 'file') return sendStaticFile(request, reply, page, { status: 404, cacheControl: REVALIDATE });
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .send('<!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Page not found</h1></body></html>');
}
