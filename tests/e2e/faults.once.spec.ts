/**
 * Faults: every /ajax route of spec 7 that the landings call × every kind of fault (HTTP
 * 500, a 4xx with the stand-in's error envelope, a 10 s delay, a timeout, a truncated 200, a dropped
 * connection), injected per page with page.route (see fault-matrix.ts; locale/data and register_new
 * are not called by any page, so they are not here). Each case checks what a visitor notices: the
 * preloader lifts, the offer and its links are there, the section fed by the call hides or degrades
 * (spec 8), nothing uncaught reaches the console; a registration, SMS, rules or casino step that
 * fails says so in the page language, keeps what was typed and works once the fault is gone.
 *
 * Success is the HTTP status (spec 8): a truncated 200 fails only the calls whose data the
 * page cannot do without (fault-matrix.ts NEEDS_DATA: countries, popular events, rules); on every other
 * route it is a success read with the contract's defaults, and the case checks what that leaves the
 * visitor with (the next registration step, an anonymous visitor, the main site's game page…).
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  failingKinds,
  Fault,
  FAULT_KINDS,
  type FaultKind,
  handledFailureLogs,
  NO_SERVICE_WORKER_SCRIPT,
  REQUEST_TIMEOUT_MS,
  ROUTES,
  type RouteName,
  unexpectedConsoleErrors,
  uniquePhone,
} from './fault-matrix';
import { DEFAULT_SMS_RETRY_S } from '../../src/main-site/contract';
import { expect, expectResendWait, scrollToOdds, test, waitForPreloaderToLift } from './fixtures';

const ru: Record<string, string> = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));
const fill = (key: string, values: Record<string, string | number>) =>
  ru[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

// page.route does not see what a service worker fetches; NO_SERVICE_WORKER_SCRIPT also takes the API away.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'parallel' });

/** A fingerprint this browser computed and handed over on an earlier visit (the imprint's own cases below start without "sent"). */
const KNOWN_IMPRINT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

test.beforeEach(async ({ page, consoleErrors }, testInfo) => {
  void consoleErrors;
  await page.addInitScript(NO_SERVICE_WORKER_SCRIPT);
  // A returning visitor: the fingerprint is not computed again (it is the slowest thing on the page and
  // the first visit is covered by isolated.spec.ts), so only the imprint's own cases call /ajax/cookie/imprint.
  const imprintCase = testInfo.titlePath.some((title) => title.includes(ROUTES.imprint));
  await page.addInitScript(
    ({ hash, sent }) => {
      if (localStorage.getItem('imprint')) return;
      localStorage.setItem('imprint', hash);
      if (sent) localStorage.setItem('imprint_sent', hash);
    },
    { hash: KNOWN_IMPRINT, sent: !imprintCase },
  );
  // Time runs as usual; a "delay" moves it on by 10 s while the request is held (Fault.release), a
  // "timeout" past the client's 15 s while the request hangs (Fault.expire).
  await page.clock.install();
});

/** The message the funnel shows for a failed call of each kind (src/features/registration/failures.ts). */
const FORM_MESSAGE: Record<Exclude<FaultKind, 'delay'>, string> = {
  http500: ru['error.server'],
  http4xx: ru['error.server'],
  malformed: ru['error.server'],
  drop: ru['error.network'],
  timeout: ru['error.timeout'],
};

/* ------------------------------------------------------------------ calls the page makes by itself */

/** A landing with every background call: countries, account, popular events (odds), tracking, imprint; and the form's session.php. */
const BACKGROUND_PAGE = '/promo/zenit/ru/freebet35/';

/** Resolves when the page has logged the failure of `name`, i.e. has handled it (spec 8: "logged"). */
function failureLogged(page: Page, name: RouteName, timeout = 30_000) {
  return page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(`[promo] ${ROUTES[name]}`) && message.text().includes(' failed: '),
    timeout,
  });
}

/** The visitor sees the offer, and its main links lead to the main site's registration and login. */
async function expectOfferUsable(page: Page) {
  await waitForPreloaderToLift(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#offer a:visible').first()).toHaveAttribute('href', /^\/m\/registration\/phone\?promo_code=/);
  await expect(page.locator('header').getByRole('link', { name: ru['header.register'] })).toHaveAttribute(
    'href',
    /^\/m\/registration\/phone\?/,
  );
  await expect(page.locator('header').getByRole('link', { name: ru['header.login'] })).toHaveAttribute('href', /^\/m\/login\?/);
}

/** Deferred work (form, odds, imprint) starts at load + 2 s + idle: moves the page clock past it. */
async function passIdle(page: Page) {
  await page.clock.fastForward(6_000);
}

/**
 * Opens a landing and waits until the form's session call, made once the page is idle, has been
 * answered. Moving the page clock past the client's limit (Fault.expire) while that call is in flight
 * would time it out too (CI once saw "/session.php failed: timeout" in the rules test).
 */
async function gotoSettled(page: Page, url: string) {
  const sessionAnswered = page.waitForResponse((response) => response.url().includes(ROUTES.session), { timeout: 30_000 });
  await page.goto(url);
  await waitForPreloaderToLift(page);
  await passIdle(page);
  await sessionAnswered;
}

/**
 * The form needs a country list and currencies; when the main site's call gives none, it offers the
 * ones the page was built with (the brand's countries, the page's currency), so it can still be sent.
 * The visitor's touch that loads the form (idle) has happened and the network has gone quiet.
 */
async function expectFormWithBuiltLists(page: Page) {
  await passIdle(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  await expect(page.getByLabel(ru['reg.currency'])).toHaveValue('1');
  await expect(page.getByLabel(ru['reg.phone'])).toHaveValue('+7');
  await expect(page.getByRole('button', { name: ru['reg.submit'], exact: true })).toBeEnabled();
}

/** What a failed background call leaves for the visitor to see, per route. */
const AFTER_FAILURE: Partial<Record<RouteName, (page: Page, kind: FaultKind) => Promise<void>>> = {
  // Spec 8: the page goes on without the list; the form offers the countries it was built with.
  country: async (page) => {
    await expectFormWithBuiltLists(page);
  },
  // Spec 6: any failure means not logged in, even with a live session; the form offers the built currency.
  account: async (page) => {
    await expect(page.locator('header').getByRole('link', { name: ru['header.login'] })).toBeVisible();
    await expectFormWithBuiltLists(page);
  },
  // Spec 8: popular events fail silently; the section goes.
  line: async (page) => {
    await expect(page.getByRole('heading', { name: ru['odds.title'] })).toHaveCount(0);
    await expect(page.getByTestId('odds-card')).toHaveCount(0);
  },
  // Spec 8: imprint failures are logged only; the hash is kept and not marked sent, so the next visit sends it again.
  imprint: async (page) => {
    expect(await page.evaluate(() => localStorage.getItem('imprint'))).toBe(KNOWN_IMPRINT);
    expect(await page.evaluate(() => localStorage.getItem('imprint_sent'))).toBeNull();
  },
  // Nothing reads the session answer: the form works without it.
  session: async (page) => {
    await page.getByLabel(ru['reg.password']).fill('secret123');
    await expect(page.getByLabel(ru['reg.password'])).toHaveValue('secret123');
    await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  },
};

/** What the same call brings once a slow answer finally arrives. */
const AFTER_SLOW_ANSWER: Partial<Record<RouteName, (page: Page) => Promise<void>>> = {
  country: async (page) => {
    await passIdle(page);
    await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
    await expect(page.getByLabel(ru['reg.phone'])).toHaveValue('+7');
  },
  account: async (page) => {
    // The live session of this visitor: logged in once the answer is there.
    await expect(page.locator('header').getByRole('link', { name: ru['header.login'] })).toHaveCount(0);
    await expect(page.locator('#offer a:visible').first()).toHaveAttribute('href', /^\/m\/\?/);
  },
  line: async (page) => {
    await expect(page.getByTestId('odds-card').first()).toBeVisible();
  },
  imprint: async (page) => {
    await expect.poll(() => page.evaluate(() => localStorage.getItem('imprint_sent'))).toBe(KNOWN_IMPRINT);
  },
  session: async (page) => {
    await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  },
};

/**
 * What a truncated 200 leaves the visitor with where it is a success (the routes outside NEEDS_DATA):
 * the contract reads it as an answer without fields and goes on with its defaults.
 */
const AFTER_MALFORMED_SUCCESS: Partial<Record<RouteName, (page: Page) => Promise<void>>> = {
  // No readable `access`: an anonymous visitor though the session is live (spec 6); the form offers the built currency.
  account: async (page) => {
    await expect(page.locator('header').getByRole('link', { name: ru['header.login'] })).toBeVisible();
    await expect(page.locator('#offer a:visible').first()).toHaveAttribute('href', /^\/m\/registration\/phone\?promo_code=/);
    await expectFormWithBuiltLists(page);
  },
  // The main site took the fingerprint: it is marked sent and not sent again on the next visit.
  imprint: async (page) => {
    await expect.poll(() => page.evaluate(() => localStorage.getItem('imprint_sent'))).toBe(KNOWN_IMPRINT);
  },
  // Nothing reads the session answer: the form works.
  session: async (page) => {
    await page.getByLabel(ru['reg.password']).fill('secret123');
    await expect(page.getByLabel(ru['reg.password'])).toHaveValue('secret123');
    await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  },
  // The event was delivered; nothing on the page depends on the answer (no failure is logged, checked below).
  kafka: async () => undefined,
};

/** The page's own failure logs of one route, of any console level, as they come. */
function collectFailureLogs(page: Page, name: RouteName): string[] {
  const logs: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith(`[promo] ${ROUTES[name]}`) && message.text().includes(' failed: ')) logs.push(message.text());
  });
  return logs;
}

/** Background calls whose failure the page logs with console.error rather than console.warn. */
const LOGGED_AS_ERROR: RouteName[] = ['session'];

/** Registers through the stand-in in this browser context: the visitor has a live main-site session (zsid cookie). */
async function signIn(page: Page) {
  const response = await page.request.post('/ajax/registration/register_v2', {
    multipart: {
      phone: uniquePhone(),
      country_id: '643',
      currency: '1',
      password: 'secret123',
      recaptcha: 'local-development-without-captcha',
      captcha_state: '0',
      recaptcha_version: 'V3',
      recaptcha_action: 'registration',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const BACKGROUND: RouteName[] = ['country', 'account', 'line', 'kafka', 'imprint', 'session'];

for (const name of BACKGROUND) {
  test.describe(`${ROUTES[name]}`, () => {
    for (const kind of FAULT_KINDS) {
      // The one real-time timeout: does a hanging country call hold the loader?
      const realTimeout = name === 'country' && kind === 'timeout';
      const fails = kind !== 'delay' && failingKinds(name).includes(kind);
      const note = realTimeout ? ' (the client really waits its 15 s)' : kind === 'malformed' && !fails ? ' (a 2xx: a success)' : '';
      test(`${kind}${note}`, async ({ page, consoleErrors }) => {
        if (name === 'account') await signIn(page);
        const fault = await Fault.inject(page, name, kind);
        const logged = fails ? failureLogged(page, name) : null;
        const failureLogs = collectFailureLogs(page, name);
        let clientGaveUp = false;
        page.on('requestfailed', (request) => {
          if (request.url().includes(ROUTES[name])) clientGaveUp = true;
        });

        await page.goto(BACKGROUND_PAGE);
        if (name === 'session') {
          // session.php is asked for when the form comes.
          await waitForPreloaderToLift(page);
          await passIdle(page);
        }
        if (name === 'kafka' || name === 'imprint' || name === 'line') await passIdle(page);
        if (name === 'line') await scrollToOdds(page);
        await fault.waitForHits(1);

        // While the call is failing, hanging or slow, the page is already usable (the preloader waits
        // for the country call at most PRELOADER_MAX_WAIT_MS, src/domain/timing.ts, in real time here).
        await expectOfferUsable(page);

        if (kind === 'delay') {
          if (name === 'line') await expect(page.getByTestId('odds-card')).toHaveCount(0);
          await fault.release();
          await AFTER_SLOW_ANSWER[name]?.(page);
        } else if (!fails) {
          await AFTER_MALFORMED_SUCCESS[name]!(page);
          // Once the answer has been read (the network is quiet), the page has not called it a failure.
          await page.waitForLoadState('networkidle');
          expect(failureLogs, 'a 2xx is not logged as a failure').toEqual([]);
          await expectOfferUsable(page);
        } else {
          if (realTimeout) {
            expect(clientGaveUp, 'the preloader lifted before the client gave up').toBe(false);
            // The form comes (load + 2 s + idle, real time) while the call still hangs; the visitor types.
            await page.getByLabel(ru['reg.password']).fill('typed-before', { timeout: 15_000 });
          } else if (kind === 'timeout') {
            await fault.expire();
          }
          const message = (await logged)!;
          if (kind === 'timeout') {
            // The client's own limit gave the request up (spec 8 "timeout of {ms}ms exceeded").
            expect(message.text()).toContain(`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`);
            await expect.poll(() => clientGaveUp, { message: 'the browser saw the request given up' }).toBe(true);
          }
          if (realTimeout) {
            // A late failure keeps the form, its built lists and what was typed.
            await expect(page.getByLabel(ru['reg.password'])).toHaveValue('typed-before');
            await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
          } else {
            await AFTER_FAILURE[name]?.(page, kind);
          }
          await expectOfferUsable(page);
        }
        expect(unexpectedConsoleErrors(consoleErrors, LOGGED_AS_ERROR)).toEqual([]);
      });
    }
  });
}

/* ------------------------------------------------------------------ the rules dialog */

test(`${ROUTES.rules}: every fault says so in the dialog; the rules come once it is gone, and after a slow answer`, async ({
  page,
  consoleErrors,
}) => {
  await gotoSettled(page, '/promo/zenit/ru/welcome_bonus_casino/');
  await expectOfferUsable(page);
  const dialog = page.getByRole('dialog', { name: ru['rules.title'] });
  const open = () => page.getByRole('button', { name: ru['links.rules'] }).click();
  const close = async () => {
    await dialog.getByRole('button', { name: ru['rules.close'] }).click();
    await expect(dialog).toBeHidden();
  };

  // A truncated 200 too: the dialog has nothing to show without the rules' HTML (NEEDS_DATA).
  const kinds = failingKinds('rules');
  expect(kinds).toContain('malformed');
  for (const kind of kinds) {
    const fault = await Fault.inject(page, 'rules', kind);
    await open();
    await expect(dialog).toBeVisible();
    await fault.waitForHits(1);
    if (kind === 'timeout') await fault.expire();
    await expect(dialog.getByRole('alert')).toHaveText(ru['rules.error'], { timeout: 15_000 });
    await close();
    await fault.remove();
  }

  await open();
  await expect(dialog.locator('ol li').first()).toBeVisible();
  await close();

  const slow = await Fault.inject(page, 'rules', 'delay');
  await open();
  await slow.waitForHits(1);
  await expect(dialog.getByText(ru['rules.loading'])).toBeVisible();
  await slow.release();
  await expect(dialog.locator('ol li').first()).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await close();
  await expectOfferUsable(page);
  expect(unexpectedConsoleErrors(consoleErrors, ['rules'])).toEqual([]);
  expect(handledFailureLogs(consoleErrors, 'rules'), 'each failed attempt is logged (spec 8)').toHaveLength(kinds.length);
});

/* ------------------------------------------------------------------ casino start */

const SLOT_PAGE = '/promo/zenit/ru/slot_machine/';
const GAME = 'Sweet Bonanza';

for (const name of ['initDemo', 'initGame'] as const) {
  const button = (page: Page) =>
    page.getByRole('button', { name: fill(name === 'initDemo' ? 'casino.demoOf' : 'casino.playOf', { game: GAME }) });
  // The stand-in answers the contract's minimum, a bare success without an address: the main site's own game page opens (spec 2).
  const mainSiteGamePage = /\/m\/casino\/pragmatic-sweet-bonanza\?promo_code=ZCASINO20K&/;
  const tile = (page: Page) => page.getByTestId('game-tile').filter({ hasText: GAME });

  async function openSlots(page: Page) {
    // Real play needs a logged-in visitor (a live session, so the main site grants access).
    if (name === 'initGame') await signIn(page);
    await gotoSettled(page, SLOT_PAGE);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (name === 'initGame') await expect(page.locator('header').getByRole('link', { name: ru['header.login'] })).toHaveCount(0);
  }

  test(`${ROUTES[name]}: each failure is shown at the game, which starts once the fault is gone; a truncated 200 starts it too`, async ({
    page,
    consoleErrors,
  }) => {
    await openSlots(page);
    const kinds = failingKinds(name);
    for (const kind of kinds) {
      const fault = await Fault.inject(page, name, kind);
      await button(page).click();
      await fault.waitForHits(1);
      if (kind === 'timeout') await fault.expire();
      await expect(tile(page).getByRole('alert')).toHaveText(ru['casino.error'], { timeout: 15_000 });
      await expect(button(page)).toBeEnabled();
      await fault.remove();
    }
    await expect(page).toHaveURL(new RegExp(`${SLOT_PAGE}$`));
    expect(unexpectedConsoleErrors(consoleErrors, [name])).toEqual([]);
    expect(handledFailureLogs(consoleErrors, name), 'each failed attempt is logged (spec 8)').toHaveLength(kinds.length);
    await button(page).click();
    await expect(page).toHaveURL(mainSiteGamePage);

    // A 2xx cut short names no address: the game still starts, on the main site's own page, and nothing is logged as failed.
    await page.goBack();
    await waitForPreloaderToLift(page);
    const cut = await Fault.inject(page, name, 'malformed');
    await button(page).click();
    await cut.waitForHits(1);
    await expect(page).toHaveURL(mainSiteGamePage);
    expect(handledFailureLogs(consoleErrors, name)).toHaveLength(kinds.length);
  });

  test(`${ROUTES[name]}: a slow start keeps the button busy, then the game opens`, async ({ page, consoleErrors }) => {
    await openSlots(page);
    const slow = await Fault.inject(page, name, 'delay');
    await button(page).click();
    await slow.waitForHits(1);
    await expect(button(page)).toBeDisabled();
    await expect(tile(page).getByRole('alert')).toHaveCount(0);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
    await slow.release();
    await expect(page).toHaveURL(mainSiteGamePage);
  });
}

/* ------------------------------------------------------------------ registration */

const PHONE_PAGE = '/promo/zenit/ru/bonus30000/';
const EMAIL_PAGE = '/promo/zenit/ru/bonus20000/';

interface Typed {
  phone?: string;
  email?: string;
  password: string;
  birthdate: string;
}

async function openForm(page: Page, url: string) {
  await page.goto(url);
  await expectOfferUsable(page);
  await page.locator('#offer a:visible').first().click();
  await expect(page.getByLabel(ru['reg.password'])).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  await expect(page.getByLabel(ru['reg.currency'])).toHaveValue('1');
}

async function typeForm(page: Page, typed: Typed) {
  if (typed.email !== undefined) {
    await page.getByRole('button', { name: ru['reg.byEmail'] }).click();
    await page.getByLabel(ru['reg.email']).fill(typed.email);
  }
  if (typed.phone !== undefined) await page.getByLabel(ru['reg.phone']).fill(typed.phone);
  await page.getByLabel(ru['reg.password']).fill(typed.password);
  await page.getByLabel(ru['reg.birthdate']).fill(typed.birthdate);
}

async function expectTyped(page: Page, typed: Typed, promoCode: string) {
  if (typed.email !== undefined) await expect(page.getByLabel(ru['reg.email'])).toHaveValue(typed.email);
  if (typed.phone !== undefined) await expect(page.getByLabel(ru['reg.phone'])).toHaveValue(typed.phone);
  await expect(page.getByLabel(ru['reg.password'])).toHaveValue(typed.password);
  await expect(page.getByLabel(ru['reg.birthdate'])).toHaveValue(typed.birthdate);
  await expect(page.getByLabel(ru['reg.promoCode'])).toHaveValue(promoCode);
  await expect(page.getByLabel(ru['reg.country'])).toHaveValue('643');
  await expect(page.getByLabel(ru['reg.currency'])).toHaveValue('1');
}

const submit = (page: Page) => page.getByRole('button', { name: ru['reg.submit'], exact: true }).click();
const formAlert = (page: Page) => page.locator('#registration form [role="alert"]');

/**
 * One failing attempt per kind that fails `name` (a truncated 200 does not: success is the status), each
 * a fresh submit after the previous fault was lifted: the message for that kind shows (neighbouring kinds
 * differ, so it is this attempt's), in Russian, and everything typed stays. Returns once the last fault is
 * lifted.
 */
async function failEachKind(
  page: Page,
  name: RouteName,
  attempt: () => Promise<void>,
  message: (kind: Exclude<FaultKind, 'delay'>) => ReturnType<Page['locator']>,
  check: () => Promise<void>,
) {
  let previous: string | null = null;
  for (const kind of failingKinds(name)) {
    const fault = await Fault.inject(page, name, kind);
    await attempt();
    await fault.waitForHits(1);
    if (kind === 'timeout') await fault.expire();
    const shown = message(kind);
    await expect(shown).toHaveText(FORM_MESSAGE[kind], { timeout: 15_000 });
    if (previous !== null) expect(previous).not.toBe(FORM_MESSAGE[kind]);
    previous = FORM_MESSAGE[kind];
    await check();
    await fault.remove();
  }
}

async function smsCode(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await (await page.request.get('/__stand-in/sms')).json())[phone];
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code!;
}

const FORM_STEPS: RouteName[] = ['promoCheck', 'checkPhone', 'registerV2'];

/**
 * The retry after the failures meets a truncated 200: the main site did the step (the stand-in made it),
 * only its answer was cut. Success is the status, so the funnel goes on.
 */
async function retryMeetsCutAnswer(page: Page, name: RouteName, retry: () => Promise<void>) {
  const cut = await Fault.inject(page, name, 'malformed');
  await retry();
  await cut.waitForHits(1);
}

const smsError = (page: Page) => page.locator('#reg-sms-error');

for (const name of FORM_STEPS) {
  test(`${ROUTES[name]}: each failure is shown in Russian, the form keeps every value; the retry, answered by a truncated 200, registers`, async ({
    page,
    consoleErrors,
  }) => {
    const typed: Typed = { phone: uniquePhone(), password: 'secret123', birthdate: '1990-05-17' };
    await openForm(page, PHONE_PAGE);
    await typeForm(page, typed);
    await failEachKind(
      page,
      name,
      () => submit(page),
      () => formAlert(page),
      () => expectTyped(page, typed, 'ZBONUS30K'),
    );
    await expect(page.getByRole('button', { name: ru['reg.submit'], exact: true })).toBeEnabled();
    await retryMeetsCutAnswer(page, name, () => submit(page));
    await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 15_000 });
    // The account is made and its code sent: the stand-in issued one for this phone.
    await expect(smsError(page)).toHaveCount(0);
    expect(await smsCode(page, typed.phone!)).toMatch(/^\d{4}$/);
    expect(unexpectedConsoleErrors(consoleErrors, [name])).toEqual([]);
    expect(handledFailureLogs(consoleErrors, name), 'each failed attempt is logged (spec 8)').toHaveLength(failingKinds(name).length);
  });
}

test(`${ROUTES.registerEmail}: each failure is shown in Russian, the form keeps every value; the retry, answered by a truncated 200, registers`, async ({
  page,
  consoleErrors,
}) => {
  const typed: Typed = { email: `faults${Date.now()}${process.pid}@example.org`, password: 'secret123', birthdate: '1988-01-02' };
  await openForm(page, EMAIL_PAGE);
  const promoCode = await page.getByLabel(ru['reg.promoCode']).inputValue();
  await typeForm(page, typed);
  await failEachKind(
    page,
    'registerEmail',
    () => submit(page),
    () => formAlert(page),
    () => expectTyped(page, typed, promoCode),
  );
  await retryMeetsCutAnswer(page, 'registerEmail', () => submit(page));
  // Done; the cut answer says nothing of a confirmation e-mail, so none is claimed.
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(ru['reg.done'])).toBeVisible();
  expect(unexpectedConsoleErrors(consoleErrors, ['registerEmail'])).toEqual([]);
  expect(handledFailureLogs(consoleErrors, 'registerEmail'), 'each failed attempt is logged (spec 8)').toHaveLength(
    failingKinds('registerEmail').length,
  );
});

test(`${ROUTES.smsSend}: a code that could not be sent is said at the code step; resend works, also when its answer is cut`, async ({
  page,
  consoleErrors,
}) => {
  const phone = uniquePhone();
  await openForm(page, PHONE_PAGE);
  await typeForm(page, { phone, password: 'secret123', birthdate: '1990-05-17' });
  const resend = page.getByRole('button', { name: ru['reg.smsResend'] });
  let first = true;
  await failEachKind(
    page,
    'smsSend',
    async () => {
      // The account is made on the first attempt; after it the visitor asks for the code again.
      if (first) await submit(page);
      else await resend.click();
      first = false;
    },
    () => smsError(page),
    async () => {
      await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible();
      await expect(resend).toBeEnabled({ timeout: 5_000 });
    },
  );
  // The code is sent though the answer was cut: the message goes, and the next resend waits the default time.
  await retryMeetsCutAnswer(page, 'smsSend', () => resend.click());
  await expect(smsError(page)).toHaveCount(0);
  await expectResendWait(page, ru['reg.smsResendIn'], DEFAULT_SMS_RETRY_S, resend);
  const code = await smsCode(page, phone);
  await page.getByLabel(ru['reg.smsCode']).fill(code);
  await page.getByRole('button', { name: ru['reg.smsConfirm'] }).click();
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible();
  expect(unexpectedConsoleErrors(consoleErrors, ['smsSend'])).toEqual([]);
  expect(handledFailureLogs(consoleErrors, 'smsSend'), 'each failed attempt is logged (spec 8)').toHaveLength(
    failingKinds('smsSend').length,
  );
});

test(`${ROUTES.smsCheck}: each failure is shown at the code, the code stays; confirming again works, also when its answer is cut`, async ({
  page,
  consoleErrors,
}) => {
  const phone = uniquePhone();
  await openForm(page, PHONE_PAGE);
  await typeForm(page, { phone, password: 'secret123', birthdate: '1990-05-17' });
  await submit(page);
  await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 15_000 });
  const code = await smsCode(page, phone);
  const codeField = page.getByLabel(ru['reg.smsCode']);
  await codeField.fill(code);
  await failEachKind(
    page,
    'smsCheck',
    () => page.getByRole('button', { name: ru['reg.smsConfirm'] }).click(),
    () => smsError(page),
    () => expect(codeField).toHaveValue(code),
  );
  await retryMeetsCutAnswer(page, 'smsCheck', () => page.getByRole('button', { name: ru['reg.smsConfirm'] }).click());
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible();
  expect(unexpectedConsoleErrors(consoleErrors, ['smsCheck'])).toEqual([]);
  expect(handledFailureLogs(consoleErrors, 'smsCheck'), 'each failed attempt is logged (spec 8)').toHaveLength(
    failingKinds('smsCheck').length,
  );
});

/**
 * A slow network at every step of a phone registration, one step at a time (each delay is let through
 * before the next step is asked for, so none hides another): while a step waits the button is busy and
 * nothing is said to be wrong; 10 s later the answer comes and the funnel goes on by itself.
 */
test('a 10 s delay at each phone registration step: promo check, check_phone, register_v2, sms/send, sms/check', async ({
  page,
  consoleErrors,
}) => {
  const phone = uniquePhone();
  const typed: Typed = { phone, password: 'secret123', birthdate: '1990-05-17' };
  await openForm(page, PHONE_PAGE);
  await typeForm(page, typed);
  const busy = page.getByRole('button', { name: ru['reg.submitting'] });

  const steps = ['promoCheck', 'checkPhone', 'registerV2', 'smsSend'] as const;
  const slow = await Promise.all(steps.map((name) => Fault.inject(page, name, 'delay')));
  await submit(page);
  for (const [index, fault] of slow.entries()) {
    await fault.waitForHits(1);
    // One step at a time: the earlier ones answered, the later ones not asked yet.
    slow.forEach((other, at) => expect(other.hits, `${other.name} while ${fault.name} waits`).toBe(at <= index ? 1 : 0));
    await expect(busy).toBeDisabled();
    await expect(formAlert(page)).toHaveCount(0);
    await expectTyped(page, typed, 'ZBONUS30K');
    await fault.release();
  }
  await expect(page.getByRole('heading', { name: ru['reg.smsTitle'] })).toBeVisible({ timeout: 15_000 });
  await expect(smsError(page)).toHaveCount(0);

  const code = await smsCode(page, phone);
  await page.getByLabel(ru['reg.smsCode']).fill(code);
  const check = await Fault.inject(page, 'smsCheck', 'delay');
  await page.getByRole('button', { name: ru['reg.smsConfirm'] }).click();
  await check.waitForHits(1);
  await expect(page.getByRole('button', { name: ru['reg.smsConfirm'] })).toBeDisabled();
  await expect(page.getByLabel(ru['reg.smsCode'])).toHaveValue(code);
  await check.release();
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible();
  expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
});

test(`${ROUTES.registerEmail}: a 10 s delay keeps the button busy, then the account is made`, async ({ page, consoleErrors }) => {
  const typed: Typed = { email: `slow${Date.now()}${process.pid}@example.org`, password: 'secret123', birthdate: '1988-01-02' };
  await openForm(page, EMAIL_PAGE);
  await typeForm(page, typed);
  const slow = await Fault.inject(page, 'registerEmail', 'delay');
  await submit(page);
  await slow.waitForHits(1);
  await expect(page.getByRole('button', { name: ru['reg.submitting'] })).toBeDisabled();
  await expect(formAlert(page)).toHaveCount(0);
  await slow.release();
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible({ timeout: 15_000 });
  expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
});
