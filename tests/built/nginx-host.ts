/**
 * A real nginx with deploy/promo.http.conf and deploy/promo.server.conf, exactly as on the operator's host,
 * in front of a stand-in main site for everything outside /promo. For tests run after a build
 * (`npm run test:built` installs nginx when missing: scripts/ensure-nginx.sh).
 *
 * nginx runs as a child process (`daemon off;`) from a temporary prefix: its own port, pid, logs and temp
 * paths, as the current user (deploy/publish/scratch-nginx.ts, which also serves a release for its check). Only
 * /srv/promo/public in the two includes is replaced by the public/ served. startNginxWith runs any http {} body
 * the same way (split-clients.test.ts: nginx's own hash as reference).
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { renderInclude } from '../../deploy/publish/nginx-config';
import { freePort, startScratchNginx, type ScratchNginx } from '../../deploy/publish/scratch-nginx';

export { freePort };
export type NginxHost = ScratchNginx;

const deployDir = path.resolve(__dirname, '../../deploy');

const MAIN_SITE = (upstreamPort: number) => `
    upstream main_site { server 127.0.0.1:${upstreamPort}; }`;
const PROXY = `
        location / {
            proxy_pass http://main_site;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }`;

/** Starts nginx serving `publicDir` at /promo (the shape of deploy/nginx.conf), with everything else proxied to 127.0.0.1:`upstreamPort`. */
export async function startNginx(publicDir: string, upstreamPort: number): Promise<NginxHost> {
  const render = (file: string) =>
    renderInclude(fs.readFileSync(path.join(deployDir, file), 'utf8'), { publicDir, nginxDir: path.dirname(publicDir) });
  return startScratchNginx(
    (port) => `
${render('promo.http.conf')}
${MAIN_SITE(upstreamPort)}
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
${render('promo.server.conf')}
${PROXY}
    }`,
  );
}

/**
 * Starts nginx as deploy/nginx.conf sets up a host that `npm run publish` writes to: the live release's
 * includes through `root`/live, and each preview's server after the main one (which stays the default).
 */
export async function startPublishedNginx(root: string, upstreamPort: number): Promise<NginxHost> {
  return startScratchNginx(
    (port) => `
    include ${root}/live/nginx/promo.http.conf;
${MAIN_SITE(upstreamPort)}
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        include ${root}/live/nginx/promo.server.conf;
${PROXY}
    }
    include ${root}/previews/*.conf;`,
  );
}

/** Starts nginx with `http(port)` as the body of its http {} block (a server listening on 127.0.0.1:port, say). */
export async function startNginxWith(http: (port: number) => string): Promise<NginxHost> {
  return startScratchNginx(http);
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET to a server on 127.0.0.1 on a connection of its own (no keep-alive), its body whole. */
export function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
