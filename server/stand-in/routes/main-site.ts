import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANDROID_APP, WINDOWS_APP, type Download } from '../fixtures/downloads';
import { escapeHtml } from '../../../lib/html-escape';
import { isAcceptableHomeUrl } from './casino';

/**
 * The main-site pages the landings link to. Each answers a tiny page saying which page it is and
 * what it was asked, so a click from a landing can be checked by eye or by a browser test.
 */
interface PageDef {
  /** Path under the desktop or mobile root, without leading slash; '' is the root itself. */
  path: string;
  name: string;
  qualifier?: string;
}

const DESKTOP_PAGES: PageDef[] = [
  { path: '', name: 'home' },
  { path: 'registration', name: 'registration' },
  { path: 'registration/phone', name: 'registration', qualifier: 'by phone' },
  { path: 'company/support', name: 'support' },
  { path: 'feedback', name: 'feedback' },
  { path: 'casino/:game', name: 'casino game' },
  { path: 'casino/play/:uid', name: 'casino game player' },
  { path: 'mobile_app/android', name: 'Android app' },
  { path: 'application/ios', name: 'iOS app' },
  { path: 'line/*', name: 'sports line' },
];

const MOBILE_PAGES: PageDef[] = [
  { path: '', name: 'home' },
  { path: 'login', name: 'login' },
  { path: 'registration', name: 'registration' },
  { path: 'registration/phone', name: 'registration', qualifier: 'by phone' },
  { path: 'company/support', name: 'support' },
  { path: 'feedback', name: 'feedback' },
  { path: 'casino/:game', name: 'casino game' },
  { path: 'recovery', name: 'password recovery' },
  { path: 'line/*', name: 'sports line' },
];

/** Desktop forms the main site opens over the current page when the URL carries these flags. */
const QUERY_FLAGS: Record<string, string> = {
  login_form: 'login form',
  reg_form: 'registration form',
  regForm: 'registration form',
  pass_forgot: 'password recovery form',
};

/** Zenbet puts the page language after the root: /en/..., /m/en/... */
const LANGUAGE_PREFIX = /^[a-z]{2}$/;

type PageParams = Record<string, string | undefined>;

function rawQueryPairs(request: FastifyRequest): Array<[string, string]> {
  const url = request.raw.url ?? '';
  const question = url.indexOf('?');
  if (question === -1) return [];
  return [...new URLSearchParams(url.slice(question + 1)).entries()];
}

function renderPage(request: FastifyRequest, page: PageDef, mobile: boolean, params: PageParams): string {
  const qualifiers = [mobile ? 'mobile' : 'desktop'];
  if (page.qualifier) qualifiers.push(page.qualifier);
  if (params.lang) qualifiers.push(`language ${params.lang}`);
  const title = `Main site: ${page.name} (${qualifiers.join(', ')})`;

  const pairs = rawQueryPairs(request);
  const details: string[] = [];
  if (params.game !== undefined) details.push(`Game: ${params.game}`);
  if (params.uid !== undefined) details.push(`Game uid: ${params.uid}`);
  if (params['*'] !== undefined) details.push(`Line path: ${params['*']}`);
  const opens = [...new Set(pairs.map(([key]) => QUERY_FLAGS[key]).filter((flag): flag is string => !!flag))];
  if (opens.length > 0) details.push(`Opens: ${opens.join(', ')}`);

  const homeUrl = pairs.find(([key]) => key === 'home_url')?.[1];
  const exitLink =
    homeUrl !== undefined && isAcceptableHomeUrl(homeUrl) ? `<p><a id="home-url" href="${escapeHtml(homeUrl)}">Exit the game</a></p>` : '';

  const query =
    pairs.length === 0
      ? '<p id="no-query">No query parameters.</p>'
      : `<ul id="query">${pairs
          .map(([key, value]) => `<li><code>${escapeHtml(key)}</code> = <code>${escapeHtml(value)}</code></li>`)
          .join('')}</ul>`;

  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:48rem}code{background:#f2f2f2;padding:0 .2em}</style>',
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    "<p>This is the local stand-in for the operator's main site.</p>",
    details.map((line) => `<p class="detail">${escapeHtml(line)}</p>`).join(''),
    exitLink,
    '<h2>Query parameters</h2>',
    query,
    '<p><a href="/promo/">Back to the promo site</a></p>',
    '</body>',
    '</html>',
  ].join('\n');
}

function pageHandler(page: PageDef, mobile: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = { ...(request.params as PageParams) };
    if (params.lang !== undefined && !LANGUAGE_PREFIX.test(params.lang)) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').send(renderPage(request, page, mobile, params));
  };
}

function routePaths(root: string, page: PageDef): string[] {
  if (page.path === '') return root === '' ? ['/'] : [root, `${root}/`];
  const base = `${root}/${page.path}`;
  return page.path.endsWith('*') ? [base] : [base, `${base}/`];
}

function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  return reply
    .type(download.contentType)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'no-store')
    .send(download.body);
}

export function registerMainSiteRoutes(app: FastifyInstance): void {
  for (const page of DESKTOP_PAGES) {
    for (const root of ['', '/:lang']) {
      for (const url of routePaths(root, page)) app.get(url, pageHandler(page, false));
    }
  }
  for (const page of MOBILE_PAGES) {
    for (const root of ['/m', '/m/:lang']) {
      for (const url of routePaths(root, page)) app.get(url, pageHandler(page, true));
    }
  }

  for (const url of ['/ajax/mobile_app/download', '/ajax/mobile_app/download/']) {
    app.get(url, async (_request, reply) => sendDownload(reply, ANDROID_APP));
  }
  for (const url of ['/ajax/windows_app/download', '/ajax/windows_app/download/']) {
    app.get(url, async (_request, reply) => sendDownload(reply, WINDOWS_APP));
  }
}

/** The main site's own "page not found", for links to pages the stand-in does not play. */
export function renderMissingPage(path: string): string {
  const title = 'Main site: page not found';
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${title}</title></head>`,
    `<body><h1>${title}</h1><p>The stand-in main site has no page at <code>${escapeHtml(path)}</code>.</p>`,
    '<p><a href="/promo/">Back to the promo site</a></p></body>',
    '</html>',
  ].join('\n');
}
