/** What each release keeps beside its files (release.json): where it came from and its landings' content. */
import type { Landings } from './landings';

export interface Manifest {
  id: string;
  commit: string;
  /** ISO time of publishing. */
  time: string;
  /** Files of the build (the release also holds earlier releases' files for old tabs). */
  files: number;
  landings: Landings;
}

export const MANIFEST = 'release.json';
/** The names a later release keeps answering for tabs opened on this one, one a line (old-tabs.ts). */
export const OLD_TAB_FILES = 'old-tabs.txt';

export function parseManifest(text: string): Manifest | undefined {
  try {
    const value = JSON.parse(text) as Partial<Manifest>;
    if (typeof value.id !== 'string' || typeof value.commit !== 'string' || typeof value.time !== 'string') return undefined;
    return { id: value.id, commit: value.commit, time: value.time, files: Number(value.files ?? 0), landings: value.landings ?? {} };
  } catch {
    return undefined;
  }
}
