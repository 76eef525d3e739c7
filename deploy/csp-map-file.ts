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

/** Per HTML file (relative to public/): its size and mtime when hashed, and its hashes. */
type HashCache = Record<string, { size: number; mtimeMs: number; hashes: string[] }>;

function readCache(cacheFile: string | undefined): HashCache {
  if (!cacheFile) return {};
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as HashCache;
  } catch {
    return {};
  }
}

/**
 * The map's text for a built site: one line per HTML file with inline scripts, sorted by path. With a
 * cache file, a page Gatsby did not write again (same size and mtime) keeps the hashes read last time, so
 * a rebuild after a one-row edit reads the pages it wrote, not all of them.
 */
export function cspMapFor(publicDir: string, basePath: string, cacheFile?: string): string {
  const cached = readCache(cacheFile);
  const next: HashCache = {};
  const entries = htmlFiles(publicDir)
    .sort()
    .map((file) => {
      const full = path.join(publicDir, file);
      const { size, mtimeMs } = fs.statSync(full);
      const known = cached[file];
      const hashes =
        known && known.size === size && known.mtimeMs === mtimeMs ? known.hashes : inlineScriptHashes(fs.readFileSync(full, 'utf8'));
      next[file] = { size, mtimeMs, hashes };
      return { uri: servedPath(basePath, file), hashes };
    });
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(next));
  }
  return cspNginxMap(entries);
}

/** Returns how many pages the map covers. */
export function writeCspMap(publicDir: string, basePath: string, cacheFile?: string): number {
  const text = cspMapFor(publicDir, basePath, cacheFile);
  fs.writeFileSync(path.join(publicDir, CSP_NGINX_MAP), text);
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
}
