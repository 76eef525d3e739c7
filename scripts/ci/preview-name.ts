/**
 * A branch's preview name: one DNS label (lower-case letters, digits and hyphens, at most 63), since a
 * preview may be served at a host name of its own. A name cut short keeps a hash of the whole branch, so
 * two long branches that share a beginning get two previews.
 */
import { createHash } from 'node:crypto';

const MAX_LABEL = 63;

export function previewName(branch: string): string {
  const name = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!name) throw new Error(`the branch "${branch}" has no letter or digit to name a preview by`);
  if (name.length <= MAX_LABEL) return name;
  const hash = createHash('sha256').update(branch).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_LABEL - hash.length - 1).replace(/-+$/, '')}-${hash}`;
}
