/**
 * The A/B experiments of the build through a real nginx with deploy/ (nginx-host.ts): new visitors split
 * by the weights, each keeps their variant, at the landing's own address, out of shared caches; crawlers
 * get the control; and the stand-in puts every cookie in the same variant as nginx. On a landing of an
 * opt-in market nobody is assigned nor given promo_vid before accepting. Run after a build.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { deferredBundle } from '../../gatsby/post-build/deferred-bundle';
import { SECURITY_HEADERS } from '../../deploy/security-headers';
import { buildApp } from '../../server/app';
import { IMMUTABLE } from '../../server/host/static-promo';
import { CONTROL, EXPERIMENT_CACHE_CONTROL, VISITOR_COOKIE, variantMatchPath, variantPath } from '../../src/domain/experiments';
import {
  EXPERIMENTS_JSON,
  EXPERIMENTS_NGINX_CONF,
  nginxExperimentsConf,
  type HostExperiment,
} from '../../gatsby/post-build/experiment-files';
import { get as getFrom, startNginx, type Answer, type NginxHost } from './nginx-host';

const publicDir = path.resolve(__dirname, '../../public');
const VISITORS = 200;
const COOKIE = /^promo_vid=([0-9a-f]{32}); Path=\/promo\/; Max-Age=31536000; SameSite=Lax; Secure; HttpOnly$/;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

jest.setTimeout(120_000);

/** A GET as a visitor's browser sends it (experiments leave crawlers out). */
const get = (port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> =>
  getFrom(port, urlPath, { 'user-agent': BROWSER, ...headers });

const experiments = (): HostExperiment[] => JSON.parse(fs.readFileSync(path.join(publicDir, EXPERIMENTS_JSON), 'utf8')).experiments;

describe('A/B experiments through nginx', () => {
  let nginx: NginxHost | undefined;
  let app: FastifyInstance;
  let port: number;
  let standInPort: number;
  let experiment: HostExperiment;
  let landing: string;
  /** Each variant's HTML and page data as built, by variant id: what an answer is compared with. */
  const built = new Map<string, { html: Buffer; data: Buffer }>();
  const variantOfHtml = (body: Buffer) => [...built].find(([, files]) => files.html.equals(body))?.[0] ?? 'none';
  const variantOfData = (body: Buffer) => [...built].find(([, files]) => files.data.equals(body))?.[0] ?? 'none';
  const cookieOf = (answer: Answer) => COOKIE.exec(String(answer.headers['set-cookie']))?.[1];

  beforeAll(async () => {
    [experiment] = experiments();
    expect(experiment).toBeDefined();
    [landing] = experiment.landings;
    for (const { id } of experiment.variants) {
      const sitePath = id === CONTROL ? landing : variantPath(landing, experiment.id, id);
      built.set(id, {
        html: fs.readFileSync(path.join(publicDir, sitePath, 'index.html')),
        data: fs.readFileSync(path.join(publicDir, 'page-data', sitePath, 'page-data.json')),
      });
    }
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

  test(`${VISITORS} new visitors split by the weights (within 10 points), each served at the landing's address and given a cookie`, async () => {
    const counts: Record<string, number> = Object.fromEntries(experiment.variants.map(({ id }) => [id, 0]));
    for (let visitor = 0; visitor < VISITORS; visitor++) {
      const answer = await get(port, `/promo${landing}`);
      expect([answer.status, answer.headers.location, cookieOf(answer) !== undefined]).toEqual([200, undefined, true]);
      counts[variantOfHtml(answer.body)]++;
    }
    expect(Object.keys(counts).sort()).toEqual(experiment.variants.map(({ id }) => id).sort());
    const offTheWeights = experiment.variants.filter(({ id, weight }) => Math.abs((counts[id] / VISITORS) * 100 - weight) > 10);
    expect({ counts, offTheWeights }).toEqual({ counts, offTheWeights: [] });
  });

  test('a returning visitor keeps their variant: the page in both spellings, with a partner query, and its page data', async () => {
    for (let visitor = 0; visitor < 30; visitor++) {
      const first = await get(port, `/promo${landing}`);
      const cookie = `promo_vid=${cookieOf(first)}`;
      const variant = variantOfHtml(first.body);
      for (const url of [`/promo${landing}`, `/promo${landing}index.html`, `/promo${landing}?zpartner_uid=p1`]) {
        const again = await get(port, url, { cookie });
        expect([url, again.status, variantOfHtml(again.body), again.headers['set-cookie']]).toEqual([url, 200, variant, undefined]);
      }
      const data = await get(port, `/promo/page-data${landing}page-data.json`, { cookie });
      expect([data.status, variantOfData(data.body)]).toEqual([200, variant]);
    }
  });

  test('the stand-in puts every cookie in the same variant as nginx, with the same security headers', async () => {
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 100; visitor++) {
      const cookie = `promo_vid=${randomBytes(16).toString('hex')}`;
      const viaNginx = await get(port, `/promo${landing}`, { cookie });
      const direct = await get(standInPort, `/promo${landing}`, { cookie });
      expect([cookie, variantOfHtml(direct.body)]).toEqual([cookie, variantOfHtml(viaNginx.body)]);
      seen.add(variantOfHtml(viaNginx.body));
      if (visitor < 10) {
        const security = (answer: Answer) =>
          [...Object.keys(SECURITY_HEADERS), 'Content-Security-Policy'].map((name) => answer.headers[name.toLowerCase()]);
        expect(security(direct)).toEqual(security(viaNginx));
      }
    }
    expect([...seen].sort()).toEqual(experiment.variants.map(({ id }) => id).sort());
  });

  test('answers per visitor are private and vary by cookie; their scripts and pictures stay immutable', async () => {
    for (const url of [`/promo${landing}`, `/promo/page-data${landing}page-data.json`]) {
      const answer = await get(port, url);
      expect([url, answer.headers['cache-control']]).toEqual([url, EXPERIMENT_CACHE_CONTROL]);
      expect([url, String(answer.headers.vary)]).toEqual([url, expect.stringMatching(/Cookie/)]);
    }
    const variant = experiment.variants.find(({ id }) => id !== CONTROL)!.id;
    const html = built.get(variant)!.html.toString();
    const script = deferredBundle(html)[0][0];
    const picture = /(\/promo\/static\/[^"\s,]+\.(?:webp|jpg|avif))/.exec(html)![1];
    for (const file of [script, picture]) {
      const answer = await get(port, file);
      expect([file, answer.status, answer.headers['cache-control'], answer.headers['set-cookie']]).toEqual([
        file,
        200,
        IMMUTABLE,
        undefined,
      ]);
    }
  });

  test('a crawler is never assigned: the control at the landing\u2019s address, and no cookie', async () => {
    for (let visit = 0; visit < 20; visit++) {
      const answer = await get(port, `/promo${landing}`, { 'user-agent': GOOGLEBOT });
      expect([variantOfHtml(answer.body), answer.headers['set-cookie']]).toEqual([CONTROL, undefined]);
    }
  });

  test('each variant\u2019s page: at its own address for QA, noindex with the landing as canonical, routed at both addresses', async () => {
    for (const { id } of experiment.variants.filter((variant) => variant.id !== CONTROL)) {
      const own = variantPath(landing, experiment.id, id);
      const answer = await get(port, `/promo${own}`);
      expect([own, answer.status, variantOfHtml(answer.body)]).toEqual([own, 200, id]);
      const html = answer.body.toString();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/promo${landing}"/>`));
      expect(JSON.parse(built.get(id)!.data.toString())).toMatchObject({ path: own, matchPath: variantMatchPath(landing) });
    }
  });

  test('in a browser, each variant\u2019s visitor sends a view_landing that names the experiment and the variant', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      for (const { id } of experiment.variants) {
        // A visitor nginx itself puts in this variant.
        let visitor = '';
        for (let index = 0; !visitor; index++) {
          const candidate = randomBytes(16).toString('hex');
          const answer = await get(port, `/promo${landing}`, { cookie: `${VISITOR_COOKIE}=${candidate}` });
          if (variantOfHtml(answer.body) === id) visitor = candidate;
          expect(index).toBeLessThan(200);
        }
        const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
        await context.addCookies([{ name: VISITOR_COOKIE, value: visitor, url: `http://127.0.0.1:${port}/promo/` }]);
        const page = await context.newPage();
        const partner = `ab${randomBytes(6).toString('hex')}`;
        await page.goto(`http://127.0.0.1:${port}/promo${landing}?zpartner_uid=${partner}`);
        const views = async () =>
          (await viewsOf(standInPort))
            .filter((detail) => detail.partnerUid === partner)
            .map(({ experiment: named, variant }) => [named, variant]);
        let seen: unknown[] = [];
        for (let wait = 0; wait < 80 && seen.length === 0; wait++) {
          seen = await views();
          if (seen.length === 0) await new Promise((done) => setTimeout(done, 250));
        }
        expect([id, seen]).toEqual([id, [[experiment.id, id]]]);
        expect(new URL(page.url()).pathname).toBe(`/promo${landing}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});

/**
 * The same experiment as if its landing were in an opt-in market: a public/ of links to the build's files,
 * with the host's experiments file written for that mode (gatsby/post-build/experiment-files.ts), behind nginx.
 */
describe('A/B experiments through nginx, on a landing of an opt-in market', () => {
  let nginx: NginxHost | undefined;
  let app: FastifyInstance;
  let dir: string;
  let landing: string;
  const FORGET = /^promo_vid=; Path=\/promo\/; Max-Age=0; SameSite=Lax; Secure; HttpOnly$/;
  let control: Buffer;

  beforeAll(async () => {
    const [experiment] = experiments();
    [landing] = experiment.landings;
    control = fs.readFileSync(path.join(publicDir, landing, 'index.html'));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-opt-in-'));
    for (const name of fs.readdirSync(publicDir)) fs.symlinkSync(path.join(publicDir, name), path.join(dir, name));
    fs.rmSync(path.join(dir, EXPERIMENTS_NGINX_CONF));
    fs.writeFileSync(path.join(dir, EXPERIMENTS_NGINX_CONF), nginxExperimentsConf([{ ...experiment, consent: { [landing]: 'opt-in' } }]));
    app = buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    nginx = await startNginx(dir, (app.server.address() as net.AddressInfo).port);
  });

  afterAll(async () => {
    await nginx?.stop();
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('before an accept, or after a refusal, no visitor is assigned: the landing itself every time, and no promo_vid', async () => {
    for (const headers of [{}, { cookie: 'promo_consent=refuse' }] as Record<string, string>[]) {
      for (let visit = 0; visit < 30; visit++) {
        const answer = await get(nginx!.port, `/promo${landing}`, headers);
        expect([answer.status, answer.body.equals(control), answer.headers['set-cookie']]).toEqual([200, true, undefined]);
      }
    }
  });

  test('a visitor who still sends promo_vid without an accept loses it', async () => {
    for (const cookie of [
      `promo_vid=${randomBytes(16).toString('hex')}`,
      `promo_vid=${randomBytes(16).toString('hex')}; promo_consent=refuse`,
    ]) {
      const answer = await get(nginx!.port, `/promo${landing}`, { cookie });
      expect([answer.body.equals(control), String(answer.headers['set-cookie'])]).toEqual([true, expect.stringMatching(FORGET)]);
    }
  });

  test('after an accept the visitor is assigned and given promo_vid', async () => {
    const answer = await get(nginx!.port, `/promo${landing}`, { cookie: 'promo_consent=accept' });
    expect(String(answer.headers['set-cookie'])).toMatch(COOKIE);
  });
});

/** The details of the view_landing events the stand-in has recorded. */
async function viewsOf(standInPort: number): Promise<{ partnerUid?: string; experiment?: string; variant?: string }[]> {
  const answer = await get(standInPort, `/__stand-in/calls?path=${encodeURIComponent('/ajax/kafka/log')}`);
  const calls = JSON.parse(answer.body.toString()) as {
    body: { action?: string; additional_data?: { detail?: Record<string, string> } } | null;
  }[];
  return calls.filter((call) => call.body?.action === 'view_landing').map((call) => call.body?.additional_data?.detail ?? {});
}
