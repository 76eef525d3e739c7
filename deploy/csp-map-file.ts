/** Writes public/_csp.nginx.map: per built HTML file, the hash sources of its inline scripts (see csp-hashes.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { cspNginxMap, inlineScriptHashes, servedPath } from './csp-hashes';

export const CSP_NGINX_MAP = '_csp.nginx.map';

function htmlFiles(dir: string, base = dir): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...htmlFiles(full, base));
    else if (entry.isFile() && entry.name.endsWith('.html')) found.push(path.relative(base, full));
  }
  return found;
}

/** The map's text for a built site: one line per HTML file with inline scripts, sorted by path. */
export function cspMapFor(publicDir: string, basePath: string): string {
  const entries = htmlFiles(publicDir)
    .sort()
    .map((file) => ({ uri: servedPath(basePath, file), hashes: inlineScriptHashes(fs.readFileSync(path.join(publicDir, file), 'utf8')) }));
  return cspNginxMap(entries);
}

/** Returns how many pages the map covers. */
export function writeCspMap(publicDir: string, basePath: string): number {
  const text = cspMapFor(publicDir, basePath);
  fs.writeFileSync(path.join(publicDir, CSP_NGINX_MAP), text);
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
}
