/** The build's last step on public/ (deploy/csp-map-file.ts): integrity into the pages, their hashes into the nginx map. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cspHashOf } from '../../deploy/csp-hashes';
import { CSP_NGINX_MAP, cspMapFor, writeCspFiles } from '../../deploy/csp-map-file';
import { integrityOf, retryScript } from '../../deploy/script-integrity';

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
