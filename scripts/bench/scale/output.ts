/** What a build leaves on disk: sizes of public/ and .cache/, and which HTML files a rebuild wrote. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface DirSize {
  bytes: number;
  files: number;
}

/** Apparent size of every file under `dir` (symlinks not followed); zero for a missing dir. */
export function dirSize(dir: string): DirSize {
  const size: DirSize = { bytes: 0, files: 0 };
  if (!fs.existsSync(dir)) return size;
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        size.bytes += fs.statSync(full).size;
        size.files += 1;
      }
    }
  };
  walk(dir);
  return size;
}

/** Per HTML file under public/ (relative path): when it was last written and a hash of its bytes. */
export type HtmlSnapshot = Map<string, { mtimeMs: number; sha1: string }>;

export function snapshotHtml(publicDir: string): HtmlSnapshot {
  const snapshot: HtmlSnapshot = new Map();
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        const bytes = fs.readFileSync(full);
        snapshot.set(path.relative(publicDir, full), {
          mtimeMs: fs.statSync(full).mtimeMs,
          sha1: crypto.createHash('sha1').update(bytes).digest('hex'),
        });
      }
    }
  };
  if (fs.existsSync(publicDir)) walk(publicDir);
  return snapshot;
}

export interface HtmlChanges {
  /** Files written again (newer mtime), whatever their content. */
  rewritten: string[];
  /** Files whose bytes differ. */
  changed: string[];
  added: string[];
  removed: string[];
}

export function compareHtml(before: HtmlSnapshot, after: HtmlSnapshot): HtmlChanges {
  const changes: HtmlChanges = { rewritten: [], changed: [], added: [], removed: [] };
  for (const [file, now] of after) {
    const then = before.get(file);
    if (!then) changes.added.push(file);
    else {
      if (now.mtimeMs !== then.mtimeMs) changes.rewritten.push(file);
      if (now.sha1 !== then.sha1) changes.changed.push(file);
    }
  }
  for (const file of before.keys()) if (!after.has(file)) changes.removed.push(file);
  for (const list of Object.values(changes)) list.sort();
  return changes;
}

/** The page path of an HTML file of public/: `zenit/ru/quiz/index.html` → `/zenit/ru/quiz/`, `404.html` → `/404.html`. */
export function pagePathOf(file: string): string {
  const posix = file.split(path.sep).join('/');
  if (posix === 'index.html') return '/';
  return posix.endsWith('/index.html') ? `/${posix.slice(0, -'index.html'.length)}` : `/${posix}`;
}
