/**
 * The editor's preview frame asks for a landing at its own address with `?preview=editor` (and
 * `&variant=<id>` for an A/B variant): the stand-in answers with the landing rendered now from the
 * tables as saved (landing-preview.ts) instead of the last build's file. At its own address the page's
 * scripts, its policy and the stand-in's calls are a visitor's, and the marker keeps its views out of
 * the funnel (lib/preview.ts).
 */
import type { FastifyInstance } from 'fastify';
import { PREVIEW_PARAM } from '../../../lib/preview';
import { escapeHtml } from '../../../lib/html-escape';
import { BASE_PATH } from '../../../src/domain/paths';
import { LandingPreview, type PreviewAnswer } from './landing-preview';

/** The marker's value the editor's frame uses. */
export const EDITOR_PREVIEW = 'editor';
export const VARIANT_PARAM = 'variant';
/** A landing's page data under the site's path: /page-data/zenit/ru/quiz/page-data.json. */
const PAGE_DATA = /^\/page-data\/(.+)\/page-data\.json$/;

function refusalPage(reason: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No preview</title></head>
<body style="font:15px system-ui,sans-serif;margin:16px"><p role="alert">${escapeHtml(reason)}</p></body></html>
`;
}

export function registerLandingPreview(app: FastifyInstance, siteDir: string, now: () => number): LandingPreview {
  const preview = new LandingPreview(siteDir, now);
  app.addHook('onClose', async () => preview.stop());
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = new URL(request.raw.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(`${BASE_PATH}/`) || url.searchParams.get(PREVIEW_PARAM) !== EDITOR_PREVIEW) return;
    let sitePath: string;
    try {
      sitePath = decodeURIComponent(url.pathname.slice(BASE_PATH.length));
    } catch {
      return;
    }
    const variant = url.searchParams.get(VARIANT_PARAM);
    reply.header('cache-control', 'no-store');
    // The page's runtime asks for its page data with the frame's own query.
    const data = PAGE_DATA.exec(sitePath);
    if (data) {
      const answer = preview.pageData(`/${data[1]}/`, variant, url.search);
      if (answer.kind === 'data') return reply.code(200).type('application/json; charset=utf-8').send(answer.json);
      return reply.code(answer.kind === 'refused' ? answer.status : 404).send();
    }
    let answer: PreviewAnswer;
    try {
      answer = await preview.answer(sitePath, variant, url.search);
    } catch (error) {
      // The marketer reads this in the frame: a page that says so, not the server's error object.
      const reason = error instanceof Error ? error.message : String(error);
      answer = { kind: 'refused', status: 503, reason: `The preview could not be drawn (${reason}); reload the frame to try again.` };
    }
    if (answer.kind === 'redirect') return reply.redirect(answer.to, 302);
    const [status, html] = answer.kind === 'page' ? [200, answer.html] : [answer.status, refusalPage(answer.reason)];
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  });
  return preview;
}
