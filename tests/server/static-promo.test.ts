import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

const REVALIDATE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED_JS = 'app-3f9a2c1b7d8e4f6a0b1c.js';

function write(root: string, file: string, content: string | Buffer): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

describe('static promo site under /promo', () => {
  let root: string;
  let app: FastifyInstance;
  const bigScript = `window.___chunk=${JSON.stringify('x'.repeat(4000))};`;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'stand-in-promo-'));
    write(root, 'index.html', '<!doctype html><title>Promo index</title>');
    write(root, '404.html', '<!doctype html><title>Promo 404</title><h1>Nothing here</h1>');
    write(root, 'zenit/ru/freebet30/index.html', '<!doctype html><title>Freebet 30</title>');
    write(root, 'page-data/x/page-data.json', '{"path":"/x/","result":{}}');
    write(root, 'page-data/app-data.json', '{"webpackCompilationHash":"abc"}');
    write(root, HASHED_JS, bigScript);
    write(root, 'styles.9d2b7a6c5e4f3a2b1c0d.css', 'body{margin:0}');
    write(root, 'sw.js', 'self.addEventListener("fetch",()=>{})');
    write(root, 'static/abc123/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    write(root, 'manifest.webmanifest', '{"name":"Zenit"}');
    write(root, '.env', 'SECRET=1');
    app = makeApp({ publicDir: root });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('redirects /promo to /promo/, keeping the query', async () => {
    const response = await app.inject({ url: '/promo?zpartner_uid=abc' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/promo/?zpartner_uid=abc');
  });

  it('serves index.html for directories and redirects them to the slashed URL', async () => {
    const index = await app.inject({ url: '/promo/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toContain('Promo index');

    const page = await app.inject({ url: '/promo/zenit/ru/freebet30/?promo_code=ZFREEBET5000' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Freebet 30');

    const bare = await app.inject({ url: '/promo/zenit/ru/freebet30?x=1' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/promo/zenit/ru/freebet30/?x=1');
  });

  it('answers unknown paths with public/404.html and status 404, also for HEAD', async () => {
    for (const url of [
      '/promo/nope/',
      '/promo/zenit/ru/nope',
      '/promo/.env',
      '/promo/a%2f..%2f..%2fpackage.json',
      '/promo/zenit%2fru%2ffreebet30/',
    ]) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).toContain('Nothing here');
      expect(response.headers['cache-control']).toBe(REVALIDATE);
    }
    const head = await app.inject({ method: 'HEAD', url: '/promo/nope/' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });

  it('answers HEAD for existing files without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/promo/page-data/x/page-data.json' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it.each([
    ['/promo/', REVALIDATE],
    ['/promo/zenit/ru/freebet30/', REVALIDATE],
    ['/promo/page-data/x/page-data.json', REVALIDATE],
    ['/promo/page-data/app-data.json', REVALIDATE],
    ['/promo/sw.js', REVALIDATE],
    ['/promo/manifest.webmanifest', REVALIDATE],
    [`/promo/${HASHED_JS}`, IMMUTABLE],
    ['/promo/styles.9d2b7a6c5e4f3a2b1c0d.css', IMMUTABLE],
    ['/promo/static/abc123/logo.png', IMMUTABLE],
  ])('%s is cached with "%s"', async (url, cacheControl) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('compresses with gzip or brotli when the client asks', async () => {
    const gzip = await app.inject({ url: `/promo/${HASHED_JS}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);

    const br = await app.inject({ url: `/promo/${HASHED_JS}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');

    const plain = await app.inject({ url: `/promo/${HASHED_JS}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('serves a rebuilt file anew, never the compressed body of the version before', async () => {
    const file = 'page-data/rebuilt/page-data.json';
    const before = JSON.stringify({ path: '/rebuilt/', result: { amount: '1'.repeat(2000) } });
    const after = JSON.stringify({ path: '/rebuilt/', result: { amount: '2'.repeat(3000) } });
    write(root, file, before);
    const first = await app.inject({ url: `/promo/${file}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(first.rawPayload).toString()).toBe(before);
    write(root, file, after);
    const second = await app.inject({ url: `/promo/${file}`, headers: { 'accept-encoding': 'gzip' } });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(second.rawPayload).toString()).toBe(after);
  });

  it('sends a client that refuses both encodings (q=0) the file as it is', async () => {
    const response = await app.inject({ url: `/promo/${HASHED_JS}`, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(bigScript);
  });

  it('revalidates with ETag and serves byte ranges', async () => {
    const first = await app.inject({ url: '/promo/page-data/x/page-data.json' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/promo/page-data/x/page-data.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const range = await app.inject({ url: '/promo/page-data/x/page-data.json', headers: { range: 'bytes=0-6' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('{"path"');
    expect(range.headers['content-range']).toMatch(/^bytes 0-6\/\d+$/);
  });

  it('leaves /promo-like paths outside the mount to the main site', async () => {
    const response = await app.inject({ url: '/promotions' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Main site: page not found');
  });
});

describe('static promo site before a build', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = makeApp({ publicDir: path.join(tmpdir(), 'stand-in-no-such-build') });
  });
  afterAll(() => app.close());

  it.each(['/promo', '/promo/', '/promo/zenit/ru/freebet30/'])('answers %s with 503 and says to run npm run build', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    expect((await app.inject({ url: '/session.php' })).statusCode).toBe(200);
  });
});
