/**
 * The editor's save check: the edited file (and any image saved with it) put in place of the working
 * tree's in a scratch copy of data/, then the build's own table checks (tables/load.ts) run on it.
 * A problem the working tree does not already have refuses the save with the build's message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSite, formatProblem } from '../../tables/load';

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
}

export interface CheckAnswer {
  ok: boolean;
  problems: string[];
}

/** A path inside data/, or null when it points anywhere else. */
function insideData(file: string): string | null {
  const normal = path.posix.normalize(file.replace(/^\/+/, ''));
  if (!normal.startsWith('data/') || normal.split('/').includes('..')) return null;
  return normal.slice('data/'.length);
}

/** A scratch copy of data/ (small: JSON and a few images), so one file can be replaced without touching the tree. */
function mirror(source: string, target: string): void {
  fs.cpSync(path.resolve(source), target, { recursive: true });
}

function place(scratch: string, relative: string, content: Buffer | string): void {
  const full = path.join(scratch, relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.rmSync(full, { force: true });
  fs.writeFileSync(full, content);
}

function errors(dataDir: string, now: number): string[] {
  return checkSite(dataDir, now)
    .problems.filter((problem) => problem.severity === 'error')
    .map(formatProblem);
}

export function checkEdit(dataDir: string, edit: EditedFile, now: number): CheckAnswer {
  const target = insideData(edit.path);
  if (!target) return { ok: false, problems: [`${edit.path}: the editor writes only files in data/`] };
  const previous = edit.previousPath ? insideData(edit.previousPath) : null;
  if ((edit.isNew || (previous && previous !== target)) && fs.existsSync(path.join(dataDir, target))) {
    return { ok: false, problems: [`data/${target}: duplicate entry: the landing has a file already; edit that one`] };
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-editor-check-'));
  try {
    mirror(dataDir, scratch);
    if (previous && previous !== target) fs.rmSync(path.join(scratch, previous), { force: true });
    place(scratch, target, `${JSON.stringify(edit.data, null, 2)}\n`);
    for (const asset of edit.media ?? []) {
      const relative = insideData(asset.path);
      if (!relative) return { ok: false, problems: [`${asset.path}: the editor saves images only in data/`] };
      place(scratch, relative, Buffer.from(asset.base64, 'base64'));
    }
    const before = new Set(errors(dataDir, now));
    const problems = errors(scratch, now).filter((problem) => !before.has(problem));
    return { ok: problems.length === 0, problems };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
