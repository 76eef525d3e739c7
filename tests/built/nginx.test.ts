/**
 * Deployment smoke test: the built public/ served through a real nginx with deploy/promo.http.conf and
 * deploy/promo.server.conf, exactly as on the operator's host (nginx-host.ts), with the stand-in main site
 * as the upstream for everything outside /promo. Run after `npm run build`; `npm run test:built` installs
 * nginx when missing (scripts/ensure-nginx.sh).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { executableScripts, inlineScriptHashes, scriptHashes } from '../../gatsby/post-build/csp-hashes';
import { cspMapFor, CSP_NGINX_MAP } from '../../gatsby/post-build/csp-map-file';
import { deferredBundle } from '../../gatsby/post-build/deferred-bundle';
import { integrityOf } from '../../gatsby/post-build/script-integrity';
import { contentSecurityPolicy, nginxContentSecurityPolicy, POLICY_HOSTS, SECURITY_HEADERS } from '../../deploy/security-headers';
import { EXPERIMENT_CACHE_CONTROL, EXPERIMENT_VARY } from '../../src/domain/experiments';
import { buildApp } from '../../server/app';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from '../../server/host/static-promo';
import { cspFindings, formatFindings } from '../fixtures/csp-findings';
import { get, startNginx, type Answer, type NginxHost } from './nginx-host';

const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');
const deployDir = path.join(root, 'deploy');

const LANDING = '/promo/zenit/ru/bonus20000/';
const landingFile = path.join(publicDir, 'zenit/ru/bonus20000/index.html');

jest.setTimeout(60_000);

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
      ['Vary', '$promo_vary'],
      ['Set-Cookie', '$promo_set_cookie'],
      ['Content-Security-Policy', '$promo_csp'],
      ...Object.entries(SECURITY_HEADERS),
    ];
    expect(added).toEqual(expected);
    expect(serverConf.match(/^\s*add_header\b/gm)).toHaveLength(expected.length);
  });

  test('the cache rules are the stand-in\u2019s two values, and the A/B experiments\u2019 per-visitor ones', () => {
    const values = [...httpConf.matchAll(/"(public, max-age=[^"]*)"/g)].map((m) => m[1]);
    expect(new Set(values)).toEqual(new Set([REVALIDATE, IMMUTABLE]));
    expect(httpConf).toContain(`1       "${EXPERIMENT_CACHE_CONTROL}";`);
    expect(httpConf).toContain(`1       "${EXPERIMENT_VARY}";`);
  });

  test(`public/${CSP_NGINX_MAP} is current: it holds the scripts of every built page (rebuild when not)`, () => {
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

  test('no page leaves a script file to the parser; its loader asks for files of the build, each with the integrity of the file it names', () => {
    const wrong: string[] = [];
    const integrity = new Map<string, string>();
    const fileIntegrity = (src: string) => {
      if (!integrity.has(src)) {
        const file = path.join(publicDir, src.replace(/^\/promo\//, ''));
        integrity.set(src, fs.existsSync(file) ? integrityOf(fs.readFileSync(file)) : 'missing file');
      }
      return integrity.get(src)!;
    };
    let scriptFiles = 0;
    // Gatsby's slice fragments stay as Gatsby wrote them (gatsby/post-build/csp-map-file.ts); the pages they are stitched into are checked.
    const pages = htmlFiles.filter((file) => !path.relative(publicDir, file).startsWith(path.join('_gatsby', 'slices')));
    for (const file of pages) {
      const html = fs.readFileSync(file, 'utf8');
      const page = path.relative(publicDir, file);
      for (const script of executableScripts(html).filter((element) => element.src !== undefined))
        wrong.push(`${page}: <script src="${script.src}">`);
      for (const [src, listed] of deferredBundle(html)) {
        scriptFiles++;
        if (listed !== fileIntegrity(src)) wrong.push(`${page}: ${src} integrity ${listed} (the file: ${fileIntegrity(src)})`);
      }
    }
    expect(scriptFiles).toBeGreaterThan(pages.length);
    expect(wrong).toEqual([]);
  });

  test("no page preloads a script with <link> (under 'strict-dynamic' only a hash in the policy could allow it)", () => {
    const offenders = htmlFiles.filter((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/<link\b[^>]*>/gi)].some(
        ([tag]) => /\srel=["']?modulepreload\b/i.test(tag) || (/\srel=["']?preload\b/i.test(tag) && /\sas=["']?script\b/i.test(tag)),
      ),
    );
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
  let nginx: NginxHost | undefined;
  let app: FastifyInstance;
  let port: number;
  let standInPort: number;

  beforeAll(async () => {
    app = buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    standInPort = (app.server.address() as net.AddressInfo).port;
    nginx = await startNginx(publicDir, standInPort);
    port = nginx.port;
  });

  afterAll(async () => {
    await nginx?.stop();
    await app?.close();
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
    const chunk = deferredBundle(html)
      .map(([src]) => src)
      .find((src) => /^\/promo\/app-[0-9a-f]{20}\.js$/.test(src));
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
      '/promo/_experiments.json',
      '/promo/_experiments.nginx.conf',
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
    const html = fs.readFileSync(landingFile, 'utf8');
    const hashes = scriptHashes(html);
    // Gatsby's inline scripts and the retry script, then one per script file.
    expect(inlineScriptHashes(html).length).toBeGreaterThanOrEqual(4);
    expect(hashes.length).toBe(inlineScriptHashes(html).length + executableScripts(html).filter((script) => script.src).length);
    expect(securityHeadersOf(answer)).toEqual({ ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(hashes) });
    const policy = String(answer.headers['content-security-policy']);
    expect(policyHosts(policy)).toEqual([...POLICY_HOSTS].sort());
    expect(policyHosts(policy)).toEqual([
      'https://*.analytics.google.com',
      'https://*.google-analytics.com',
      'https://mc.yandex.ru',
      'https://mc.yandex.ru/metrika/',
      'https://recaptcha.google.com/recaptcha/',
      'https://www.google.com/recaptcha/',
      'https://www.googletagmanager.com',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);

    const notFound = await get(port, '/promo/zenit/ru/no-such-landing/');
    expect(notFound.headers['content-security-policy']).toBe(
      contentSecurityPolicy(scriptHashes(fs.readFileSync(path.join(publicDir, '404.html'), 'utf8'))),
    );
  });

  test('Google\u2019s CSP Evaluator finds nothing of high severity in the policy nginx sends (CSP3 and CSP2 browsers, Lighthouse)', async () => {
    // Pages differ in their hashes only; the findings are printed once per distinct set.
    const reports = new Map<string, string[]>();
    const high: string[] = [];
    for (const urlPath of [LANDING, '/promo/zenbet/ae/bonus30000/', '/promo/', '/promo/zenit/ru/no-such-landing/']) {
      const policy = (await get(port, urlPath)).headers['content-security-policy'];
      expect([urlPath, typeof policy]).toEqual([urlPath, 'string']);
      const findings = cspFindings(String(policy));
      const report = formatFindings(findings.all);
      reports.set(report, [...(reports.get(report) ?? []), `${urlPath}: ${policy}`]);
      high.push(...findings.high.map((finding) => `${urlPath}: ${formatFindings([finding])}`));
    }
    const printed = [...reports].map(([report, pages]) => `${pages.join('\n')}\n\nfindings:\n${report}`);
    console.log(`CSP Evaluator (csp_evaluator 1.1.8) on the policy nginx sends:\n${printed.join('\n\n')}`);
    expect(high).toEqual([]);
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
    const chunk = deferredBundle(html)
      .map(([src]) => src)
      .find((src) => /^\/promo\/framework-[0-9a-f]{20}\.js$/.test(src))!;
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
    // A visitor without a session: the minimal answer is an empty object (the contract reads no login as anonymous).
    expect(JSON.parse(session.body.toString())).not.toEqual(expect.objectContaining({ logged_in: true }));

    const mainPage = await get(port, '/m/registration/phone?promo_code=X');
    expect(mainPage.status).toBe(200);
    expect(mainPage.body.toString()).toContain('Main site: registration');
  });
});
