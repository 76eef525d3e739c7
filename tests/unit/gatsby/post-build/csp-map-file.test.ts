/** The build's last step on public/ (gatsby/post-build/csp-map-file.ts): integrity into the pages, their hashes into the nginx map. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cspHashOf } from '../../../../gatsby/post-build/csp-hashes';
import { CSP_NGINX_MAP, cspMapFor, writeCspFiles } from '../../../../gatsby/post-build/csp-map-file';
import { integrityOf, retryScript } from '../../../../gatsby/post-build/script-integrity';

let publicDir: string;
const APP = 'console.log("app")';

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
  fs.writeFileSync(path.join(publicDir, file), text);
}

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-map-'));
  write('app-0123456789abcdef0123.js', APP);
  write(
    'zenit/ru/bonus20000/index.html',
    '<body><script>window.pagePath="/x/";</script><script src="/promo/app-0123456789abcdef0123.js" async></script></body>',
  );
  write('plain.html', '<body>no scripts</body>');
});
afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

test('a page gets the integrity of the file it names, and the map its three hashes; a page without scripts no line', () => {
  expect(writeCspFiles(publicDir, '/promo')).toBe(1);
  const page = fs.readFileSync(path.join(publicDir, 'zenit/ru/bonus20000/index.html'), 'utf8');
  const integrity = integrityOf(APP);
  expect(page).toContain(`<script src="/promo/app-0123456789abcdef0123.js" async integrity="${integrity}"></script>`);
  const hashes = [
    cspHashOf('window.pagePath="/x/";'),
    cspHashOf(retryScript({ '/promo/app-0123456789abcdef0123.js': integrity })),
    `'${integrity}'`,
  ];
  const lines = fs
    .readFileSync(path.join(publicDir, CSP_NGINX_MAP), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  expect(lines).toEqual([`/promo/zenit/ru/bonus20000/index.html " ${hashes.join(' ')}";`]);
  expect(cspMapFor(publicDir, '/promo')).toBe(fs.readFileSync(path.join(publicDir, CSP_NGINX_MAP), 'utf8'));
});

test('a second run leaves the pages as they are', () => {
  writeCspFiles(publicDir, '/promo');
  const first = fs.readFileSync(path.join(publicDir, 'zenit/ru/bonus20000/index.html'), 'utf8');
  const mtime = fs.statSync(path.join(publicDir, 'zenit/ru/bonus20000/index.html')).mtimeMs;
  writeCspFiles(publicDir, '/promo');
  expect(fs.readFileSync(path.join(publicDir, 'zenit/ru/bonus20000/index.html'), 'utf8')).toBe(first);
  expect(fs.statSync(path.join(publicDir, 'zenit/ru/bonus20000/index.html')).mtimeMs).toBe(mtime);
});

test('a script the build does not hold stops the build, naming the page and the script', () => {
  write('404.html', '<body><script src="/promo/gone-0123456789abcdef0123.js"></script></body>');
  expect(() => writeCspFiles(publicDir, '/promo')).toThrow(
    'public/404.html: <script src="/promo/gone-0123456789abcdef0123.js">: no such file in public/',
  );
  write('404.html', '<body><script src="https://cdn.example/lib.js"></script></body>');
  expect(() => writeCspFiles(publicDir, '/promo')).toThrow(
    /public\/404\.html: <script src="https:\/\/cdn\.example\/lib\.js"> is not a file of the build/,
  );
  write('404.html', '<body><script src="/promo/../../etc/passwd"></script></body>');
  expect(() => writeCspFiles(publicDir, '/promo')).toThrow(/no such file in public/);
});

describe('with a cache file, as the build runs it', () => {
  let cacheFile: string;
  const hashesIn = (map: string, uri: string) => map.split('\n').find((line) => line.startsWith(`${uri} `)) ?? '';
  const map = () => fs.readFileSync(path.join(publicDir, CSP_NGINX_MAP), 'utf8');
  beforeEach(() => {
    cacheFile = path.join(publicDir, '..', `${path.basename(publicDir)}-cache`, 'csp-hashes.json');
    write('zenit/kz/quiz/index.html', '<html><script>b()</script></html>');
  });
  afterEach(() => fs.rmSync(path.dirname(cacheFile), { recursive: true, force: true }));

  test('after a rebuild that rewrote one page and removed another, the map is what a fresh reading gives', () => {
    writeCspFiles(publicDir, '/promo', cacheFile);
    write('zenit/ru/bonus20000/index.html', '<html><script>c()</script></html>');
    fs.rmSync(path.join(publicDir, 'zenit/kz'), { recursive: true });
    write('zenit/de/quiz/index.html', '<html><script>d()</script></html>');
    writeCspFiles(publicDir, '/promo', cacheFile);
    expect(map()).toBe(cspMapFor(publicDir, '/promo'));
    expect(hashesIn(map(), '/promo/zenit/ru/bonus20000/index.html')).toContain(cspHashOf('c()'));
    expect(map()).not.toContain('/zenit/kz/');
    expect(Object.keys(JSON.parse(fs.readFileSync(cacheFile, 'utf8'))).sort()).toEqual([
      'plain.html',
      'zenit/de/quiz/index.html',
      'zenit/ru/bonus20000/index.html',
    ]);
  });

  test('a page not written again is not read again', () => {
    const file = path.join(publicDir, 'zenit/kz/quiz/index.html');
    const written = new Date('2026-11-22T12:00:00Z');
    fs.utimesSync(file, written, written);
    writeCspFiles(publicDir, '/promo', cacheFile);
    // Same size and mtime as when it was hashed: the hashes come from the cache, not from the bytes.
    fs.writeFileSync(file, '<html><script>x()</script></html>');
    fs.utimesSync(file, written, written);
    writeCspFiles(publicDir, '/promo', cacheFile);
    expect(map()).toContain(cspHashOf('b()'));
    expect(cspMapFor(publicDir, '/promo')).toContain(cspHashOf('x()'));
  });

  test('an unreadable cache is ignored', () => {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, '{not json');
    writeCspFiles(publicDir, '/promo', cacheFile);
    expect(map()).toBe(cspMapFor(publicDir, '/promo'));
  });
});

test("Gatsby's slice files stay as Gatsby wrote them (it compares them on every build), and are no pages of the map", () => {
  const slice = '<script src="/promo/app-0123456789abcdef0123.js" async></script>';
  write('_gatsby/slices/_gatsby-scripts-1.html', slice);
  writeCspFiles(publicDir, '/promo');
  expect(fs.readFileSync(path.join(publicDir, '_gatsby/slices/_gatsby-scripts-1.html'), 'utf8')).toBe(slice);
  expect(fs.readFileSync(path.join(publicDir, CSP_NGINX_MAP), 'utf8')).not.toContain('_gatsby');
});
