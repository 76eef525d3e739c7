/**
 * The files a tab opened on an earlier release may still ask for, and that a later release keeps answering
 * (docs/deploy.md, "Publishing and rollback"): names that change with their content (webpack's chunks, static/,
 * Gatsby's static query results). A file of the same name in the new release always wins, so only names the
 * new build no longer has are carried over; pages and their page data are never carried, so a removed
 * landing stays removed. Pure.
 */
import { cacheControlFor, IMMUTABLE } from '../cache-control';

export function servedToOldTabs(relativePath: string): boolean {
  return cacheControlFor(relativePath) === IMMUTABLE || /^page-data\/sq\/d\/[^/]+\.json$/.test(relativePath);
}
