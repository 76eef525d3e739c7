/** `npm run publish -- --list`: one line per release, oldest first, with what changed since the one before. Pure. */
import { diffLandings } from './landings';
import type { Manifest } from './manifest';
import { byAge } from './release-id';

const SHOWN = 4;

function names(list: string[]): string {
  return list.length <= SHOWN ? list.join(', ') : `${list.slice(0, SHOWN).join(', ')} and ${list.length - SHOWN} more`;
}

export function historyLines(manifests: readonly Manifest[], live: string | undefined): string[] {
  const byId = new Map(manifests.map((manifest) => [manifest.id, manifest]));
  const lines = ['  release                    commit   published (UTC)   landings added / changed / removed since the one before'];
  let before: Manifest | undefined;
  for (const id of byAge([...byId.keys()])) {
    const manifest = byId.get(id)!;
    const when = manifest.time.slice(0, 16).replace('T', ' ');
    let changes = `${Object.keys(manifest.landings).length} landings (first release)`;
    if (before) {
      const { added, changed, removed } = diffLandings(before.landings, manifest.landings);
      changes = `+${added.length} ~${changed.length} -${removed.length}`;
      const detail = [
        added.length ? `added ${names(added)}` : '',
        changed.length ? `changed ${names(changed)}` : '',
        removed.length ? `removed ${names(removed)}` : '',
      ].filter(Boolean);
      if (detail.length) changes += `: ${detail.join('; ')}`;
    }
    lines.push(`${id === live ? '*' : ' '} ${id.padEnd(26)} ${manifest.commit.slice(0, 7).padEnd(8)} ${when.padEnd(17)} ${changes}`);
    before = manifest;
  }
  if (lines.length === 1) lines.push('  (no release yet)');
  return lines;
}
