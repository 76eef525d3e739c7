/**
 * The bench never builds in the developer's tree: it copies the sources to a temp dir (node_modules
 * linked, not copied) so public/ and .cache/ of the working tree stay as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Top-level entries that are build output, caches or history, not sources. */
export const NOT_COPIED = ['node_modules', 'public', '.cache', 'test-results', '.git', 'bench', 'playwright-report', 'coverage'];

/** Whether a path relative to the repository root belongs in the copy. */
export function isCopied(relative: string): boolean {
  const top = relative.split(/[\\/]/)[0];
  return !NOT_COPIED.includes(top);
}

export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `promo-bench-${label}-`));
}

/** A fresh copy of the working tree: no .cache, no public, node_modules linked to the repository's. */
export function copyWorkingTree(root: string): string {
  const dir = makeTempDir('site');
  fs.cpSync(root, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return relative === '' || isCopied(relative);
    },
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
