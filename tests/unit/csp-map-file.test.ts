/** public/_csp.nginx.map after rebuilds: pages Gatsby did not write again keep their hashes without being read. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cspHashOf } from '../../deploy/csp-hashes';
import { cspMapFor } from '../../deploy/csp-map-file';

let dir: string;
let publicDir: string;
let cacheFile: string;
const page = (file: string, script: string) => {
  fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
  fs.writeFileSync(path.join(publicDir, file), `<html><script>${script}</script></html>`);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-csp-'));
  publicDir = path.join(dir, 'public');
  cacheFile = path.join(dir, '.cache', 'csp-hashes.json');
  page('zenit/ru/quiz/index.html', 'a()');
  page('zenit/kz/quiz/index.html', 'b()');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('after a rebuild that rewrote one page and removed another, the map is what a fresh reading gives', () => {
  cspMapFor(publicDir, '/promo', cacheFile);
  page('zenit/ru/quiz/index.html', 'c()');
  fs.rmSync(path.join(publicDir, 'zenit/kz'), { recursive: true });
  page('zenit/de/quiz/index.html', 'd()');
  const map = cspMapFor(publicDir, '/promo', cacheFile);
  expect(map).toBe(cspMapFor(publicDir, '/promo'));
  expect(map).toContain(`/promo/zenit/ru/quiz/index.html " ${cspHashOf('c()')}";`);
  expect(map).not.toContain('/zenit/kz/');
  expect(Object.keys(JSON.parse(fs.readFileSync(cacheFile, 'utf8'))).sort()).toEqual([
    'zenit/de/quiz/index.html',
    'zenit/ru/quiz/index.html',
  ]);
});

test('a page not written again is not read again', () => {
  const file = path.join(publicDir, 'zenit/kz/quiz/index.html');
  const written = new Date('2026-11-22T12:00:00Z');
  fs.utimesSync(file, written, written);
  cspMapFor(publicDir, '/promo', cacheFile);
  // Same size and mtime as when it was hashed: the hashes come from the cache, not from the bytes.
  fs.writeFileSync(file, '<html><script>x()</script></html>');
  fs.utimesSync(file, written, written);
  expect(cspMapFor(publicDir, '/promo', cacheFile)).toContain(cspHashOf('b()'));
  expect(cspMapFor(publicDir, '/promo')).toContain(cspHashOf('x()'));
});

test('an unreadable cache is ignored', () => {
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  fs.writeFileSync(cacheFile, '{not json');
  expect(cspMapFor(publicDir, '/promo', cacheFile)).toBe(cspMapFor(publicDir, '/promo'));
});
