/** scripts/compare-builds.ts: two built trees compared file by file, byte for byte. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareTrees } from '../../../scripts/compare-builds';

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-compare-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

test('names each file that differs by a byte or exists on one side only, and counts them all', () => {
  const a = tree({ 'index.html': '<p>a</p>', 'zenit/ru/quiz/index.html': 'same', 'app-1.js': 'x', 'page-data/x.json': '{}' });
  const b = tree({ 'index.html': '<p>b</p>', 'zenit/ru/quiz/index.html': 'same', 'app-2.js': 'x', 'page-data/x.json': '{}' });
  try {
    expect(compareTrees(a, b)).toEqual({ files: 5, differ: ['index.html'], onlyInA: ['app-1.js'], onlyInB: ['app-2.js'] });
    expect(compareTrees(a, a)).toEqual({ files: 4, differ: [], onlyInA: [], onlyInB: [] });
  } finally {
    fs.rmSync(a, { recursive: true, force: true });
    fs.rmSync(b, { recursive: true, force: true });
  }
});
