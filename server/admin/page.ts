/**
 * The editor's page: Decap's standalone bundle (node_modules/decap-cms/dist, React included) and our
 * registrations, all served from /__admin/, under a policy that lets nothing in from elsewhere.
 */
export const ADMIN_PATH = '/__admin/';

/**
 * 'unsafe-eval': Decap checks its config with ajv, which compiles each JSON Schema into a function
 * (new Function) and refuses to start without it. 'unsafe-inline' styles: Decap styles itself with emotion,
 * which writes <style> elements at run time. blob: images: an image chosen for upload is shown
 * before it is saved. The backend (decap-server, or the git host's API in production) is the one
 * address outside this origin.
 */
export function adminPolicy(localBackend: string | null, gitHost: string[] = []): string {
  const backend = [...(localBackend ? [new URL(localBackend).origin] : []), ...gitHost].map((origin) => ` ${origin}`).join('');
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
}

export function adminPage({ base = ADMIN_PATH, checks = true, policy }: PageOptions = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${policy ? `<meta http-equiv="Content-Security-Policy" content="${policy}">\n` : ''}${checks ? `<meta name="promo-editor-server" content="${base}">\n` : ''}<title>Promotions editor</title>
<link href="${base}config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="${base}manual-init.js"></script>
<script src="${base}decap-cms.js"></script>
<script src="${base}admin.js"></script>
</body>
</html>
`;
}
