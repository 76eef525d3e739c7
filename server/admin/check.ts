/**
 * The editor's save check: the files a save writes or removes put in place in a scratch copy of data/,
 * then the build's own table checks (tables/load.ts) run on it, the check `npm run promos` gates on. A
 * save is refused when it adds a problem (an error the build stops on, or a warning promos stops on),
 * and when the build already stops on another file, since the save could not reach the site either.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSite, formatProblem, type FileProblem } from '../../tables/load';
import { LEDGER_FILE, withNewExperiments, type ExperimentLedger } from '../../tables/experiment-ledger';

export interface EditedFile {
  /** The file the editor writes, relative to the repository ("data/promotions/zenit/ru/quiz.json"). */
  path: string;
  /** Its content as parsed JSON. */
  data: unknown;
  /** The file it was read from, when the save moves it (brand, country or slug changed). */
  previousPath?: string | null;
  /** A new entry: refused if its file exists. */
  isNew?: boolean;
  /** Images saved with the entry (data/creatives/…), base64. */
  media?: Array<{ path: string; base64: string }>;
  /** The SHA-256 of the file as the editor's tab read it; a save from a copy older than the file is refused. */
  base?: string | null;
}

export interface CheckAnswer {
  ok: boolean;
  problems: string[];
}

/** A file a save writes (its new content) or removes (null), by its path in the repository. */
export interface FileWrite {
  path: string;
  content: Buffer | string | null;
}

/** A path inside data/ (without "data/"), or null when it points anywhere else. */
export function insideData(file: string): string | null {
  const normal = path.posix.normalize(file.replace(/^\/+/, ''));
  if (!normal.startsWith('data/') || normal.split('/').includes('..')) return null;
  return normal.slice('data/'.length);
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The SHA-256 of a file of the tree, or null when there is none. */
export function fileHash(repoDir: string, file: string): string | null {
  const full = path.join(repoDir, file);
  return fs.existsSync(full) ? sha256(fs.readFileSync(full)) : null;
}

/** Refused when the file is no longer the one the tab read: someone saved it meanwhile. */
export function staleProblem(repoDir: string, file: string, base: string | null | undefined): string | null {
  if (base === undefined || fileHash(repoDir, file) === base) return null;
  return `${file} was changed since you opened it (saved from another tab or by someone else), so your change is not saved and theirs is kept: reload the page to see the file as it is now, then make your change again`;
}

/** The ledger with the experiments `writes` start (the save records them with itself), or null when it stays. */
export function ledgerAfter(dataDir: string, writes: readonly FileWrite[], now: number): string | null {
  if (!writes.some((write) => write.content !== null && write.content.includes('"experiment"'))) return null;
  const scratch = scratchWith(dataDir, writes);
  try {
    const { tables } = checkSite(scratch, now);
    const full = path.join(dataDir, LEDGER_FILE);
    if (!tables || !fs.existsSync(full)) return null;
    const ledger = JSON.parse(fs.readFileSync(full, 'utf8')) as ExperimentLedger;
    const updated = withNewExperiments(ledger, tables);
    return updated ? `${JSON.stringify(updated, null, 2)}\n` : null;
  } catch {
    return null;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** A scratch copy of data/ (small: JSON and a few images) with `writes` applied; nothing in the tree changes. */
function scratchWith(dataDir: string, writes: readonly FileWrite[]): string {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-editor-check-'));
  fs.cpSync(path.resolve(dataDir), scratch, { recursive: true });
  for (const write of writes) {
    const full = path.join(scratch, insideData(write.path)!);
    fs.rmSync(full, { force: true });
    if (write.content === null) continue;
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, write.content);
  }
  return scratch;
}

function problemsOf(dataDir: string, now: number): FileProblem[] {
  return checkSite(dataDir, now).problems;
}

/** The build's verdict on the tree with `writes` applied. */
export function checkWrites(dataDir: string, writes: readonly FileWrite[], now: number): CheckAnswer {
  const outside = writes.find((write) => !insideData(write.path));
  if (outside) return { ok: false, problems: [`${outside.path}: the editor writes only files in data/`] };
  const scratch = scratchWith(dataDir, writes);
  try {
    const before = problemsOf(dataDir, now);
    const after = problemsOf(scratch, now);
    const known = new Set(before.map(formatProblem));
    const added = after.filter((problem) => !known.has(formatProblem(problem)));
    if (added.length) return { ok: false, problems: added.map(formatProblem) };
    const errors = (problems: FileProblem[]) => problems.filter((problem) => problem.severity === 'error');
    // Nothing new, but the build stops on another file: unless this save mends some of it, it cannot reach the site.
    if (errors(after).length && errors(after).length >= errors(before).length) {
      return {
        ok: false,
        problems: [
          `the site cannot be built now because of another file, so this save could not reach it: ${errors(after).map(formatProblem).join(' · ')} — mend that first (or ask a developer)`,
        ],
      };
    }
    return { ok: true, problems: [] };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The writes of an editor's save: its file, the one it moves away from, and the images it names. */
export function writesOfEdit(edit: EditedFile): FileWrite[] {
  const writes: FileWrite[] = [{ path: edit.path, content: `${JSON.stringify(edit.data, null, 2)}\n` }];
  if (edit.previousPath && insideData(edit.previousPath) !== insideData(edit.path)) writes.push({ path: edit.previousPath, content: null });
  for (const asset of edit.media ?? []) writes.push({ path: asset.path, content: Buffer.from(asset.base64, 'base64') });
  return writes;
}

export function checkEdit(repoDir: string, edit: EditedFile, now: number): CheckAnswer {
  const dataDir = path.join(repoDir, 'data');
  const target = insideData(edit.path);
  if (!target) return { ok: false, problems: [`${edit.path}: the editor writes only files in data/`] };
  const previous = edit.previousPath ? insideData(edit.previousPath) : null;
  if ((edit.isNew || (previous && previous !== target)) && fs.existsSync(path.join(dataDir, target))) {
    return { ok: false, problems: [`data/${target}: duplicate entry: the landing has a file already; edit that one`] };
  }
  const stale = staleProblem(repoDir, `data/${previous ?? target}`, edit.base);
  if (stale) return { ok: false, problems: [stale] };
  const writes = writesOfEdit(edit);
  const ledger = ledgerAfter(dataDir, writes, now);
  return checkWrites(dataDir, ledger ? [...writes, { path: `data/${LEDGER_FILE}`, content: ledger }] : writes, now);
}
