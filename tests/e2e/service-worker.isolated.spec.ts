/**
 * The offline service worker (gatsby-plugin-offline), spec 2 and 8:
 * - registered for /promo/ only, and only over HTTPS or on localhost;
 * - a landing visited once opens again offline;
 * - after a redeploy the visitor sees the new build within one reload, never a blank page and never
 *   one build's page data with the other build's JavaScript; a client-side navigation in a page of
 *   the old build ends on the new page by a full navigation.
 *
 * Build A is the repository's public/ (override with SW_BUILD_A=dir). Build B is built here: a copy of
 * the tree with one offer changed and a marker in gatsby-browser, warm from public/ and .cache/
 * (SW_BUILD_B=dir reuses a build B made with the same edits, to iterate on the test without building).
 * Each build is served by its own stand-in (server/main.ts with PUBLIC_DIR) on its own port, and a
 * deploy swaps the served directory in place: same origin, so the same service worker meets build B.
 */
import { chromium, devices, type BrowserContext, type Page, type Request } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { expect, test, waitForHydration, waitForIslands, waitForPreloaderToLift } from './fixtures';
import {
  CHANGED,
  appChunk,
  DEPLOY_MARK,
  ROOT,
  buildChangedSite,
  compilationHash,
  copyDir,
  deploy,
  removeDir,
  startStandIn,
  tempDir,
  type StandIn,
} from './service-worker-deploys';

test.describe.configure({ mode: 'serial' });

const ru = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/i18n/ru.json'), 'utf8')) as Record<string, string>;

const BUILD_A = path.resolve(process.env.SW_BUILD_A || path.join(ROOT, 'public'));

/** The landing build B changes, and the amount of its offer in each build, grouped as the ru page shows it. */
const LANDING = `/promo/zenit/${CHANGED.country}/${CHANGED.slug}/`;
const grouped = (amount: number) => new Intl.NumberFormat('ru-RU').format(amount).replace(/\s+/g, ' ');
const OFFER_A = grouped(CHANGED.from);
const OFFER_B = grouped(CHANGED.to);

/** Files of a build's top level: its chunks, the only files a page of that build may load from there. */
function topLevelFiles(dir: string): Set<string> {
  return new Set(fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isFile()));
}

/** Only the stand-in on loopback answers; nothing may reach a third-party host. */
async function guard(context: BrowserContext): Promise<void> {
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => route.abort('blockedbyclient'));
}

const { defaultBrowserType: _browserType, ...PHONE } = devices['Pixel 5'];

/** A browser profile on disk: what a returning visitor brings along (service worker, caches, IndexedDB). */
async function openProfile(profileDir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profileDir, {
    ...PHONE,
    viewport: { width: 360, height: 640 },
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  await guard(context);
  return context;
}

/**
 * What the offline shell of the plugin needs to answer `pagePath` without the network (its own test
 * in sw-append.js): a controlling worker, the page's resource list in IndexedDB (written by the
 * plugin's gatsby-browser) and every resource of that list (chunks and page data) in the caches, and
 * what the loader fetches besides (app-data.json, static query results).
 */
async function offlineReadiness(page: Page, pagePath: string): Promise<string> {
  return page.evaluate(
    async (withoutPrefix) => {
      if (!navigator.serviceWorker.controller) return 'no controlling service worker';
      if (!(await indexedDB.databases()).some((db) => db.name === 'keyval-store')) return 'no resource list yet';
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('keyval-store');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const resources = await new Promise<unknown>((resolve, reject) => {
        const request = db.transaction('keyval').objectStore('keyval').get(`resources:${withoutPrefix}`);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      if (!Array.isArray(resources)) return `no resource list for ${withoutPrefix}`;
      // The loader needs these too (app data, static query results); src/features/offline re-fetches them through the worker.
      const pageData = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.includes('/promo/page-data/'));
      for (const url of [...(resources as string[]), ...pageData]) {
        if (!(await caches.match(url))) return `not cached: ${url}`;
      }
      return 'ready';
    },
    pagePath.replace(/^\/promo/, ''),
  );
}

async function waitUntilReadyOffline(page: Page, pagePath: string): Promise<void> {
  await expect.poll(() => offlineReadiness(page, pagePath), { timeout: 30_000, intervals: [250, 500, 1000] }).toBe('ready');
}

/** The app chunks in the worker's precache: one build's worker holds exactly its own. */
async function precachedAppChunks(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const file = new URL(request.url).pathname.split('/').pop() ?? '';
        if (/^app-.*\.js$/.test(file)) found.push(file);
      }
    }
    return found.sort();
  });
}

interface Seen {
  /** Every document load (navigation request) in the context, in order. */
  documents: string[];
  /** .js and .css requests under /promo/ that failed or answered an error status. */
  failedAssets: string[];
  /** .js and .css requests the browser cancelled because their document was left (a reload, the next visit). */
  cancelledByLeaving: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

function watch(context: BrowserContext): Seen {
  const seen: Seen = { documents: [], failedAssets: [], cancelledByLeaving: [], errors: [] };
  const isAsset = (url: string) => /\/promo\/[^?#]*\.(?:js|css)(?:[?#]|$)/.test(url);
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') seen.errors.push(message.text());
    });
    page.on('pageerror', (error) => seen.errors.push(`uncaught: ${String(error)}`));
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  // A file still loading when the document is left (the page's own reload, the next visit) is cancelled
  // by the browser: the visitor loses nothing, so only a failure within one document counts.
  const documentOf = new WeakMap<Request, number>();
  context.on('request', (request) => {
    if (request.isNavigationRequest() && request.resourceType() === 'document') seen.documents.push(new URL(request.url()).pathname);
    else documentOf.set(request, seen.documents.length);
  });
  context.on('response', (response) => {
    if (isAsset(response.url()) && response.status() >= 400) seen.failedAssets.push(`${response.status()} ${response.url()}`);
  });
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    const leftBehind = error === 'net::ERR_ABORTED' && documentOf.get(request) !== seen.documents.length;
    if (!isAsset(request.url())) return;
    if (leftBehind) seen.cancelledByLeaving.push(request.url());
    else seen.failedAssets.push(`${error} ${request.url()}`);
  });
  return seen;
}

function chunkErrors(seen: Seen): string[] {
  return seen.errors.filter((text) => /ChunkLoadError|Loading (?:CSS )?chunk|uncaught:/i.test(text));
}

/** Which build the page in front of the visitor comes from, by its offer text, JavaScript and compilation hash. */
async function pageState(page: Page) {
  return page.evaluate(
    async ({ mark }) => {
      const w = window as unknown as Record<string, unknown>;
      const appData = await fetch('/promo/page-data/app-data.json', { cache: 'no-store' }).then(
        (response) => response.json() as Promise<{ webpackCompilationHash: string }>,
        () => null,
      );
      const assets = [
        ...performance.getEntriesByType('resource').map((entry) => entry.name),
        ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (script) => script.src),
        ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href),
      ]
        .map((url) => new URL(url, location.href))
        .filter((url) => url.origin === location.origin && /^\/promo\/[^/]+\.(?:js|css)$/.test(url.pathname))
        .map((url) => url.pathname.slice('/promo/'.length));
      return {
        path: location.pathname,
        offer: document.querySelector('#offer h1')?.textContent?.replace(/\s+/g, ' ') ?? null,
        javascript: w[mark] === 'B' ? 'B' : 'A',
        pageHash: w.___webpackCompilationHash as string,
        servedHash: appData?.webpackCompilationHash ?? null,
        assets: [...new Set(assets)],
      };
    },
    { mark: DEPLOY_MARK },
  );
}

const SHOWN_KEY = '__swTestOffersShown';

/** Keeps every offer heading the tab renders, across reloads (sessionStorage), to prove what was never on screen. */
async function recordOffersShown(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    const note = () => {
      const text = document.querySelector('#offer h1')?.textContent?.replace(/\s+/g, ' ');
      if (!text) return;
      const shown = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      if (shown[shown.length - 1] !== text) sessionStorage.setItem(key, JSON.stringify([...shown, text]));
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
  }, SHOWN_KEY);
}

async function offersShown(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], SHOWN_KEY);
}

/** The offer heading with its spaces made plain (amounts are grouped with no-break spaces). */
async function offerText(page: Page): Promise<string | null> {
  const text = await page
    .locator('#offer h1')
    .textContent({ timeout: 1000 })
    .catch(() => null);
  return text === null ? null : text.replace(/\s+/g, ' ');
}

test.describe('registration', () => {
  test('on localhost the worker is registered for /promo/ and controls the landings, not the main site', async ({ page, context }) => {
    await page.goto(LANDING);
    await waitForPreloaderToLift(page);
    const origin = new URL(page.url()).origin;
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL ?? null };
    });
    expect(registration).toEqual({ scope: `${origin}/promo/`, script: `${origin}/promo/sw.js` });
    await expect.poll(() => context.serviceWorkers().map((worker) => worker.url())).toEqual([`${origin}/promo/sw.js`]);
    // No registration reaches above the base path: the main site's own pages stay out of its control.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((found) => found?.scope ?? null))).toBeNull();
    await page.goto('/registration');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });

  test('over plain HTTP on 127.0.0.1 (not "localhost") Gatsby registers no worker and says why', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const port = new URL(test.info().project.use.baseURL ?? 'http://localhost:9310').port;
    await page.goto(`http://127.0.0.1:${port}${LANDING}`);
    await waitForPreloaderToLift(page);
    await expect(page.locator('#offer h1')).toBeVisible();
    // Chromium would allow a worker here (127.0.0.1 is a secure context); Gatsby's own condition refuses.
    expect(await page.evaluate(() => window.isSecureContext && 'serviceWorker' in navigator)).toBe(true);
    await expect.poll(() => consoleErrors.some((text) => text.includes('Service workers can only be used over HTTPS'))).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
    expect(context.serviceWorkers()).toHaveLength(0);
  });

  test('on a named host over plain HTTP there is no worker, and the landing works without one', async () => {
    const standIn = await startStandIn(BUILD_A);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP promo.test 127.0.0.1'],
    });
    try {
      const context = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 640 } });
      await context.route(/^(?!http:\/\/promo\.test[:/]).*/, (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      // Gatsby's registration step says so when it registers nothing: the window for a worker ends there.
      const refused = page.waitForEvent('console', {
        predicate: (message) => message.text().includes('Service workers can only be used over HTTPS'),
      });
      await page.goto(`http://promo.test:${standIn.port}${LANDING}`);
      await waitForPreloaderToLift(page);
      await expect(page.locator('#offer h1')).toContainText(OFFER_A);
      expect(await page.evaluate(() => ({ secure: window.isSecureContext, api: 'serviceWorker' in navigator }))).toEqual({
        secure: false,
        api: false,
      });
      await refused;
      expect(context.serviceWorkers()).toHaveLength(0);
    } finally {
      await browser.close();
      await standIn.stop();
    }
  });
});

test.describe('offline', () => {
  let standIn: StandIn | undefined;

  test.afterEach(async () => {
    await standIn?.stop();
    standIn = undefined;
  });

  test('a landing visited once opens again with the network gone: content, not the browser error page', async ({ page, context }) => {
    standIn = await startStandIn(BUILD_A);
    const url = `${standIn.origin}${LANDING}`;
    await page.goto(url);
    await waitForPreloaderToLift(page);
    const offer = await page.locator('#offer h1').textContent();
    await waitUntilReadyOffline(page, LANDING);

    // Offline for real: the browser says so and the server is gone too, so nothing can answer but the worker.
    await standIn.stop();
    await context.setOffline(true);
    const response = await page.goto(url);
    expect(response?.fromServiceWorker()).toBe(true);
    // Offline nothing can be registered or started: the content must be there, whether the form's code comes alive or not.
    await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer ?? '');
    await expect(page.locator('#offer a:visible').first()).toBeVisible();
    expect(await page.evaluate(() => document.body.innerText.trim().length)).toBeGreaterThan(100);
  });

  test('a landing reloaded from the worker (its app shell, rendered without server HTML) has a form that answers', async ({ page }) => {
    standIn = await startStandIn(BUILD_A);
    const url = `${standIn.origin}${LANDING}`;
    await page.goto(url);
    await waitForPreloaderToLift(page);
    await waitUntilReadyOffline(page, LANDING);

    const response = await page.goto(url);
    expect(response?.fromServiceWorker()).toBe(true);
    // The worker answers with the plugin's app shell, not the landing's HTML: React renders the page here.
    expect(await response!.text()).not.toContain('data-island');
    await expect(page.locator('[data-island="registration"]')).toHaveCount(1);
    // The form's island says it is live however it came (hydrated or rendered), so nothing waits on it for ever.
    await waitForIslands(page);
    await page.getByRole('button', { name: ru['reg.byEmail'] }).click();
    await expect(page.getByLabel(ru['reg.email'])).toBeVisible();
    await page.getByRole('button', { name: ru['reg.submit'] }).click();
    // The form's own check answered, in the page: no visit to the main site's registration.
    await expect(page.getByLabel(ru['reg.email'])).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).pathname).toBe(LANDING);
  });

  test('a landing reloaded from the worker is dressed in its brand from the first moment its heading is there', async ({ page }) => {
    standIn = await startStandIn(BUILD_A);
    const url = `${standIn.origin}${LANDING}`;
    await page.goto(url);
    await waitForPreloaderToLift(page);
    await waitUntilReadyOffline(page, LANDING);
    // The page's colours at the moment the heading is attached, before any frame can show it: a
    // mutation observer's call comes after the DOM change and before the browser renders it.
    await page.addInitScript(() => {
      const seen = window as unknown as { __coloursAtHeading?: string[] };
      const observer = new MutationObserver(() => {
        if (!document.querySelector('#offer h1')) return;
        const body = getComputedStyle(document.body);
        seen.__coloursAtHeading = [body.backgroundColor, body.color];
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // zenit's page colours (styles/themes.ts): #0b1f3a under white text.
    const ZENIT = ['rgb(11, 31, 58)', 'rgb(255, 255, 255)'];
    for (let reload = 0; reload < 3; reload++) {
      const response = await page.goto(url);
      expect(response?.fromServiceWorker()).toBe(true);
      // The app shell, not the landing's HTML: React renders the whole page.
      expect(await response!.text()).not.toContain('id="offer-title"');
      await expect(page.locator('#offer h1')).toBeVisible();
      const colours = await page.evaluate(() => (window as unknown as { __coloursAtHeading?: string[] }).__coloursAtHeading);
      expect(colours, `the page's colours as its heading came, reload ${reload + 1}`).toEqual(ZENIT);
    }
  });
});

test.describe('a redeploy', () => {
  let buildB = '';
  let builtSite = '';
  const temps: string[] = [];
  const standIns: StandIn[] = [];
  const contexts: BrowserContext[] = [];

  test.beforeAll(async () => {
    test.setTimeout(8 * 60_000);
    if (process.env.SW_BUILD_B) {
      buildB = path.resolve(process.env.SW_BUILD_B);
      return;
    }
    const started = Date.now();
    const built = await buildChangedSite(path.join(test.info().outputDir, 'build-b.log'));
    builtSite = built.siteDir;
    buildB = built.publicDir;
    console.log(`[service worker] build B: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });

  test.afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    for (const standIn of standIns.splice(0)) await standIn.stop();
    for (const dir of temps.splice(0)) removeDir(dir);
    if (builtSite) removeDir(builtSite);
  });

  /** A served directory holding build A, its own stand-in, and build B ready to be swapped in. */
  async function site(): Promise<{ standIn: StandIn; deployB: () => void; profile: string; onlyA: Set<string> }> {
    const dir = tempDir('deploy');
    temps.push(dir);
    const live = path.join(dir, 'live');
    copyDir(BUILD_A, live);
    copyDir(buildB, path.join(dir, 'next'));
    const standIn = await startStandIn(live);
    standIns.push(standIn);
    const filesB = topLevelFiles(buildB);
    const onlyA = new Set([...topLevelFiles(BUILD_A)].filter((name) => !filesB.has(name) && /\.(?:js|css)$/.test(name)));
    return {
      standIn,
      deployB: () => deploy(live, path.join(dir, 'next'), path.join(dir, 'retired')),
      profile: path.join(dir, 'profile'),
      onlyA,
    };
  }

  async function open(profile: string): Promise<BrowserContext> {
    const context = await openProfile(profile);
    contexts.push(context);
    return context;
  }

  async function close(context: BrowserContext): Promise<void> {
    contexts.splice(contexts.indexOf(context), 1);
    await context.close();
  }

  async function expectWholeBuildB(page: Page, onlyA: Set<string>): Promise<void> {
    const hashB = compilationHash(buildB);
    const filesB = topLevelFiles(buildB);
    const state = await pageState(page);
    expect(state.offer).toContain(OFFER_B);
    expect(state.javascript).toBe('B');
    expect(state.pageHash).toBe(hashB);
    expect(state.servedHash).toBe(hashB);
    expect(state.assets.length).toBeGreaterThan(0);
    expect(
      state.assets.filter((name) => onlyA.has(name)),
      'assets of build A in a page of build B',
    ).toEqual([]);
    expect(
      state.assets.filter((name) => !filesB.has(name)),
      'assets that build B does not have',
    ).toEqual([]);
  }

  test("a returning visitor sees build B with at most one reload (by the page itself), never build A's offer, a blank page or a mix of builds", async () => {
    test.setTimeout(3 * 60_000);
    expect(compilationHash(buildB)).not.toBe(compilationHash(BUILD_A));
    const { standIn, deployB, profile, onlyA } = await site();
    const url = `${standIn.origin}${LANDING}`;

    // First visit, build A: the worker installs and caches the landing.
    let context = await open(profile);
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await waitForPreloaderToLift(page);
    await expect(page.locator('#offer h1')).toContainText(OFFER_A);
    await waitUntilReadyOffline(page, LANDING);
    await close(context);

    deployB();

    // Back again with the same browser profile: the worker of build A meets build B on the server.
    context = await open(profile);
    await recordOffersShown(context);
    const seen = watch(context);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    // The visitor does nothing: at most one reload, made by the page itself (Gatsby reloads when the
    // served app-data.json names another webpack compilation than the page's own JavaScript).
    await expect.poll(() => offerText(page), { timeout: 20_000, message: `build B's offer on ${LANDING}` }).toContain(OFFER_B);
    const loads = seen.documents.filter((pathname) => pathname === LANDING).length;
    expect(loads, `document loads of ${LANDING}: ${seen.documents.join(', ')}`).toBeLessThanOrEqual(2);
    // Build A's offer was never on screen, not even for a moment before that reload.
    const shown = await offersShown(page);
    expect(shown).toContainEqual(expect.stringContaining(OFFER_B));
    expect(shown).not.toContainEqual(expect.stringContaining(OFFER_A));
    await waitForPreloaderToLift(page);
    await expect(page.locator('#offer a:visible').first()).toBeVisible();
    await expectWholeBuildB(page, onlyA);

    // Once the worker of build B is active (its precache holds B's app chunk, A's is gone), a further
    // visit is answered from its offline shell and shows build B straight away, with no reload.
    await expect
      .poll(() => precachedAppChunks(page), { timeout: 30_000, message: 'the worker of build B takes over' })
      .toEqual([appChunk(buildB)]);
    const before = seen.documents.length;
    await page.goto(url);
    await expect.poll(() => offerText(page), { timeout: 15_000 }).toContain(OFFER_B);
    expect(seen.documents.slice(before), 'no further reload').toEqual([LANDING]);
    await waitForPreloaderToLift(page);
    await expectWholeBuildB(page, onlyA);

    expect(seen.failedAssets, `script and style requests that failed (document loads: ${seen.documents.join(' → ')})`).toEqual([]);
    expect(chunkErrors(seen), 'chunk load failures and uncaught errors').toEqual([]);
    test.info().annotations.push({
      type: 'service worker',
      description: `document loads after the deploy: ${seen.documents.join(' → ')}; files cancelled by leaving a document: ${seen.cancelledByLeaving.length ? seen.cancelledByLeaving.join(', ') : 'none'}`,
    });
  });

  test('a client-side navigation in a page of build A after build B is deployed ends on the B page by a full navigation', async () => {
    test.setTimeout(2 * 60_000);
    const { standIn, deployB, profile, onlyA } = await site();
    const context = await open(profile);
    const page = context.pages()[0] ?? (await context.newPage());

    // The /promo/ index of build A, left open while build B goes live.
    await page.goto(`${standIn.origin}/promo/`);
    await waitUntilReadyOffline(page, '/promo/');
    expect((await pageState(page)).javascript).toBe('A');
    deployB();

    const seen = watch(context);
    // The index links to every brand's languages; the Zenit "ru" entry is the landing build B changed.
    const link = page.locator(`a[href="${LANDING}"]`).first();
    // Hydrated, so the click is the router's: the full navigation asserted below is the update handling's doing.
    await waitForHydration(link);
    await link.click();
    await expect(page).toHaveURL(`${standIn.origin}${LANDING}`);
    await expect.poll(() => offerText(page), { timeout: 15_000 }).toContain(OFFER_B);
    expect(seen.documents, 'the move to the new build is a full navigation').toContain(LANDING);
    await waitForPreloaderToLift(page);
    await expectWholeBuildB(page, onlyA);
    expect(chunkErrors(seen), 'chunk load failures and uncaught errors').toEqual([]);
  });
});
