/**
 * At the end of the build: every HTML file of public/ gets its <script src> elements either deferred to
 * after the first frame (deferred-bundle.ts, the site's own pages) or given integrity and the retry script
 * (script-integrity.ts, a page as Gatsby makes it: the bench's bare page), then public/_csp.nginx.map
 * gets, per HTML file, the hash sources of its scripts (csp-hashes.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cspNginxMap, scriptHashes, servedPath } from './csp-hashes';
import { withDeferredBundle } from './deferred-bundle';
import { integrityOf, withScriptIntegrity } from './script-integrity';

export const CSP_NGINX_MAP = '_csp.nginx.map';

/**
 * Gatsby's slice files (public/_gatsby/slices/) are fragments it stitches into the pages, not pages: it
 * compares each with what it would write on every build, so a slice file this step changed would be
 * written again and stitched into every page again, each page then rewritten twice per build (an mtime
 * churn over all of public/). The pages get their integrity; the slices stay as Gatsby made them.
 */
const SLICES_DIR = path.join('_gatsby', 'slices');

function htmlFiles(dir: string, base = dir): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (path.relative(base, full) === SLICES_DIR) continue;
    if (entry.isDirectory()) found.push(...htmlFiles(full, base));
    else if (entry.isFile() && entry.name.endsWith('.html')) found.push(path.relative(base, full));
  }
  return found.sort();
}

/** Per HTML file (relative to public/): its size and mtime when last read, and its script hashes. */
type HashCache = Record<string, { size: number; mtimeMs: number; deferred?: boolean; hashes: string[] }>;

function readCache(cacheFile: string | undefined): HashCache {
  if (!cacheFile) return {};
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as HashCache;
  } catch {
    return {};
  }
}

/** Integrity of the file a same-site src names; throws for anything else, which a strict-dynamic policy could not allow. */
export function integrityReader(publicDir: string, basePath: string): (src: string) => string {
  const known = new Map<string, string>();
  const root = path.resolve(publicDir);
  return (src) => {
    const cached = known.get(src);
    if (cached) return cached;
    if (!src.startsWith(`${basePath}/`) || /[?#]/.test(src)) {
      throw new Error(
        `<script src="${src}"> is not a file of the build: the policy ('strict-dynamic') allows a page's own <script src> by its hash only; load other scripts from an inline loader`,
      );
    }
    const file = path.resolve(root, decodeURIComponent(src.slice(basePath.length + 1)));
    if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      throw new Error(`<script src="${src}">: no such file in public/`);
    }
    const integrity = integrityOf(fs.readFileSync(file));
    known.set(src, integrity);
    return integrity;
  };
}

/**
 * Integrity first (it changes the pages), then the map of their hashes, in one pass over the files.
 * With a cache file, a page Gatsby did not write again (same size and mtime as after the last pass) keeps
 * its integrity and hashes from then: script names carry their content hash, so an unchanged page still
 * names the same bytes, and a rebuild after a one-row edit reads only the pages it wrote.
 * Returns how many pages the map covers.
 */
export function writeCspFiles(publicDir: string, basePath: string, cacheFile?: string, { deferBundle = false } = {}): number {
  const rewrite = deferBundle ? withDeferredBundle : withScriptIntegrity;
  const cached = readCache(cacheFile);
  const next: HashCache = {};
  const integrityFor = integrityReader(publicDir, basePath);
  const entries = htmlFiles(publicDir).map((file) => {
    const full = path.join(publicDir, file);
    const before = fs.statSync(full);
    const known = cached[file];
    if (known && known.size === before.size && known.mtimeMs === before.mtimeMs && (known.deferred ?? false) === deferBundle) {
      next[file] = known;
      return { uri: servedPath(basePath, file), hashes: known.hashes };
    }
    const html = fs.readFileSync(full, 'utf8');
    let page: string;
    try {
      page = rewrite(html, integrityFor);
    } catch (error) {
      throw new Error(`public/${file}: ${(error as Error).message}`);
    }
    if (page !== html) fs.writeFileSync(full, page);
    const { size, mtimeMs } = fs.statSync(full);
    const hashes = scriptHashes(page);
    next[file] = { size, mtimeMs, deferred: deferBundle, hashes };
    return { uri: servedPath(basePath, file), hashes };
  });
  fs.writeFileSync(path.join(publicDir, CSP_NGINX_MAP), cspNginxMap(entries));
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(next));
  }
  return entries.filter((entry) => entry.hashes.length > 0).length;
}

/** The map's text for a built site as it is now: one line per HTML file with scripts, sorted by path. */
export function cspMapFor(publicDir: string, basePath: string): string {
  const entries = htmlFiles(publicDir).map((file) => ({
    uri: servedPath(basePath, file),
    hashes: scriptHashes(fs.readFileSync(path.join(publicDir, file), 'utf8')),
  }));
  return cspNginxMap(entries);
}
