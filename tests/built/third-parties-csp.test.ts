/**
 * The policy nginx sends, in Chromium, with the tag manager, captcha and metrics counter on.
 *
 * They are on only in a build that has their ids (GATSBY_GTM_ID, GATSBY_METRICS_ID, the captcha site
 * key), and the rest of the suite runs a build without them, so this test builds a copy of the working
 * tree once with test ids (lib/site-copy.ts: sources copied, node_modules linked), serves its
 * public/ through a real nginx with deploy/'s config (nginx-host.ts) in front of the stand-in main site,
 * and opens every sample landing in Chromium with the three hosts stubbed (tests/fixtures/third-party-stubs.ts).
 *
 * Each page must hydrate, load what the three load, and raise no CSP violation and no console error.
 * Two runs change only the policy the browser receives, to stand in for browsers that read it
 * differently: one that knows 'strict-dynamic' but cannot match a <script src> by its hash (Firefox
 * 52–115, Safari 15.4–15.5: the files the loader inserts must still come), and one without 'strict-dynamic'
 * (the host list must be enough).
 *
 * With a visitor who has not chosen yet, the consent points against the same build: an opt-in market (de)
 * before a choice, after a refusal (on that page and after a reload) and after an accept, and an opt-out
 * market (ru) before any choice. Every request to another host is recorded (the stubs answer it or it is
 * aborted: nothing reaches the network), and so is the tag manager's data layer, whose Consent Mode
 * default (all denied) must come before gtm.js.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, devices, type Page, type Request } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { externalScriptHashes } from '../../gatsby/post-build/csp-hashes';
import { deferredBundle } from '../../gatsby/post-build/deferred-bundle';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { SAMPLE_LANDINGS } from '../../scripts/bench/config';
import { copyWorkingTree, removeDir } from '../../lib/site-copy';
import { buildApp } from '../../server/app';
import { STUB_CAPTCHA_TOKEN, stubThirdParties, THIRD_PARTY_STEPS, THIRD_PARTY_TEST_IDS } from '../fixtures/third-party-stubs';
import { startNginx, type NginxHost } from './nginx-host';
import { CONSENT_COOKIE } from '../../src/domain/consent';

const root = path.resolve(__dirname, '../..');
const ru = JSON.parse(fs.readFileSync(path.join(root, 'data/i18n/ru.json'), 'utf8'));
const de = JSON.parse(fs.readFileSync(path.join(root, 'data/i18n/de.json'), 'utf8'));

/** A cold Gatsby build takes about a minute alone and several on a loaded two-core machine. */
const BUILD_TIMEOUT_MS = 15 * 60_000;
jest.setTimeout(120_000);

let site: string;
let app: FastifyInstance;
let nginx: NginxHost;
let browser: Browser;

function buildWithTestIds(dir: string): Promise<number> {
  const started = Date.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...THIRD_PARTY_TEST_IDS,
    GATSBY_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  delete env.GATSBY_RECAPTCHA_SITE_KEY;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dir, 'node_modules/gatsby/cli.js'), 'build', '--prefix-paths'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve((Date.now() - started) / 1000);
      else reject(new Error(`the build with third-party test ids failed (${code}):\n${output.slice(-4000)}`));
    });
  });
}

beforeAll(async () => {
  site = copyWorkingTree(root);
  const seconds = await buildWithTestIds(site);
  console.log(`Built a copy with the third-party test ids in ${seconds.toFixed(0)} s`);
  const publicDir = path.join(site, 'public');
  app = buildApp({ publicDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx(publicDir, (app.server.address() as net.AddressInfo).port);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  await app?.close();
  if (site) removeDir(site);
});

interface Watch {
  page: Page;
  context: BrowserContext;
  /** securitypolicyviolation events: "directive blocked-URI". */
  violations: string[];
  consoleErrors: string[];
  /** Requests to hosts the stubs do not answer (aborted). */
  refused: string[];
  /** Every request of the context, in order, whoever answered it. */
  requests: Request[];
}

/** A visitor who has accepted tracking (docs/landings.md, "Tracking and consent"), unless `accepted` is false. */
async function openPage(urlPath: string, policyAsSeenBy?: (policy: string, html: string) => string, accepted = true): Promise<Watch> {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 360, height: 640 },
    baseURL: `http://localhost:${nginx.port}`,
    // A service worker's own requests would pass by the routes below.
    serviceWorkers: 'block',
  });
  if (accepted) await context.addCookies([{ name: CONSENT_COOKIE, value: 'accept', url: `http://localhost:${nginx.port}/` }]);
  const watch: Watch = { page: await context.newPage(), context, violations: [], consoleErrors: [], refused: [], requests: [] };
  context.on('request', (request) => watch.requests.push(request));
  await stubThirdParties(context, watch.refused);
  // A visitor's browser without service workers (as tests/e2e/fault-matrix.ts does): Playwright's 'block' alone
  // stubs register() so that Gatsby's registration code throws.
  await context.addInitScript('delete Navigator.prototype.serviceWorker;');
  await context.exposeBinding('__cspViolation', (_source, text: string) => watch.violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  watch.page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  watch.page.on('pageerror', (error) => watch.consoleErrors.push(String(error)));
  if (policyAsSeenBy) {
    await watch.page.route(`**${urlPath}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      // The body comes decoded: without its encoding and length headers, with the policy the other browser reads.
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      headers['content-security-policy'] = policyAsSeenBy(headers['content-security-policy'], html);
      await route.fulfill({ status: response.status(), body: html, headers });
    });
  }
  const response = await watch.page.goto(urlPath);
  expect(response?.status()).toBe(200);
  if (!policyAsSeenBy) expect(response?.headers()['content-security-policy']).toContain("'strict-dynamic'");
  return watch;
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    // The page's code has run when its islands (the form, the casino tiles) are taken over by React; the
    // form comes alive as a pointer comes over it (src/runtime/intent.ts), without a focus in it.
    () => {
      const islands = [...document.querySelectorAll('[data-island]')];
      for (const island of islands)
        if (!island.hasAttribute('data-hydrated')) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      return !document.getElementById('preloader') && islands.length > 0 && islands.every((island) => island.hasAttribute('data-hydrated'));
    },
    undefined,
    { timeout: 30_000 },
  );
}

async function stepsDone(page: Page, steps: readonly string[]): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) => expected.every((step) => ((window as unknown as { __thirdParty?: string[] }).__thirdParty ?? []).includes(step)),
      steps,
      { timeout: 30_000 },
    );
  } catch {
    const done = await page.evaluate(() => (window as unknown as { __thirdParty?: string[] }).__thirdParty ?? []);
    throw new Error(`waited for ${steps.join(', ')}; done: ${done.join(', ') || 'nothing'}`);
  }
}

describe.each(SAMPLE_LANDINGS)('$role ($path) through nginx, the third parties on', ({ path: landing }) => {
  test('hydrates, loads the tag manager and the metrics counter, and raises no CSP violation', async () => {
    const watch = await openPage(`/promo${landing}`);
    try {
      await hydrated(watch.page);
      await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics]);
      expect(watch.violations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.refused).toEqual([]);
    } finally {
      await watch.context.close();
    }
  });
});

test('a visitor who only looks never loads the captcha; turning to the form loads it', async () => {
  const watch = await openPage('/promo/zenit/ru/bonus20000/');
  try {
    // The form opens the main site's session once the page is idle: by then all idle work has run.
    const idle = watch.page.waitForRequest((request) => new URL(request.url()).pathname === '/session.php', { timeout: 30_000 });
    await hydrated(watch.page);
    await idle;
    await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics]);
    const loaded = await watch.page.evaluate(() => (window as unknown as { __thirdParty?: string[] }).__thirdParty ?? []);
    expect(loaded.filter((step) => (THIRD_PARTY_STEPS.captcha as readonly string[]).includes(step))).toEqual([]);

    await watch.page.getByLabel(ru['reg.password']).focus();
    await stepsDone(watch.page, THIRD_PARTY_STEPS.captcha.slice(0, 3));
    expect(watch.violations).toEqual([]);
  } finally {
    await watch.context.close();
  }
});

test('the registration form loads the captcha and registers with its token, without a CSP violation', async () => {
  const watch = await openPage('/promo/zenit/ru/bonus20000/');
  try {
    await hydrated(watch.page);
    await watch.page.locator('#offer a:visible').first().click();
    await watch.page.getByRole('button', { name: ru['reg.byEmail'] }).click();
    const email = `csp${Date.now()}@example.org`;
    await watch.page.getByLabel(ru['reg.email']).fill(email);
    await watch.page.getByLabel(ru['reg.password']).fill('secret123');
    await watch.page.getByLabel(ru['reg.birthdate']).fill('1988-01-02');
    await stepsDone(watch.page, THIRD_PARTY_STEPS.captcha.slice(0, 3));
    await watch.page.getByRole('button', { name: ru['reg.submit'] }).click();
    // The stand-in answers the contract's minimum: the form ends "done", naming no confirmation e-mail.
    await watch.page.getByRole('heading', { name: ru['reg.doneTitle'] }).waitFor({ timeout: 30_000 });
    await stepsDone(watch.page, THIRD_PARTY_STEPS.captcha);
    const registered = app.standIn
      .calls('/ajax/registration/register_email')
      .map((call) => call.body as Record<string, unknown> | null)
      .filter((body) => body?.email === email);
    expect(registered.map((body) => body?.recaptcha)).toEqual([STUB_CAPTCHA_TOKEN]);
    expect(watch.violations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.refused).toEqual([]);
  } finally {
    await watch.context.close();
  }
});

test('a browser that cannot match a <script src> by its hash (Firefox 52–115): the loader inserts the files, nothing is blocked, the page comes up', async () => {
  let files: string[] = [];
  const watch = await openPage('/promo/zenbet/br/bonus35000_betgold/', (policy, html) => {
    files = deferredBundle(html).map(([src]) => src);
    // Such a browser finds no hash for an external script: as if the policy had none.
    return externalScriptHashes(html).reduce((text, hash) => text.replace(` ${hash}`, ''), policy);
  });
  try {
    await hydrated(watch.page);
    await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics]);
    expect(files.length).toBeGreaterThanOrEqual(3);
    // The files come from the loader, which the policy trusts by its hash ('strict-dynamic' passes that on).
    expect(watch.violations).toEqual([]);
    expect(watch.refused).toEqual([]);
  } finally {
    await watch.context.close();
  }
});

test("a browser without 'strict-dynamic' goes by 'self' and the host list: the page and the three load without a violation", async () => {
  const watch = await openPage('/promo/zenit/ru/bonus20000/', (policy, html) =>
    externalScriptHashes(html)
      .reduce((text, hash) => text.replace(` ${hash}`, ''), policy)
      .replace(" 'strict-dynamic'", ''),
  );
  try {
    await hydrated(watch.page);
    await watch.page.locator('#offer a:visible').first().click();
    await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics, ...THIRD_PARTY_STEPS.captcha.slice(0, 3)]);
    expect(watch.violations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.refused).toEqual([]);
  } finally {
    await watch.context.close();
  }
});

const offSite = (requests: Request[]) =>
  requests.map((request) => request.url()).filter((url) => !new URL(url).hostname.match(/^(localhost|127\.0\.0\.1)$/));
/** Resolves once the page has sent a tracking event of this action, at once if it has already. */
async function sent(watch: Watch, action: string): Promise<void> {
  const isIt = (request: Request) =>
    new URL(request.url()).pathname === '/ajax/kafka/log' && new URLSearchParams(request.postData() ?? '').get('action') === action;
  // Nothing runs between the look at the record and the listener: no request can slip past both.
  if (!watch.requests.some(isIt)) await watch.page.waitForRequest(isIt, { timeout: 30_000 });
}
/** Each other host asked, with what: the tag manager's container and tag, its hit, the counter's tag, hit and pixel. */
const offSiteCalls = (requests: Request[]) =>
  [...new Set(offSite(requests).map((url) => `${new URL(url).host}${new URL(url).pathname.replace(/\/watch\/.*/, '/watch/…')}`))].sort();
/** What the stubs of the tag manager and the counter are asked for on a page that tracks (tests/fixtures/third-party-stubs.ts), written out. */
const TRACKERS_CALLS = [
  'mc.yandex.ru/metrika/tag.js',
  'mc.yandex.ru/watch/…',
  'region1.google-analytics.com/g/collect',
  'www.googletagmanager.com/gtag/js',
  'www.googletagmanager.com/gtm.js',
];
const DEFAULT_DENIED =
  'consent default {"ad_storage":"denied","analytics_storage":"denied","ad_user_data":"denied","ad_personalization":"denied"}';
const UPDATE_GRANTED =
  'consent update {"ad_storage":"granted","analytics_storage":"granted","ad_user_data":"granted","ad_personalization":"granted"}';
const ajax = (requests: Request[], pathname: string) =>
  requests.filter((request) => new URL(request.url()).pathname === pathname).map((request) => request.postData() ?? '');
/** The data layer's entries: a gtag command as its arguments, an event by its name. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Array.isArray(entry) || (typeof entry === 'object' && entry !== null && 'length' in entry && !('event' in entry))
        ? `${String((entry as ArrayLike<unknown>)[0])} ${String((entry as ArrayLike<unknown>)[1])} ${JSON.stringify((entry as ArrayLike<unknown>)[2])}`
        : `event ${String((entry as { event?: unknown }).event)}`,
    ),
  );

describe('an opt-in market (de) with the tag manager and the counter configured', () => {
  const LANDING = '/promo/zenit/de/bonus20000/';
  test('before a choice nothing reaches another host, nothing is tracked; accept sends the signals first, then the tag manager, the counter, the view and the imprint', async () => {
    const watch = await openPage(LANDING, undefined, false);
    try {
      // The form opens the main site's session once the page is idle: by then the tag manager, the counter
      // and the view would all have been asked for on a page that allowed tracking.
      const idle = watch.page.waitForRequest((request) => new URL(request.url()).pathname === '/session.php', { timeout: 30_000 });
      await hydrated(watch.page);
      await idle;
      await watch.page.waitForFunction(() => document.readyState === 'complete');
      expect(offSite(watch.requests)).toEqual([]);
      expect(ajax(watch.requests, '/ajax/kafka/log')).toEqual([]);
      expect(ajax(watch.requests, '/ajax/cookie/imprint')).toEqual([]);
      // The plugin's own route events queue in memory (gatsby-route-change); the tag manager has not started.
      const waiting = await dataLayer(watch.page);
      expect(waiting[0]).toBe(
        'consent default {"ad_storage":"denied","analytics_storage":"denied","ad_user_data":"denied","ad_personalization":"denied"}',
      );
      expect(waiting.filter((entry) => !entry.startsWith('event gatsby-'))).toHaveLength(1);
      expect((await watch.context.cookies()).map((cookie) => cookie.name)).toEqual([]);

      const imprint = watch.page.waitForRequest((request) => new URL(request.url()).pathname === '/ajax/cookie/imprint', {
        timeout: 60_000,
      });
      await watch.page.getByRole('button', { name: de['consent.accept'] }).click();
      await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics]);
      const layer = (await dataLayer(watch.page)).filter((entry) => !entry.startsWith('event gatsby-'));
      expect(layer.slice(0, 3)).toEqual([DEFAULT_DENIED, UPDATE_GRANTED, 'event gtm.js']);
      // Every other host the page asked, after the accept: the tag manager's and the counter's, nothing else.
      expect(offSiteCalls(watch.requests)).toEqual(TRACKERS_CALLS);
      await imprint;
      expect(
        ajax(watch.requests, '/ajax/kafka/log')
          .map((body) => new URLSearchParams(body).get('action'))
          .slice(0, 2),
      ).toEqual(['consent_choice', 'view_landing']);
      expect(watch.violations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.refused).toEqual([]);
    } finally {
      await watch.context.close();
    }
  });

  test('after a refusal, on that page and after a reload, nothing goes, and the footer link brings the choice back', async () => {
    const watch = await openPage(LANDING, undefined, false);
    try {
      await hydrated(watch.page);
      await watch.page.getByRole('button', { name: de['consent.refuse'] }).click();
      // The refusal's own event (consent_choice) closes the window of the refused page: nothing went before it.
      await sent(watch, 'consent_choice');
      expect(offSite(watch.requests)).toEqual([]);
      expect(await dataLayer(watch.page).then((layer) => layer.filter((entry) => !entry.startsWith('event gatsby-')))).toEqual([
        DEFAULT_DENIED,
      ]);
      await watch.page.reload();
      const idle = watch.page.waitForRequest((request) => new URL(request.url()).pathname === '/session.php', { timeout: 30_000 });
      await hydrated(watch.page);
      await idle;
      await watch.page.waitForFunction(() => document.readyState === 'complete');
      expect(offSite(watch.requests)).toEqual([]);
      expect(ajax(watch.requests, '/ajax/kafka/log').map((body) => new URLSearchParams(body).get('action'))).toEqual(['consent_choice']);
      expect(ajax(watch.requests, '/ajax/cookie/imprint')).toEqual([]);
      await watch.page.getByRole('button', { name: de['consent.settings'] }).click();
      await watch.page.getByRole('button', { name: de['consent.accept'] }).click();
      await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics]);
      expect(watch.violations).toEqual([]);
    } finally {
      await watch.context.close();
    }
  });
});

describe('an opt-out market (ru) with the tag manager and the counter configured, before any choice', () => {
  test('the signals go first (denied, then granted), then the tag manager, the counter and the view; no other host', async () => {
    const watch = await openPage('/promo/zenit/ru/bonus20000/', undefined, false);
    try {
      await hydrated(watch.page);
      await stepsDone(watch.page, [...THIRD_PARTY_STEPS.tagManager, ...THIRD_PARTY_STEPS.metrics]);
      const layer = (await dataLayer(watch.page)).filter((entry) => !entry.startsWith('event gatsby-'));
      expect(layer.slice(0, 3)).toEqual([DEFAULT_DENIED, UPDATE_GRANTED, 'event gtm.js']);
      expect(offSiteCalls(watch.requests)).toEqual(TRACKERS_CALLS);
      await sent(watch, 'view_landing');
      expect(watch.violations).toEqual([]);
      expect(watch.refused).toEqual([]);
    } finally {
      await watch.context.close();
    }
  });
});
