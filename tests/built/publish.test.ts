/**
 * `npm run publish` against a real nginx set up as deploy/nginx.conf sets up a host (nginx-host.ts), with
 * three real builds made in one copy of the tree (lib/release-builds.ts): A the tree, B a one-landing edit
 * of it, C a code change on top. Publishing B sends a handful of files; publishing C while many requests
 * run gives no failed answer and no page whose policy refuses its own scripts, and a tab opened on B gets
 * its form afterwards without a reload; a release that fails its check never goes live; a rollback serves
 * B again; a preview answers at its own host name; a user@host root goes over rsync.
 *
 * PUBLISH_BUILDS=<dir> runs them on builds already made (<dir>/a, b and c, as buildReleases leaves them).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { buildApp } from '../../server/app';
import { buildReleases, CODE_MARK, EDITED_PATH, type ReleaseBuilds } from '../../lib/release-builds';
import { get, startPublishedNginx, type Answer, type NginxHost } from './nginx-host';

const ROOT = path.resolve(__dirname, '../..');
const ru = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/i18n/ru.json'), 'utf8'));
/** The bounded load: this many clients at once, until the switch is over and this many more answers came, never past the caps. */
const CLIENTS = 8;
const AFTER_SWITCH = 400;
const MAX_REQUESTS = 20_000;
const MAX_LOAD_MS = 180_000;

jest.setTimeout(900_000);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command as a pipeline runs it, in a child process so that the load here keeps running meanwhile. */
function publish(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/publish.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/**
 * The answer once it is `expected`, or the last one after ten seconds: `nginx -s reload` returns when the
 * signal is sent, and the master starts the new workers a moment later.
 */
async function servedOnceReloaded(port: number, urlPath: string, expected: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await get(port, urlPath, headers);
    if (answer.body.equals(expected) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The inline scripts a browser runs, hashed as CSP hashes them (CSP3, "hash-source"), written here apart from the build's code. */
function inlineScriptHashes(html: string): string[] {
  const visible = html.replace(/<noscript\b[^>]*>[\s\S]*?<\/noscript\s*>/gi, '');
  return [...visible.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes) && !/\btype\s*=\s*["']?application\/(?:ld\+)?json/i.test(attributes))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`);
}

function refusedScripts(answer: Answer): number {
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1].split(/\s+/) ?? [];
  return inlineScriptHashes(answer.body.toString('utf8')).filter((hash) => !scriptSrc.includes(hash)).length;
}

const landingsOf = (publicDir: string) =>
  fs
    .readdirSync(path.join(publicDir, 'page-data'), { recursive: true })
    .map(String)
    .filter((file) => /^[^/_]+\/[^/_]+\/[^/_]+\/page-data\.json$/.test(file.split(path.sep).join('/')))
    .map((file) => path.dirname(file).split(path.sep).join('/'));

const liveOf = (root: string) => path.basename(fs.readlinkSync(path.join(root, 'live')));

describe('npm run publish', () => {
  let builds: ReleaseBuilds;
  let host: string;
  let app: FastifyInstance;
  let nginx: NginxHost | undefined;
  let browser: Browser | undefined;
  let nginxArgs: string[];
  let idB: string;
  let publishedB: Run;

  beforeAll(async () => {
    process.env.BUILD_DATE ??= new Date().toISOString().slice(0, 10);
    const made = process.env.PUBLISH_BUILDS;
    builds = made
      ? { a: `${made}/a`, b: `${made}/b`, c: `${made}/c`, seconds: { a: 0, b: 0, c: 0 }, remove: () => {} }
      : await buildReleases(ROOT, path.join(ROOT, 'test-results', 'publish'));
    host = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-host-'));
    app = buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    // The first release goes live before nginx runs (as on a new host); nginx then starts on it.
    const first = await publish(['--to', host, '--from', builds.a, '--nginx-test', 'true', '--reload', 'true']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    nginx = await startPublishedNginx(host, (app.server.address() as net.AddressInfo).port);
    nginxArgs = ['--nginx-test', [...nginx.command, '-t'].join(' '), '--reload', [...nginx.command, '-s', 'reload'].join(' ')];
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await app?.close();
    if (host) fs.rmSync(host, { recursive: true, force: true });
    builds?.remove();
  });

  const htmlOf = (dir: string, landing: string) => fs.readFileSync(path.join(dir, landing, 'index.html'));
  const sentOf = (run: Run) => /sent (\d+) files \((\d+) bytes\)/.exec(run.stdout);

  it('sends only the files a one-landing edit changed, a handful, and lists the edit', async () => {
    publishedB = await publish(['--to', host, '--from', builds.b, ...nginxArgs]);
    expect(publishedB).toMatchObject({ code: 0, stderr: '' });
    idB = lastLine(publishedB.stdout).replace(/^live /, '');
    expect(liveOf(host)).toBe(idB);
    const differ = (fs.readdirSync(builds.b, { recursive: true }) as string[])
      .map(String)
      .filter((file) => fs.statSync(path.join(builds.b, file)).isFile())
      .filter(
        (file) =>
          !fs.existsSync(path.join(builds.a, file)) ||
          !fs.readFileSync(path.join(builds.a, file)).equals(fs.readFileSync(path.join(builds.b, file))),
      );
    expect(differ).toContain(path.join('page-data', EDITED_PATH, 'page-data.json'));
    expect(differ.length).toBeLessThanOrEqual(10);
    const sent = sentOf(publishedB);
    expect(Number(sent?.[1])).toBe(differ.length);
    console.log(`one-landing edit: ${sent![1]} files, ${sent![2]} bytes sent: ${differ.join(', ')}`);

    const list = await publish(['--list', '--to', host]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^ {2}\S+ .*\(first release\)$/);
    expect(lines[2]).toMatch(new RegExp(`^\\* ${idB} .* \\+0 ~1 -0: changed ${EDITED_PATH}$`));
  });

  it('publishes C under load with no failed answer and every page whole from one release with its own policy; a tab on B gets its form', async () => {
    const port = nginx!.port;
    const redirected = new Set(
      fs
        .readFileSync(path.join(builds.b, '_redirects.nginx.map'), 'utf8')
        .split('\n')
        .map((line) => /^\/promo\/(\S+)\/ /.exec(line)?.[1])
        .filter(Boolean),
    );
    const pages = landingsOf(builds.b)
      .filter((landing) => !redirected.has(landing))
      .filter((_, at) => at % 12 === 0);
    // C changes every page's inline scripts: a page served with the other release's hash map would be refused.
    expect(htmlOf(builds.b, pages[0]).equals(htmlOf(builds.c, pages[0]))).toBe(false);

    // The visitor's tab, opened on B before the publish: nothing typed yet, the form's code not loaded.
    const context = await browser!.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const fetched: Array<{ status: number; file: string }> = [];
    tab.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/promo/')) fetched.push({ status: response.status(), file: pathname.slice('/promo/'.length) });
    });
    await tab.goto(`http://127.0.0.1:${port}/promo/${EDITED_PATH}/`);
    await tab.locator('#preloader').waitFor({ state: 'detached' });
    await tab.evaluate(() => ((window as unknown as { openedOnB: boolean }).openedOnB = true));
    const island = tab.locator('[data-island="registration"]');
    expect(await island.getAttribute('data-hydrated')).toBeNull();

    const failures: string[] = [];
    let refused = 0;
    let requests = 0;
    const load = { switchedAt: undefined as number | undefined };
    const started = Date.now();
    const client = async (n: number) => {
      for (let at = n; ; at += CLIENTS) {
        if (requests >= MAX_REQUESTS || Date.now() - started > MAX_LOAD_MS) return;
        if (load.switchedAt !== undefined && requests >= load.switchedAt + AFTER_SWITCH) return;
        const landing = pages[at % pages.length];
        requests += 1;
        try {
          const answer = await get(port, `/promo/${landing}/`);
          if (answer.status !== 200) failures.push(`${answer.status} /promo/${landing}/`);
          else if (!answer.body.equals(htmlOf(builds.b, landing)) && !answer.body.equals(htmlOf(builds.c, landing)))
            failures.push(`/promo/${landing}/ is neither B's page nor C's`);
          if (answer.status === 200 && refusedScripts(answer) > 0) refused += 1;
        } catch (error) {
          failures.push(`/promo/${landing}/: ${(error as Error).message}`);
        }
      }
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const published = await publish(['--to', host, '--from', builds.c, ...nginxArgs]);
    const switched = requests;
    load.switchedAt = switched;
    await clients;

    expect(published).toMatchObject({ code: 0, stderr: '' });
    expect(liveOf(host)).toBe(lastLine(published.stdout).replace(/^live /, ''));
    expect(requests).toBeGreaterThanOrEqual(switched + AFTER_SWITCH);
    expect(failures).toEqual([]);
    expect(refused).toBe(0);
    console.log(
      `publish under load: ${requests} requests by ${CLIENTS} clients, ${switched} of them until the publish ended, 0 failed, 0 refused`,
    );
    expect(
      (await servedOnceReloaded(port, `/promo/${pages[0]}/`, htmlOf(builds.c, pages[0]))).body.equals(htmlOf(builds.c, pages[0])),
    ).toBe(true);

    // The tab on B turns to the form: its code (B's chunks, which C does not have) comes, what was typed stays, no reload.
    const phone = tab.getByLabel(ru['reg.phone']);
    const transport = tab.waitForResponse((response) =>
      /^\/promo\/main-site-ajax-[0-9a-f]{20}\.js$/.test(new URL(response.url()).pathname),
    );
    await phone.click();
    await phone.pressSequentially('9161234567');
    await tab.locator('[data-island="registration"][data-hydrated]').waitFor();
    expect((await phone.inputValue()).replace(/\D/g, '')).toContain('9161234567');
    expect(await tab.evaluate(() => (window as unknown as { openedOnB?: boolean }).openedOnB)).toBe(true);
    const transportFile = path.basename(new URL((await transport).url()).pathname);
    expect((await transport).status()).toBe(200);
    expect(fs.existsSync(path.join(builds.b, transportFile))).toBe(true);
    expect(fs.existsSync(path.join(builds.c, transportFile))).toBe(false);
    expect(fetched.filter(({ status }) => status >= 400)).toEqual([]);
    expect(await tab.evaluate((mark) => (globalThis as unknown as Record<string, unknown>)[mark], CODE_MARK)).toBeUndefined();
    await context.close();
  });

  it("keeps every content-named file of B answering from C, B's own bytes, also those C no longer has", async () => {
    const files = fs
      .readFileSync(path.join(host, 'releases', idB, 'old-tabs.txt'), 'utf8')
      .split('\n')
      .filter((file) => /\.(?:js|css|json)$/.test(file));
    const gone = files.filter((file) => !fs.existsSync(path.join(builds.c, file)));
    expect(gone.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const file of files) {
      const answer = await get(nginx!.port, `/promo/${file}`);
      if (answer.status !== 200 || !answer.body.equals(fs.readFileSync(path.join(builds.b, file)))) wrong.push(`${answer.status} ${file}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never makes live a release whose check fails, and says why', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-broken-'));
    try {
      fs.cpSync(builds.c, broken, { recursive: true });
      // A hash map that does not match the pages: every page's policy would refuse its inline scripts.
      fs.writeFileSync(path.join(broken, '_csp.nginx.map'), '');
      const live = liveOf(host);
      const releases = fs.readdirSync(path.join(host, 'releases')).sort();
      const run = await publish(['--to', host, '--from', broken, ...nginxArgs]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/failed its check[\s\S]*refuses/);
      expect(liveOf(host)).toBe(live);
      expect(fs.readdirSync(path.join(host, 'releases')).sort()).toEqual(releases);
      const page = await get(nginx!.port, `/promo/${EDITED_PATH}/`);
      expect(page.body.equals(htmlOf(builds.c, EDITED_PATH))).toBe(true);
      expect(refusedScripts(page)).toBe(0);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('rolls back to B: its pages again, with their own policy, by the same switch', async () => {
    const back = await publish(['--rollback', '--to', host, ...nginxArgs]);
    expect(back).toMatchObject({ code: 0, stderr: '' });
    expect(lastLine(back.stdout)).toBe(`live ${idB}`);
    expect(liveOf(host)).toBe(idB);
    const page = await servedOnceReloaded(nginx!.port, `/promo/${EDITED_PATH}/`, htmlOf(builds.b, EDITED_PATH));
    expect(page.status).toBe(200);
    expect(page.body.equals(htmlOf(builds.b, EDITED_PATH))).toBe(true);
    expect(refusedScripts(page)).toBe(0);
  });

  it('publishes C as a preview at its own host name, beside the live release, which stays B', async () => {
    const name = 'mr-7';
    const previewHost = `${name}.preview.test`;
    const run = await publish([
      ...['--preview', name, '--to', host, '--from', builds.c, ...nginxArgs],
      ...['--preview-host', previewHost, '--preview-listen', `127.0.0.1:${nginx!.port}`],
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(lastLine(run.stdout)).toBe(`https://${previewHost}/promo/`);
    const preview = await servedOnceReloaded(nginx!.port, `/promo/${EDITED_PATH}/`, htmlOf(builds.c, EDITED_PATH), { host: previewHost });
    expect(preview.status).toBe(200);
    expect(preview.body.equals(htmlOf(builds.c, EDITED_PATH))).toBe(true);
    expect(refusedScripts(preview)).toBe(0);
    const live = await get(nginx!.port, `/promo/${EDITED_PATH}/`);
    expect(live.body.equals(htmlOf(builds.b, EDITED_PATH))).toBe(true);
    expect(refusedScripts(live)).toBe(0);
    expect(liveOf(host)).toBe(idB);
    const robots = await get(nginx!.port, '/robots.txt', { host: previewHost });
    expect({ status: robots.status, body: robots.body.toString('utf8') }).toEqual({ status: 200, body: 'User-agent: *\nDisallow: /\n' });
  });

  it('publishes to user@host:/path over rsync through the remote shell, sending the same handful', async () => {
    const remoteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-remote-'));
    // A remote shell that runs the command here (ssh [-l user] host command…): rsync talks its remote protocol through it as through ssh.
    const rsh = path.join(remoteRoot, 'fake-ssh');
    fs.writeFileSync(rsh, '#!/bin/sh\n[ "$1" = "-l" ] && shift 2\nshift\nexec sh -c "$*"\n', { mode: 0o755 });
    const common = ['--to', `deploy@promo-host:${remoteRoot}/srv`, '--rsh', rsh, '--nginx-test', 'true', '--reload', 'true'];
    try {
      expect((await publish([...common, '--from', builds.a])).code).toBe(0);
      const run = await publish([...common, '--from', builds.b]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(sentOf(run)?.[1]).toBe(sentOf(publishedB)?.[1]);
      const live = path.join(remoteRoot, 'srv', 'live');
      expect(htmlOf(path.join(live, 'public'), EDITED_PATH).equals(htmlOf(builds.b, EDITED_PATH))).toBe(true);
      expect(fs.readFileSync(path.join(live, 'nginx', 'promo.server.conf'), 'utf8')).toContain(`alias ${fs.realpathSync(live)}/public/;`);
    } finally {
      fs.rmSync(remoteRoot, { recursive: true, force: true });
    }
  });
});
