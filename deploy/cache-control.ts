/**
 * Gatsby's caching advice (https://www.gatsbyjs.com/docs/caching/) as one rule for a file of public/: the
 * stand-in sends it, and publishing keeps the immutable files of earlier releases answerable. nginx says the
 * same in deploy/promo.http.conf (`$promo_file_cache_control`), which tests/built/nginx.test.ts compares.
 */
import path from 'node:path';

/** Anything whose name does not change with its content must be revalidated. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Webpack content hashes in Gatsby file names are 20 hex digits (app-3f9a2c1b7d8e4f6a0b1c.js). */
const CONTENT_HASH = /(?:^|[^0-9a-f])[0-9a-f]{20}(?:[^0-9a-f]|$)/;

/** The Cache-Control of a file, by its path relative to public/. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/');
  const name = path.posix.basename(file);
  if (file.startsWith('static/')) return IMMUTABLE;
  if (name === 'sw.js') return REVALIDATE;
  if (/\.(?:js|css)$/.test(name) && CONTENT_HASH.test(name)) return IMMUTABLE;
  return REVALIDATE;
}
