import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostOf } from '../../../../deploy/publish/host';
import { carryOldTabFiles } from '../../../../deploy/publish/publish';

/** A release folder: public/ with these files (name → text) and the list of its old-tab files. */
function release(root: string, id: string, files: Record<string, string>, oldTabs: string[]): string {
  const dir = path.join(root, 'releases', id);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'public', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'public', name), text);
  }
  fs.writeFileSync(path.join(dir, 'old-tabs.txt'), `${oldTabs.join('\n')}\n`);
  return dir;
}

describe("an earlier release's files for its open tabs", () => {
  let root: string;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-carry-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('are hard-linked into the new release where it lacks them; its own files and pages stay its own', () => {
    const chunk = 'main-site-ajax-0123456789abcdef0123.js';
    const old = release(
      root,
      'old',
      {
        [chunk]: 'old chunk',
        'static/d/1/photo.webp': 'photo',
        'app-aaaaaaaaaaaaaaaaaaaa.js': 'old app',
        'zenit/ru/gone/index.html': 'page',
      },
      [chunk, 'static/d/1/photo.webp', 'app-aaaaaaaaaaaaaaaaaaaa.js'],
    );
    const fresh = release(root, 'new', { 'app-aaaaaaaaaaaaaaaaaaaa.js': 'new app', 'index.html': 'root' }, []);
    expect(carryOldTabFiles(hostOf(root), 'releases/new', ['releases/old'])).toBe(2);
    expect(fs.readFileSync(path.join(fresh, 'public', chunk), 'utf8')).toBe('old chunk');
    expect(fs.statSync(path.join(fresh, 'public', chunk)).ino).toBe(fs.statSync(path.join(old, 'public', chunk)).ino);
    expect(fs.readFileSync(path.join(fresh, 'public', 'static/d/1/photo.webp'), 'utf8')).toBe('photo');
    expect(fs.readFileSync(path.join(fresh, 'public', 'app-aaaaaaaaaaaaaaaaaaaa.js'), 'utf8')).toBe('new app');
    expect(fs.existsSync(path.join(fresh, 'public', 'zenit/ru/gone/index.html'))).toBe(false);
    expect(carryOldTabFiles(hostOf(root), 'releases/new', ['releases/old'])).toBe(0);
  });
});
