/**
 * Hostile input: the corpus of tests/fixtures/hostile-payloads.ts through every captured URL
 * parameter (spec 4: zpartner_uid, code, promocode, promo_code), every registration field and the
 * rules HTML (spec 7 /ajax/html/get). Nothing may run (the sentinel and the dialog event stay silent,
 * the page's CSP reports no violation), no element may be injected, no link may leave the site or
 * carry a value unencoded, and what the page stores keeps the spec 5 rules.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { HOSTILE_PAYLOADS, SENTINEL, isDangerousHref, type HostilePayload } from '../fixtures/hostile-payloads';
import { expect, test, waitForPreloaderToLift } from './fixtures';
import { tally } from './tally';

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));

test.use({ serviceWorkers: 'block' });
// Independent pages: the two workers share the tests of this file.
test.describe.configure({ mode: 'parallel' });

/** A ru landing with a birth date field, a promo code of its own and the rules button. */
const LANDING = '/promo/zenit/ru/bonus30000/';
const CAPTURED = ['zpartner_uid', 'code', 'promocode', 'promo_code'] as const;
/** Spec 4: the promo code parameters, the most specific first. */
const PROMO_PARAMS = ['promo_code', 'promocode', 'code'] as const;
/** Spec 5, written out here so the test does not lean on the code it checks. */
const UID_RULE = /^[a-z0-9]{1,36}$/;
const PROMO_RULE = /^[\p{L}\p{Nd}]{1,32}$/u;
/** Hosts whose scripts the page may load (captcha, tag manager, metrics); the fixture aborts their requests anyway. */
const THIRD_PARTY_SCRIPT_HOSTS = new Set([
  'www.google.com',
  'www.gstatic.com',
  'www.recaptcha.net',
  'www.googletagmanager.com',
  'mc.yandex.ru',
]);
/**
 * The stand-in (Node) refuses request heads over 16 KB. A partner link that long is answered here as a
 * front server that takes it would: the page as for the short URL, sent with `Referrer-Policy: origin`
 * so its own requests do not repeat the link in their Referer; Gatsby's page-data request, which
 * carries the query too, gets its data without it.
 */
const LONGEST_SERVED_URL = 8_000;

interface Watch {
  /** Sentinel calls and dialogs: each one means something ran. */
  hits: string[];
  /** CSP violations on the page ("directive sample"): something tried to run. */
  csp: string[];
  /** Uncaught errors on the page. */
  pageErrors: string[];
  /** partnerUid values sent with tracking events. */
  trackedUids: unknown[];
}

async function watch(page: Page): Promise<Watch> {
  const w: Watch = { hits: [], csp: [], pageErrors: [], trackedUids: [] };
  await page.exposeBinding(SENTINEL, (_source, label: unknown) => {
    w.hits.push(`sentinel called: ${String(label)}`);
  });
  await page.exposeBinding('__cspViolation', (_source, report: unknown) => {
    w.csp.push(String(report));
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation?: (text: string) => void }).__cspViolation;
      report?.(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  // As script text, not through eval: the page's CSP forbids eval.
  await page.addInitScript(
    `Object.defineProperty(window, ${JSON.stringify(COLLECTOR)}, { value: () => (${collectSnapshot.toString()})(${JSON.stringify(SENTINEL)}) });`,
  );
  page.on('dialog', (dialog) => {
    w.hits.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => w.pageErrors.push(String(error)));
  page.on('request', (request: Request) => {
    if (!request.url().includes('/ajax/kafka/log')) return;
    const findUids = (value: unknown): void => {
      if (!value || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'partnerUid') w.trackedUids.push(inner);
        else findUids(inner);
      }
    };
    try {
      findUids(request.postDataJSON());
    } catch {
      // A body that is not JSON carries no partner uid to check.
    }
  });
  // Long partner links: the stand-in cannot take the request line, a real main site behind nginx can.
  await page.route(
    (url) => /^(localhost|127\.0\.0\.1)$/.test(url.hostname) && url.href.length > LONGEST_SERVED_URL,
    async (route) => {
      const short = new URL(route.request().url());
      short.search = '';
      const response = await route.fetch({ url: short.href, headers: { ...route.request().headers(), referer: short.origin } });
      const headers = route.request().isNavigationRequest() ? { ...response.headers(), 'referrer-policy': 'origin' } : response.headers();
      await route.fulfill({ response, headers });
    },
  );
  return w;
}

interface Snapshot {
  hrefs: string[];
  scripts: string[];
  injected: string[];
  storage: Record<string, string>;
  url: string;
}

/** Everything a hostile value could have changed, read in the page: installed in every document by watch(). */
function collectSnapshot(sentinel: string): Snapshot {
  const injected: string[] = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href', 'poster', 'background'];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['iframe', 'frame', 'object', 'embed', 'base', 'applet'].includes(tag)) injected.push(`<${tag}>`);
    if (tag === 'meta' && /refresh/i.test(element.getAttribute('http-equiv') ?? '')) injected.push('<meta http-equiv=refresh>');
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) injected.push(`<${tag} ${name}>`);
      // A form field shows what was typed (React mirrors it into the value attribute): inert text.
      if (value.includes(sentinel) && !(name === 'value' && tag === 'input')) injected.push(`<${tag} ${name}> holds the sentinel`);
      if (urlAttributes.includes(name)) {
        const read = value.replace(/[\u0000-\u0020\u007f-\u00a0\u2028\u2029\ufeff]/g, '');
        // gatsby-plugin-image's placeholders: an image, never a document, so nothing in it runs.
        const placeholder = tag === 'img' && name === 'src' && /^data:image\//i.test(read);
        if (/^(?:javascript|data|vbscript):/i.test(read) && !placeholder) injected.push(`<${tag} ${name}="${value.slice(0, 60)}">`);
      }
    }
  }
  const storage: Record<string, string> = {};
  for (let i = 0; i < localStorage.length; i++) storage[localStorage.key(i)!] = localStorage.getItem(localStorage.key(i)!)!;
  return {
    // The rules dialog holds the main site's own links (any http(s) address): checked on their own.
    hrefs: [...document.querySelectorAll('a[href], area[href]')].filter((a) => !a.closest('dialog')).map((a) => a.getAttribute('href')!),
    scripts: [...document.scripts].map((s) => (s.getAttribute('src') !== null ? `src:${s.src}` : `inline:${s.text}`)),
    injected,
    storage,
    url: location.href,
  };
}

const COLLECTOR = '__hostileSnapshot';

async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate((name) => (window as unknown as Record<string, () => Snapshot>)[name](), COLLECTOR);
}

interface Baseline {
  origin: string;
  defaultCode: string;
  inlineScripts: Set<string>;
  /** Links as a clean load has them, the promo_code value replaced by a placeholder. */
  links: Set<string>;
  /** The paths (before "?") of the clean load's links. */
  paths: Set<string>;
  storage: Record<string, string>;
}

/** Spec 2 match links: the odds cards arrive from the line call after the page, so a clean load may not have them yet. */
const MATCH_LINK = /^\/(m\/)?line\/[a-z0-9-]+\/\d+_[a-z0-9а-яё%-]*\/\d+_[a-z0-9а-яё%-]*-[a-z0-9а-яё%-]*$/;

const CODE_PLACEHOLDER = '{promo_code}';
const withoutCode = (href: string) => href.replace(/([?&]promo_code=)[^&]*/, `$1${CODE_PLACEHOLDER}`);
const pathOf = (href: string) => href.split('?', 1)[0];

function baselineOf(snap: Snapshot): Baseline {
  const login = snap.hrefs.find((href) => href.includes('promo_code='))!;
  return {
    origin: new URL(snap.url).origin,
    defaultCode: new URLSearchParams(login.split('?')[1]).get('promo_code')!,
    inlineScripts: new Set(snap.scripts.filter((s) => s.startsWith('inline:'))),
    links: new Set(snap.hrefs.map(withoutCode)),
    paths: new Set(snap.hrefs.map(pathOf)),
    storage: snap.storage,
  };
}

async function takeBaseline(page: Page): Promise<Baseline> {
  await page.goto(LANDING);
  await waitForPreloaderToLift(page);
  return baselineOf(await snapshot(page));
}

/**
 * Checks common to every channel: nothing ran, nothing was injected, no foreign script, no link off
 * the site or carrying a raw value. Collected as a list and asserted once per look: thousands of
 * separate expect() calls would each become a reported step.
 */
function problemsOf(w: Watch, snap: Snapshot, base: Baseline, expectedCode?: string, { inertParse = false } = {}): string[] {
  const problems: string[] = [];
  const fail = (condition: boolean, problem: string) => {
    if (condition) problems.push(problem);
  };
  problems.push(...w.hits);
  // The sanitiser parses hostile markup in an inert document (DOMParser); Chromium still reports its
  // handler attributes (script-src-attr) and <base href> (base-uri) as violations, though nothing can
  // run or resolve there. An attribute or a <base> that reached the live page is caught as injected.
  const csp = inertParse ? w.csp.filter((report) => !/^(script-src-attr|base-uri) /.test(report)) : w.csp;
  problems.push(...csp.map((report) => `the page's CSP blocked: ${report}`));
  problems.push(...w.pageErrors.map((error) => `uncaught: ${error}`));
  problems.push(...snap.injected.map((element) => `injected: ${element}`));
  for (const script of snap.scripts) {
    if (script.startsWith('inline:')) {
      fail(!base.inlineScripts.has(script), `an inline script the build did not write: ${script.slice(0, 120)}`);
      continue;
    }
    const src = new URL(script.slice(4));
    const fromBuild = src.origin === base.origin && src.pathname.startsWith('/promo/') && src.pathname.endsWith('.js');
    fail(!fromBuild && !THIRD_PARTY_SCRIPT_HOSTS.has(src.host), `a script from ${src.href.slice(0, 120)}`);
  }
  for (const href of snap.hrefs) {
    const link = `link ${href.slice(0, 140)}`;
    fail(isDangerousHref(href), `${link}: runs code or leaves the site`);
    if (base.links.has(withoutCode(href)) && !href.includes('promo_code=')) continue; // social, tel:, #offer: as built
    // Printable ASCII only, nothing that closes an attribute: every value in a link is percent-encoded.
    fail(!/^[\x21-\x7e]+$/.test(href), `${link}: a raw character`);
    fail(/[<>"`\\]/.test(href), `${link}: a markup character or a backslash`);
    fail(new URL(href, base.origin).origin !== base.origin, `${link}: leaves the site`);
    fail(!base.paths.has(pathOf(href)) && !MATCH_LINK.test(pathOf(href)), `${link}: a path a clean load does not have`);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    // The landing's own parameters, once each and as built (spec 2 "Link helper").
    for (const name of ['promo_code', 'country_id', 'lang_id', 'sourceScreen'])
      fail(query.getAll(name).length !== 1, `${link}: ${name} not there exactly once`);
    fail(query.get('sourceScreen') !== 'landing', `${link}: sourceScreen is not "landing"`);
    fail(query.has('zpartner_uid'), `${link}: carries the partner id`);
    if (expectedCode === undefined) continue;
    fail(query.get('promo_code') !== expectedCode, `${link}: promo_code is not ${expectedCode}`);
    fail(!/^[A-Za-z0-9%]+$/.test(href.match(/[?&]promo_code=([^&]*)/)?.[1] ?? ''), `${link}: promo_code not URL-encoded`);
  }
  fail(new URL(snap.url).origin !== base.origin, `the page left the site: ${snap.url.slice(0, 120)}`);
  return problems;
}

function storageProblems(storage: Record<string, string>): string[] {
  return Object.entries(storage)
    .filter(([, value]) => value.includes(SENTINEL) || /[<>]/.test(value))
    .map(([key]) => `storage ${key} holds markup`);
}

/** What the page must hold after a load of `query`, per spec 4 and 5, given what it held before. */
function expectedState(query: string, before: { uid: string | null; code: string | null }) {
  const params = new URLSearchParams(query);
  const last = (name: string) => params.getAll(name).at(-1) ?? null;
  const uid = last('zpartner_uid');
  const code = PROMO_PARAMS.map((name) => last(name)?.trim() ?? '').find((value) => PROMO_RULE.test(value));
  return { uid: uid !== null && UID_RULE.test(uid) ? uid : before.uid, code: code ?? before.code };
}

/**
 * Loads the landing with `query`, checks it and returns what it now holds. The tests keep a stored code
 * other than the landing's own, so links showing the expected code prove the capture has run.
 */
async function loadWith(
  page: Page,
  w: Watch,
  base: Baseline,
  query: string,
  before: { uid: string | null; code: string | null },
  what: string,
) {
  w.trackedUids.length = 0;
  const expected = expectedState(query, before);
  await page.goto(`${LANDING}?${query}`, { waitUntil: 'domcontentloaded' });
  // Captured values reach the links once the page has hydrated (spec 4): no need to sit out the preloader's 600 ms.
  // The marker proves the links are read in the new document, not in the one being left.
  await page.evaluate(() => ((window as unknown as { __hostileLoad?: boolean }).__hostileLoad = true));
  await page
    .waitForFunction(
      (code) =>
        (window as unknown as { __hostileLoad?: boolean }).__hostileLoad === true &&
        [...document.querySelectorAll('a[href*="promo_code="]')].some(
          (a) => new URLSearchParams(a.getAttribute('href')!.split('?')[1]).get('promo_code') === code,
        ),
      expected.code ?? base.defaultCode,
      { timeout: 20_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${what}: the links never carried promo_code ${expected.code ?? base.defaultCode}: ${error.message}`);
    });
  const snap = await snapshot(page);
  const problems = problemsOf(w, snap, base, expected.code ?? base.defaultCode);
  if (new URL(snap.url).pathname !== LANDING) problems.push(`the landing redirected to ${snap.url.slice(0, 120)}`);
  // Spec 5: an invalid partner id is dropped; what is stored keeps its rule.
  if ((snap.storage.zpartner_uid ?? null) !== expected.uid)
    problems.push(`stored zpartner_uid ${snap.storage.zpartner_uid?.slice(0, 60)}, expected ${expected.uid}`);
  if ((snap.storage.promo_code ?? null) !== expected.code)
    problems.push(`stored promo_code ${snap.storage.promo_code?.slice(0, 60)}, expected ${expected.code}`);
  problems.push(...storageProblems(snap.storage));
  for (const uid of w.trackedUids) {
    if (!(uid === null || uid === undefined || uid === '' || (typeof uid === 'string' && UID_RULE.test(uid))))
      problems.push(`tracked partnerUid ${String(uid).slice(0, 60)}`);
  }
  expect(problems, what).toEqual([]);
  return expected;
}

const queryOf = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

/** Three parts, so the two workers share the page loads. */
const PARTS = 3;
const partSize = Math.ceil(HOSTILE_PAYLOADS.length / PARTS);
const parts = Array.from({ length: PARTS }, (_, i) => HOSTILE_PAYLOADS.slice(i * partSize, (i + 1) * partSize));

parts.forEach((payloads, index) => {
  test(`URL parameters, part ${index + 1}: each payload in zpartner_uid, code, promocode and promo_code at once`, async ({
    page,
    consoleErrors: _blockThirdParties,
  }) => {
    test.setTimeout(240_000);
    const w = await watch(page);
    const base = await takeBaseline(page);
    // Start from stored valid values, so a dropped hostile value visibly leaves them in place.
    let state = await loadWith(
      page,
      w,
      base,
      queryOf([
        ['zpartner_uid', 'partner42'],
        ['promo_code', 'STORED1'],
      ]),
      { uid: null, code: null },
      'valid values',
    );
    expect(state).toEqual({ uid: 'partner42', code: 'STORED1' });
    for (const payload of payloads) {
      state = await loadWith(page, w, base, queryOf(CAPTURED.map((name) => [name, payload.value])), state, payload.label);
    }
    tally('payloads', payloads.length * CAPTURED.length);
  });
});

test('URL parameters alone and in precedence: the last occurrence counts, an invalid code does not hide a valid one', async ({
  page,
  consoleErrors: _blockThirdParties,
}) => {
  test.setTimeout(240_000);
  const w = await watch(page);
  const base = await takeBaseline(page);
  const picked = ['attr-double-quote-img', 'redirect-slash-backslash', 'upper-case-uid', 'overlong-uid-alphabet', 'padded-code'].map(
    (label) => HOSTILE_PAYLOADS.find((p) => p.label === label)!,
  );
  // A stored code other than the landing's own: the links then show when the page has captured (see loadWith).
  let state = await loadWith(
    page,
    w,
    base,
    queryOf([
      ['zpartner_uid', 'partner42'],
      ['promo_code', 'STORED1'],
    ]),
    { uid: null, code: null },
    'valid values',
  );
  let pairs = 0;
  for (const payload of picked) {
    // Each parameter alone, after a valid value of the same name (last occurrence).
    for (const name of CAPTURED) {
      const valid = name === 'zpartner_uid' ? 'good1' : 'GOOD1';
      state = await loadWith(
        page,
        w,
        base,
        queryOf([
          [name, valid],
          [name, payload.value],
        ]),
        state,
        `${payload.label} alone in ${name}`,
      );
      pairs++;
    }
    // The hostile value in the most specific promo parameters, a valid one in the least specific.
    state = await loadWith(
      page,
      w,
      base,
      queryOf([
        ['promo_code', payload.value],
        ['promocode', payload.value],
        ['code', 'FALLBACK7'],
      ]),
      state,
      `${payload.label} before code`,
    );
    const given = new URLSearchParams(queryOf([['v', payload.value]])).get('v')!.trim();
    expect(state.code, `${payload.label} before code`).toBe(PROMO_RULE.test(given) ? given : 'FALLBACK7');
    pairs += 2;
  }
  tally('payloads', pairs);
});

async function openForm(page: Page) {
  await page.locator('#offer a:visible').first().click();
  await expect(page.getByLabel(ru['reg.password'])).toBeVisible({ timeout: 15_000 });
}

/**
 * Puts `value` into each field as a paste or an autofill would (focus, the value, an input event, blur),
 * then presses submit, all in one round trip: a hundred payloads times five fields stay quick. The value
 * is set past maxlength (which only limits typing), so the whole payload reaches the form's state. A
 * date input sanitises anything that is not a date to "" itself.
 */
async function pushIntoFields(page: Page, ids: readonly string[], value: string): Promise<{ pushed: number; snap: Snapshot }> {
  return page.evaluate(
    async ({ ids, value, collector }) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      let pushed = 0;
      for (const id of ids) {
        const input = document.getElementById(id) as HTMLInputElement | null;
        if (!input) continue;
        input.focus();
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
        input.blur();
        pushed++;
      }
      document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.click();
      // Let React render the field errors before anyone looks.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return { pushed, snap: (window as unknown as Record<string, () => Snapshot>)[collector]() };
    },
    { ids, value, collector: COLLECTOR },
  );
}

/** The registration calls never reach the stand-in's shared record: answered here, bodies kept for inspection. */
async function stubRegistration(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route(/\/ajax\/(registration\/|account\/promo\/|account\/sms\/)/, async (route) => {
    bodies.push(route.request().postData() ?? '');
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' });
  });
  return bodies;
}

function multipartField(body: string, name: string): string | null {
  const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body);
  return match ? match[1] : null;
}

test('registration form: every payload in phone, password, promo code, birth date, then e-mail', async ({
  page,
  consoleErrors: _blockThirdParties,
}) => {
  test.setTimeout(240_000);
  const w = await watch(page);
  const sent = await stubRegistration(page);
  // Arrived through a partner link: the stored values must outlive everything typed below.
  await page.goto(`${LANDING}?zpartner_uid=partner42&promo_code=STORED1`);
  await waitForPreloaderToLift(page);
  await openForm(page);
  const base = await takeBaselineInPlace(page);
  const partnerKeys = (storage: Record<string, string>) => ({ uid: storage.zpartner_uid, code: storage.promo_code });
  const storedBefore = partnerKeys(base.storage);
  let pairs = 0;

  const check = (payload: HostilePayload, what: string, snap: Snapshot) => {
    const problems = [...problemsOf(w, snap, base), ...storageProblems(snap.storage)];
    // The form keeps what is typed in its state: nothing of it reaches storage (the imprint may arrive meanwhile).
    const stored = partnerKeys(snap.storage);
    if (stored.uid !== storedBefore.uid || stored.code !== storedBefore.code)
      problems.push(`typing changed the stored partner values: ${JSON.stringify(stored).slice(0, 120)}`);
    expect(problems, `${payload.label} in ${what}`).toEqual([]);
  };

  // Typed for real once, so the keyboard path (maxlength, the masks of a tel input) is covered too.
  const typed = HOSTILE_PAYLOADS.find((p) => p.label === 'attr-double-quote-img')!;
  for (const label of ['reg.phone', 'reg.password', 'reg.promoCode']) await page.getByLabel(ru[label]).fill(typed.value);
  await page.getByRole('button', { name: ru['reg.submit'] }).click();
  check(typed, 'the phone form, typed', await snapshot(page));

  const phoneForm = ['reg-phone', 'reg-password', 'reg-promoCode', 'reg-birthdate'];
  for (const payload of HOSTILE_PAYLOADS) {
    const { pushed, snap } = await pushIntoFields(page, phoneForm, payload.value);
    expect(pushed, 'the phone form has its four fields').toBe(phoneForm.length);
    pairs += pushed;
    check(payload, 'the phone form', snap);
  }

  await page.getByRole('button', { name: ru['reg.byEmail'] }).click();
  await expect(page.getByLabel(ru['reg.email'])).toBeVisible();
  for (const payload of HOSTILE_PAYLOADS) {
    const { pushed, snap } = await pushIntoFields(page, ['reg-email'], payload.value);
    expect(pushed, 'the e-mail form has its e-mail field').toBe(1);
    pairs += pushed;
    check(payload, 'the e-mail field', snap);
  }

  // Whatever left the page keeps the spec 5 rules: a phone of + and digits, a promo code of letters and digits.
  for (const body of sent) {
    const phone = multipartField(body, 'phone');
    const promo = multipartField(body, 'promo_code');
    if (phone !== null) expect(phone).toMatch(/^\+?\d{1,18}$/);
    if (promo !== null && promo !== '') expect(promo).toMatch(PROMO_RULE);
  }
  tally('payloads', pairs);
});

/**
 * The window in which what the markup brought could still act: until every image on the page has loaded
 * or failed (its load and error handlers have run) and two frames have been drawn after that (autofocus,
 * focus handlers and animation events are dispatched in a frame's rendering steps). Lazy images never
 * load off screen, so they are left out.
 */
async function handlersHadTheirChance(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const loading = [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
    await Promise.all(
      loading.map(
        (image) =>
          new Promise((settled) => {
            image.addEventListener('load', settled, { once: true });
            image.addEventListener('error', settled, { once: true });
          }),
      ),
    );
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  });
}

/** A baseline taken on the page as it is (the form open), so the form's own scripts count as built. */
async function takeBaselineInPlace(page: Page): Promise<Baseline> {
  return baselineOf(await snapshot(page));
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const RULES_PER_OPEN = 8;

test('rules HTML: a hostile main-site answer, several payloads per opening of the dialog', async ({
  page,
  consoleErrors: _blockThirdParties,
}) => {
  test.setTimeout(240_000);
  const w = await watch(page);
  let html = '';
  // The stand-in's shape (server/stand-in/routes/html.ts): {result: {freebet_rules, lang}}.
  await page.route('**/ajax/html/get', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: { freebet_rules: html, lang: 'ru' } }) }),
  );
  const base = await takeBaseline(page);
  const button = page.getByRole('button', { name: ru['links.rules'] });
  const dialog = page.getByRole('dialog', { name: ru['rules.title'] });
  let pairs = 0;

  for (let start = 0; start < HOSTILE_PAYLOADS.length; start += RULES_PER_OPEN) {
    const batch = HOSTILE_PAYLOADS.slice(start, start + RULES_PER_OPEN);
    const marker = `batch-${start}`;
    html =
      `<div class="promo-rules"><p>${marker}</p><ol>` +
      batch.map((p) => `<li><p>${p.value}</p><p><a href="${attr(p.value)}">${p.label}</a></p></li>`).join('') +
      '</ol></div>';
    await button.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.body')).toHaveAttribute('aria-busy', 'false', { timeout: 10_000 });
    await expect(dialog).toContainText(marker);
    await handlersHadTheirChance(page);
    const what = `rules with ${batch.map((p) => p.label).join(', ')}`;
    const problems = problemsOf(w, await snapshot(page), base, base.defaultCode, { inertParse: true });
    const inDialog = await dialog.evaluate((element) => ({
      tags: [...element.querySelectorAll('.body *')].map((e) => e.tagName.toLowerCase()),
      hrefs: [...element.querySelectorAll('.body a[href]')].map((a) => a.getAttribute('href')!),
      attributes: [...element.querySelectorAll('.body *')].flatMap((e) => [...e.attributes].map((a) => a.name)),
    }));
    const allowed = new Set([
      'div',
      'p',
      'h2',
      'h3',
      'h4',
      'ol',
      'ul',
      'li',
      'strong',
      'b',
      'em',
      'i',
      'br',
      'span',
      'a',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ]);
    problems.push(...inDialog.tags.filter((tag) => !allowed.has(tag)).map((tag) => `the rules hold <${tag}>`));
    problems.push(
      ...inDialog.attributes.filter((name) => name !== 'href' && name !== 'class').map((name) => `the rules hold a ${name} attribute`),
    );
    for (const href of inDialog.hrefs) {
      // Spec 7 rules may link to http(s) addresses and to site paths; an empty href is the page itself.
      const read = href.replace(/[\u0000-\u0020]/g, '');
      if (read !== '' && !/^(?:https?:|\/(?![/\\]))/i.test(read))
        problems.push(`rules link ${href.slice(0, 80)}: neither http(s) nor a site path`);
      if (isDangerousHref(href)) problems.push(`rules link ${href.slice(0, 80)}: runs code or leaves the site`);
      if (read.startsWith('/') && new URL(href, base.origin + LANDING).origin !== base.origin)
        problems.push(`rules link ${href.slice(0, 80)}: leaves the site`);
    }
    expect(problems, what).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    pairs += batch.length;
  }
  // The dialog closed every time and the page is still the landing.
  expect(new URL(page.url()).pathname).toBe(LANDING);
  tally('payloads', pairs);
});

test('control: the detectors above see an injection when there is one', async ({ page, consoleErrors: _blockThirdParties }) => {
  const w = await watch(page);
  const base = await takeBaseline(page);
  expect(problemsOf(w, await snapshot(page), base, base.defaultCode), 'a clean load').toEqual([]);
  await page.evaluate((sentinel) => {
    document.body.insertAdjacentHTML('beforeend', `<img src="x" onerror="${sentinel}('control-img')"><a href="javascript:void 0">x</a>`);
    const script = document.createElement('script');
    script.text = `${sentinel}('control-script')`;
    document.body.append(script);
    document.querySelector('a[href*="promo_code="]')!.setAttribute('href', '/\\evil.example/?promo_code=X');
    (window as unknown as Record<string, (label: string) => void>)[sentinel]('control-direct');
    window.setTimeout(() => window.alert('control-dialog'), 0);
  }, SENTINEL);
  const expected: Array<[string, RegExp]> = [
    ['the sentinel', /sentinel called: control-direct/],
    ['the dialog', /dialog alert: control-dialog/],
    // The page's CSP stops the inline handler: reported, and shown as injected. A script element made by a
    // running script is trusted under 'strict-dynamic' (as webpack's chunks and the tag manager's are), so this
    // one runs: the sentinel hears it, and it shows as a script the build did not write.
    ['the CSP report of the handler', /CSP blocked: script-src-attr/],
    ['the script made by a script', /sentinel called: control-script/],
    ['the handler attribute', /injected: <img onerror>/],
    ['the javascript: link', /injected: <a href="javascript:/],
    ['the inline script', /an inline script the build did not write/],
    ['the off-site link', /link \/\\evil\.example.*runs code or leaves the site/],
  ];
  await expect
    .poll(
      async () => {
        const problems = problemsOf(w, await snapshot(page), base, base.defaultCode);
        return expected.filter(([, pattern]) => !problems.some((problem) => pattern.test(problem))).map(([name]) => name);
      },
      { message: 'what the detectors missed' },
    )
    .toEqual([]);
});
