/**
 * The editor's page: Decap's standalone bundle (node_modules/decap-cms/dist, React included) and our
 * registrations, all served from /__admin/, under a policy that lets nothing in from elsewhere.
 */
import { escapeHtml } from '../../lib/html-escape';

export const ADMIN_PATH = '/__admin/';

/**
 * 'unsafe-eval': Decap checks its config with ajv, which compiles each JSON Schema into a function
 * (new Function) and refuses to start without it. 'unsafe-inline' styles: Decap styles itself with emotion,
 * which writes <style> elements at run time. blob: images: an image chosen for upload is shown
 * before it is saved. In production the git host's API is the one address outside this origin; the
 * stand-in's editor reaches its files through this origin (backend-proxy.ts).
 */
export function adminPolicy(gitHost: string[] = []): string {
  const backend = gitHost.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    `connect-src 'self'${backend} blob:`,
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface PageOptions {
  /** Where the scripts and the config are (the stand-in's /__admin/, or "./" for a copy on another host). */
  base?: string;
  /** The stand-in's save check and rebuild; a copy on another host has neither (CI checks the pull request). */
  checks?: boolean;
  /** The policy as a meta element, for a host whose headers we do not set. */
  policy?: string;
  /** Why the editor cannot read or save files here (its backend did not start), shown above it. */
  problem?: string | null;
}

/** How each of the editor's pages begins: English, a phone's width, never indexed. */
export const EDITOR_PAGE_START = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
`;

/**
 * The editor's script asks for the config and the texts' landings only once Decap's bundle has run,
 * seconds after it arrived; asked for here they come while it is still being read.
 */
const PRELOADS = (base: string) =>
  `<link rel="preload" href="${base}config.yml" as="fetch" crossorigin>\n<link rel="preload" href="${base}landings.json" as="fetch" crossorigin>\n`;

export function adminPage({ base = ADMIN_PATH, checks = true, policy, problem }: PageOptions = {}): string {
  return `${EDITOR_PAGE_START}${policy ? `<meta http-equiv="Content-Security-Policy" content="${policy}">\n` : ''}${checks ? `<meta name="promo-editor-server" content="${base}">\n` : ''}<title>Promotions editor</title>
<link href="${base}config.yml" type="text/yaml" rel="cms-config-url">
${checks ? PRELOADS(base) : ''}</head>
<body>
${checks ? `<p style="margin:0;padding:6px 16px;background:#eef2ff;font:14px system-ui,sans-serif"><a href="${base}launch">Launch a promotion</a>: a new one, a slug in more countries, a landing duplicated · <a href="${base}landings">Find and change many landings at once</a>: by brand, country, slug, status or last day, in one save</p>\n` : ''}${problem ? `<p role="alert" style="margin:0;padding:12px 16px;background:#fee2e2;color:#7f1d1d;font:15px system-ui,sans-serif">The editor cannot save here: ${escapeHtml(problem)}. The site itself is served; restart <code>npm start</code> once the cause is gone.</p>\n` : ''}<script src="${base}manual-init.js"></script>
<script src="${base}decap-cms.js"></script>
<script src="${base}admin.js"></script>
</body>
</html>
`;
}
