/**
 * Deployment smoke test: the built public/ served through a real nginx with deploy/promo.http.conf and
 * deploy/promo.server.conf, exactly as on the operator's host, with the stand-in main site as the upstream
 * for everything outside /promo. Run after `npm run build`; `npm run test:build` installs nginx when missing
 * (scripts/ensure-nginx.sh).
 *
 * nginx runs as a child process (`daemon off;`) from a temporary prefix: its own port, pid, logs and temp
 * paths, as the current user. Only /srv/promo/public in the two includes is replaced by this checkout's public/.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { inlineScriptHashes } from '../../deploy/csp-hashes';
import { cspMapFor, CSP_NGINX_MAP } from '../../deploy/csp-map-file';
import { contentSecurityPolicy, nginxContentSecurityPolicy, POLICY_HOSTS, SECURITY_HEADERS } from '../../deploy/security-headers';
import { buildApp } from '../../server/app';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from '../../server/routes/static-promo';

const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');
const deployDir = path.join(root, 'deploy');
const PLACEHOLDER = '/srv/promo/public';

const LANDING = '/promo/zenit/ru/bonus20000/';
const landingFile = path.join(publicDir, 'zenit/ru/bonus20000/index.html');

jest.setTimeout(60_000);

function nginxBinary(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((file): file is string => !!file);
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found)
    throw new Error('nginx is not installed: run `bash scripts/ensure-nginx.sh` (Debian: apt-get install -y nginx) or set NGINX_PATH');
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The test's main-site config: the shape of deploy/nginx.conf with this run's paths and ports. */
function writeConfig(dir: string, nginxPort: number, standInPort: number): string {
  const render = (file: string) => fs.readFileSync(path.join(deployDir, file), 'utf8').split(PLACEHOLDER).join(publicDir);
  fs.writeFileSync(path.join(dir, 'promo.http.conf'), render('promo.http.conf'));
  fs.writeFileSync(path.join(dir, 'promo.server.conf'), render('promo.server.conf'));
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const temp = (name: string) => path.join(dir, 'temp', name);
  const isRoot = process.getuid?.() === 0;
  const conf = `
${isRoot ? 'user root;' : '# not root: workers run as the current user'}
daemon off;
master_process on;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs', 'error.log')} warn;
events { worker_connections 128; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${path.join(dir, 'logs', 'access.log')};
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    server_tokens off;

    include ${path.join(dir, 'promo.http.conf')};

    upstream main_site { server 127.0.0.1:${standInPort}; }

    server {
        listen 127.0.0.1:${nginxPort};
        server_name localhost;
        include ${path.join(dir, 'promo.server.conf')};
        location / {
            proxy_pass http://main_site;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }
    }
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return file;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}:\n${log()}`);
}

/** Map lines `from to;` of the build's redirect file. */
function buildRedirects(): Array<[string, string]> {
  return fs
    .readFileSync(path.join(publicDir, '_redirects.nginx.map'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/;\s*$/, '').split(/\s+/) as [string, string]);
}

const securityHeadersOf = (answer: Answer) =>
  Object.fromEntries(
    [...Object.keys(SECURITY_HEADERS), 'Content-Security-Policy']
      .map((name) => [name, answer.headers[name.toLowerCase()]] as const)
      .filter(([, value]) => value !== undefined),
  );

const policyHosts = (policy: string) => [...new Set(policy.split(/[\s;]+/).filter((token) => token.startsWith('https://')))].sort();

describe('deploy/ spells the single source of truth (deploy/security-headers.ts)', () => {
  const httpConf = fs.readFileSync(path.join(deployDir, 'promo.http.conf'), 'utf8');
  const serverConf = fs.readFileSync(path.join(deployDir, 'promo.server.conf'), 'utf8');

  test('the policy map holds the policy of the module, with the per-page hashes in script-src', () => {
    expect(httpConf).toContain(`"~^text/html" "${nginxContentSecurityPolicy()}";`);
  });

  test('every other security header is added, always, with the module value and nothing else', () => {
    const added = [...serverConf.matchAll(/^\s*add_header\s+(\S+)\s+(?:"([^"]*)"|(\S+))\s+always;/gm)].map((m) => [m[1], m[2] ?? m[3]]);
    const expected = [
      ['Cache-Control', '$promo_cache_control'],
      ['Content-Security-Policy', '$promo_csp'],
      ...Object.entries(SECURITY_HEADERS),
    ];
    expect(added).toEqual(expected);
    expect(serverConf.match(/^\s*add_header\b/gm)).toHaveLength(expected.length);
  });

  test('the cache rules are the stand-in\u2019s two values', () => {
    const values = [...httpConf.matchAll(/"(public, max-age=[^"]*)"/g)].map((m) => m[1]);
    expect(new Set(values)).toEqual(new Set([REVALIDATE, IMMUTABLE]));
  });

  test(`public/${CSP_NGINX_MAP} is current: it holds the inline scripts of every built page (rebuild when not)`, () => {
    expect(fs.readFileSync(path.join(publicDir, CSP_NGINX_MAP), 'utf8')).toBe(cspMapFor(publicDir, '/promo'));
  });
});

describe('the built pages need nothing the policy forbids', () => {
  const htmlFiles: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) htmlFiles.push(full);
    }
  };
  walk(publicDir);

  test('no inline event handler and no javascript: URL (hashes cannot allow them)', () => {
    const offenders = htmlFiles.filter((file) => {
      const html = fs.readFileSync(file, 'utf8');
      return /<[a-z][^>]*\son[a-z]+\s*=/i.test(html) || /(?:href|src|action)\s*=\s*["']?\s*javascript:/i.test(html);
    });
    expect(offenders.map((file) => path.relative(publicDir, file))).toEqual([]);
  });

  test('every resource a page names is on the site, data:, or a host of the policy', () => {
    const allowed = (url: string) =>
      url.startsWith('/') || url.startsWith('data:') || POLICY_HOSTS.some((host) => url.startsWith(host.replace(/\*\./, '')));
    const outside = new Set<string>();
    for (const file of htmlFiles) {
      const html = fs.readFileSync(file, 'utf8');
      for (const match of html.matchAll(/<(script|img|iframe|source|link)\b([^>]*)>/gi)) {
        const [, tag, attributes] = match;
        if (tag.toLowerCase() === 'link' && !/\srel="(?:stylesheet|preload|modulepreload|icon|manifest|prefetch)"/i.test(attributes))
          continue;
        for (const value of attributes.matchAll(/\s(src|href|srcSet)="([^"]*)"/gi)) {
          const urls =
            value[1].toLowerCase() === 'srcset' ? value[2].split(/,\s+/).map((part) => part.trim().split(/\s+/)[0]) : [value[2].trim()];
          for (const candidate of urls) {
            if (candidate && !allowed(candidate)) outside.add(candidate);
          }
        }
      }
    }
    expect([...outside]).toEqual([]);
  });
});

describe('through nginx', () => {
  let dir: string;
  let nginx: ChildProcess;
  let nginxLog = '';
  let app: FastifyInstance;
  let port: number;
  let standInPort: number;

  beforeAll(async () => {
    const binary = nginxBinary();
    app = buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    standInPort = (app.server.address() as net.AddressInfo).port;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-nginx-'));
    port = await freePort();
    const conf = writeConfig(dir, port, standInPort);
    const args = ['-p', dir, '-c', conf];
    try {
      execFileSync(binary, [...args, '-t'], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`nginx -t rejected the config:\n${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`);
    }
    nginx = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    await waitForPort(
      port,
      nginx,
      () =>
        `${nginxLog}${fs.existsSync(path.join(dir, 'logs/error.log')) ? fs.readFileSync(path.join(dir, 'logs/error.log'), 'utf8') : ''}`,
    );
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a landing: 200, HTML, revalidated, the built file', async () => {
    const answer = await get(port, LANDING);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe(REVALIDATE);
    expect(answer.headers.etag).toBeDefined();
    expect(answer.body.equals(fs.readFileSync(landingFile))).toBe(true);
  });

  test('trailing slash: a page without it and /promo itself get a relative 301, the query kept', async () => {
    const bare = await get(port, '/promo/zenit/ru/bonus20000?promocode=ABC');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/promo/zenit/ru/bonus20000/?promocode=ABC');
    const mount = await get(port, '/promo?x=1');
    expect(mount.status).toBe(301);
    expect(mount.headers.location).toBe('/promo/?x=1');
    expect((await get(port, '/promo/')).status).toBe(200);
  });

  test('webpack chunks and static/ are immutable; page-data, app-data.json and sw.js are revalidated', async () => {
    const html = fs.readFileSync(landingFile, 'utf8');
    const chunk = /<script src="(\/promo\/app-[0-9a-f]{20}\.js)"/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    const chunkAnswer = await get(port, chunk!);
    expect(chunkAnswer.status).toBe(200);
    expect(chunkAnswer.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunkAnswer.headers['content-security-policy']).toBeUndefined();
    expect(chunkAnswer.headers['x-content-type-options']).toBe('nosniff');

    const staticFile = /(\/promo\/static\/[^"\s,]+\.png)/.exec(html)?.[1];
    expect(staticFile).toBeDefined();
    expect((await get(port, staticFile!)).headers['cache-control']).toBe(IMMUTABLE);

    for (const file of ['/promo/page-data/zenit/ru/bonus20000/page-data.json', '/promo/page-data/app-data.json', '/promo/sw.js']) {
      const answer = await get(port, file);
      expect([file, answer.status, answer.headers['cache-control']]).toEqual([file, 200, REVALIDATE]);
    }
  });

  test('every file at the top of public/ and in its script folders gets the stand-in\u2019s Cache-Control', async () => {
    const files = ['', 'workbox-v4.3.1', '~partytown'].flatMap((sub) =>
      fs
        .readdirSync(path.join(publicDir, sub), { withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('_'))
        .map((entry) => path.posix.join(sub, entry.name)),
    );
    expect(files.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const file of files) {
      const answer = await get(port, `/promo/${file.split('/').map(encodeURIComponent).join('/')}`);
      if (answer.status !== 200 || answer.headers['cache-control'] !== cacheControlFor(file)) {
        wrong.push(`${file}: ${answer.status} ${answer.headers['cache-control']} (expected ${cacheControlFor(file)})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('a landing already over is a 302 to its replacement, the partner query kept', async () => {
    const redirects = buildRedirects();
    expect(redirects.length).toBeGreaterThan(0);
    const [from, to] = redirects.find(([source]) => source.endsWith('/'))!;
    const answer = await get(port, `${from}?zpartner_uid=p1`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`${to}?zpartner_uid=p1`);
    expect(answer.headers['cache-control']).toBe(REVALIDATE);
    expect((await get(port, to)).status).toBe(200);
    // Every spelling the map lists redirects, to the same target.
    for (const [source, target] of redirects.filter(([, target]) => target === to).slice(0, 6)) {
      const spelled = await get(port, source);
      expect([source, spelled.status, spelled.headers.location]).toEqual([source, 302, target]);
    }
  });

  test('a missing path under /promo: 404 with the site\u2019s 404 page, which carries the path language\u2019s texts', async () => {
    const page404 = fs.readFileSync(path.join(publicDir, '404.html'));
    for (const missing of [
      '/promo/zenit/ru/no-such-landing/',
      '/promo/zenit/',
      '/promo/app-00000000000000000000.js',
      '/promo/_csp.nginx.map',
      '/promo/_redirects.json',
    ]) {
      const answer = await get(port, missing);
      expect([missing, answer.status, answer.headers['content-type'], answer.headers['cache-control']]).toEqual([
        missing,
        404,
        'text/html; charset=utf-8',
        REVALIDATE,
      ]);
      expect(answer.body.equals(page404)).toBe(true);
    }
    // The build emits one 404 page for all languages: it reads the language from the path and its texts from
    // its page data, which the host serves like any other page data.
    const data = await get(port, '/promo/page-data/404.html/page-data.json');
    expect(data.status).toBe(200);
    const texts = JSON.parse(data.body.toString()).result.pageContext.languages.ru.texts;
    const ru = JSON.parse(fs.readFileSync(path.join(root, 'data/i18n/ru.json'), 'utf8'));
    expect(texts['notFound.title']).toBe(ru['notFound.title']);
  });

  test('security headers: the module\u2019s values, the CSP with exactly this page\u2019s hashes and the intended hosts', async () => {
    const answer = await get(port, LANDING);
    const hashes = inlineScriptHashes(fs.readFileSync(landingFile, 'utf8'));
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    expect(securityHeadersOf(answer)).toEqual({ ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(hashes) });
    const policy = String(answer.headers['content-security-policy']);
    expect(policyHosts(policy)).toEqual([...POLICY_HOSTS].sort());
    expect(policyHosts(policy)).toEqual([
      'https://*.analytics.google.com',
      'https://*.google-analytics.com',
      'https://mc.yandex.ru',
      'https://recaptcha.google.com/recaptcha/',
      'https://www.google.com/recaptcha/',
      'https://www.googletagmanager.com',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);

    const notFound = await get(port, '/promo/zenit/ru/no-such-landing/');
    expect(notFound.headers['content-security-policy']).toBe(
      contentSecurityPolicy(inlineScriptHashes(fs.readFileSync(path.join(publicDir, '404.html'), 'utf8'))),
    );
  });

  test('nginx and the stand-in send the same security headers', async () => {
    for (const urlPath of [LANDING, '/promo/', '/promo/zenit/ru/no-such-landing/', '/promo/sw.js', '/promo/page-data/app-data.json']) {
      const viaNginx = await get(port, urlPath);
      const direct = await get(standInPort, urlPath);
      expect([urlPath, securityHeadersOf(viaNginx)]).toEqual([urlPath, securityHeadersOf(direct)]);
    }
  });

  test('gzip when asked (with Vary), plain otherwise', async () => {
    const zipped = await get(port, LANDING, { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(zipped.body).equals(fs.readFileSync(landingFile))).toBe(true);
    expect(zipped.body.length).toBeLessThan(fs.statSync(landingFile).size / 2);

    const html = fs.readFileSync(landingFile, 'utf8');
    const chunk = /<script src="(\/promo\/framework-[0-9a-f]{20}\.js)"/.exec(html)![1];
    expect((await get(port, chunk, { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(port, '/promo/page-data/app-data.json', { 'Accept-Encoding': 'gzip' })).status).toBe(200);

    const plain = await get(port, LANDING);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  test('/ajax and /session.php reach the main site (the stand-in) through the proxy', async () => {
    app.standIn.reset();
    const countries = await get(port, '/ajax/data/country?lang_id=1');
    expect(countries.status).toBe(200);
    expect(countries.headers['content-type']).toMatch(/^application\/json/);
    const list = JSON.parse(countries.body.toString()).result;
    expect(list).toHaveLength(44);
    expect(list[0]).toEqual(
      // The stand-in answers the contract's minimum: id and code, no dialling code.
      expect.objectContaining({ country_id: expect.any(Number), code: expect.any(String) }),
    );
    expect(app.standIn.calls('/ajax/data/country')).toHaveLength(1);
    // The main site's own responses keep their own headers: the promo policy is for /promo only.
    expect(countries.headers['content-security-policy']).toBeUndefined();

    const session = await get(port, '/session.php');
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body.toString())).toEqual(expect.objectContaining({ logged_in: false }));

    const mainPage = await get(port, '/m/registration/phone?promo_code=X');
    expect(mainPage.status).toBe(200);
    expect(mainPage.body.toString()).toContain('Main site: registration');
  });
});
