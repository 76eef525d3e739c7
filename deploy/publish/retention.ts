/**
 * Which releases stay on the host and which one a rollback makes live. Pure: ids in, ids out.
 *
 * The live release and the one before it always stay (a rollback needs it, and the workers of the last
 * reload may still be serving it), whatever `keep` says.
 */
import { byAge } from './release-id';

/** The release published just before `live`: what a rollback makes live. */
export function previousOf(ids: readonly string[], live: string | undefined): string | undefined {
  const ordered = byAge(ids);
  const at = live === undefined ? -1 : ordered.indexOf(live);
  return at > 0 ? ordered[at - 1] : undefined;
}

/**
 * The releases to remove: all but the newest `keep`, the live one, the one before it, and `alsoKept` (the
 * release live until this switch, whose workers may still be finishing their requests).
 */
export function releasesToRemove(
  ids: readonly string[],
  live: string | undefined,
  keep: number,
  alsoKept: readonly string[] = [],
): string[] {
  const ordered = byAge(ids);
  const kept = new Set([...ordered.slice(Math.max(0, ordered.length - Math.max(1, keep))), ...alsoKept]);
  if (live !== undefined) kept.add(live);
  const previous = previousOf(ordered, live);
  if (previous !== undefined) kept.add(previous);
  return ordered.filter((id) => !kept.has(id));
}
