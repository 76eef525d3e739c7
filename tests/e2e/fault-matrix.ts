/**
 * The fault matrix: the /ajax routes of spec 7 the landings call, the six kinds of fault, and a
 * per-page injector built on page.route (never the stand-in's shared /__stand-in/faults table, which
 * every parallel test would see).
 *
 * Not in the matrix because no page calls them: GET /ajax/locale/data (src/main-site/locale.ts, nothing
 * imports fetchLocaleData) and POST /ajax/registration/register_new (src/features/registration/calls/registration.ts
 * registerNew, which the form does not use: phone goes through check_phone + register_v2, e-mail
 * through register_email). Their failure handling is covered by the unit tests in tests/unit/main-site.
 */
import { expect, type Page, type Request, type Route } from '@playwright/test';
import { frameworkErrorBody } from '../../server/stand-in/errors';
import { REQUEST_TIMEOUT_MS } from '../../src/domain/timing';
import { tally } from './tally';

export const FAULT_KINDS = ['http500', 'http4xx', 'delay', 'timeout', 'malformed', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * The kinds after which the call has failed on every route, in an order where no two neighbours give
 * the visitor the same message (server, network, server, timeout): a message seen after an attempt is
 * that attempt's, not one left over from the attempt before.
 */
export const FAILING_KINDS = ['http500', 'drop', 'http4xx', 'timeout'] as const satisfies readonly FaultKind[];

/**
 * Routes whose 2xx answer is worth nothing without its data: their contract readers return null
 * (src/main-site/contract/answers.ts: readCountries, readRankedEvents, readRules), so a truncated 200
 * is a failure there. Everywhere else success is the HTTP status (spec 8): a truncated 200 is a success
 * read with the contract's defaults (a registration step done, a code sent, an anonymous visitor, the
 * main site's own game page).
 */
export const NEEDS_DATA = ['country', 'line', 'rules'] as const satisfies readonly RouteName[];

/** The kinds after which a call of this route has failed: malformed last, where it is one. */
export function failingKinds(name: RouteName): readonly Exclude<FaultKind, 'delay'>[] {
  return (NEEDS_DATA as readonly RouteName[]).includes(name) ? [...FAILING_KINDS, 'malformed'] : FAILING_KINDS;
}

/** What a slow answer is: slower than any visitor waits happily, still inside the client's 15 s. */
export const DELAY_MS = 10_000;

/**
 * The client's own limit (src/main-site/client.ts). A request the server never answers is given up by
 * axios's own deadline timer (axios/lib/adapters/xhr.js: a setTimeout over the whole request, next to the
 * native XHR timeout), so moving the page clock past this limit while the request hangs makes the
 * real client give up, exactly as it would after 15 s (Fault.expire). One test (the country call)
 * waits the real 15 s without touching the clock.
 */
export { REQUEST_TIMEOUT_MS };

export const ROUTES = {
  country: '/ajax/data/country',
  account: '/ajax/account/data',
  line: '/ajax/line/printer/ranked/',
  kafka: '/ajax/kafka/log',
  imprint: '/ajax/cookie/imprint',
  session: '/session.php',
  rules: '/ajax/html/get',
  promoCheck: '/ajax/account/promo/check',
  checkPhone: '/ajax/registration/check_phone',
  registerV2: '/ajax/registration/register_v2',
  registerEmail: '/ajax/registration/register_email',
  smsSend: '/ajax/account/sms/send',
  smsCheck: '/ajax/account/sms/check',
  initDemo: '/ajax/casino/init_demo',
  initGame: '/ajax/casino/init_game',
} as const;
export type RouteName = keyof typeof ROUTES;

/** The line is one route with the ranking id in its path; every other route is an exact path. */
export function routeMatches(name: RouteName, url: URL | string): boolean {
  const pathname = typeof url === 'string' ? new URL(url).pathname : url.pathname;
  const path = ROUTES[name];
  return path.endsWith('/') ? pathname.startsWith(path) : pathname === path;
}

/**
 * A malformed answer is the main site's real answer cut short: the call did reach it (an account is
 * made, a code sent or used up), only its answer was lost half way. An empty real answer (sms/send's
 * minimum) has nothing to cut: a JSON one is cut instead.
 */
const EMPTY_ANSWER_CUT = '{"result":{"sent":true}}';

/** A 200 whose JSON stops half way: what a proxy that cut the connection mid-body hands on. */
export function truncate(body: string): string {
  return body.slice(0, Math.max(1, Math.floor(body.length / 2)));
}

/**
 * Runs before the page's scripts: takes the Service Worker API away. page.route does not see requests
 * a service worker makes, and Playwright's `serviceWorkers: 'block'` alone stubs register() so that
 * Gatsby's registration code throws ("Error during service worker registration") — a browser without
 * service workers is a real visitor's browser, a broken stub is not.
 */
export const NO_SERVICE_WORKER_SCRIPT = 'delete Navigator.prototype.serviceWorker;';

/**
 * One fault on one route of one page. Counts the requests it caught; "delay" holds each request until
 * release() (after the test has moved the page clock by DELAY_MS), then lets it through to the
 * stand-in; "timeout" never answers (expire() moves the clock until the client gives up).
 */
export class Fault {
  hits = 0;
  private held: Route[] = [];
  /** The page's own clock (performance.now) when the first request was held. */
  private heldAt: number | null = null;
  private released = false;
  private readonly matcher: (url: URL) => boolean;
  private readonly handler: (route: Route, request: Request) => Promise<void>;

  private constructor(
    private readonly page: Page,
    readonly name: RouteName,
    readonly kind: FaultKind,
  ) {
    this.matcher = (url) => routeMatches(name, url);
    this.handler = (route) => this.handle(route);
  }

  /** Installs the fault and counts it for the suite's figures (one per route and kind tried). */
  static async inject(page: Page, name: RouteName, kind: FaultKind): Promise<Fault> {
    const fault = new Fault(page, name, kind);
    await page.route(fault.matcher, fault.handler);
    tally('faults');
    return fault;
  }

  private async handle(route: Route): Promise<void> {
    this.hits += 1;
    switch (this.kind) {
      case 'http500':
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify(frameworkErrorBody(500, 'Internal Server Error')),
        });
      case 'http4xx':
        return route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify(frameworkErrorBody(400, 'Bad request')),
        });
      case 'malformed': {
        const body = (await (await route.fetch()).text()) || EMPTY_ANSWER_CUT;
        return route.fulfill({ status: 200, contentType: 'application/json', body: truncate(body) });
      }
      case 'drop':
        return route.abort('connectionreset');
      case 'timeout':
        // Never answered: the client gives up on its own.
        return;
      case 'delay':
        if (this.released) return route.fallback();
        this.held.push(route);
        this.heldAt ??= await this.pageNow();
        return;
    }
  }

  async waitForHits(count: number, timeout = 20_000): Promise<void> {
    await expect.poll(() => this.hits, { timeout, message: `${this.name} (${this.kind}) was called` }).toBeGreaterThanOrEqual(count);
  }

  /** For "timeout": moves the page's clock past the client's limit while the request hangs. */
  async expire(): Promise<void> {
    await this.page.clock.fastForward(REQUEST_TIMEOUT_MS + 100);
  }

  private pageNow(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  /**
   * For "delay": moves the page's clock on until DELAY_MS have passed for the page since the request
   * was held, measured on the page's own clock (real time under load and the moves add up there).
   */
  async advance(ms: number): Promise<void> {
    const passed = this.heldAt === null ? 0 : (await this.pageNow()) - this.heldAt;
    const step = Math.max(0, Math.min(ms, DELAY_MS - passed));
    if (step > 0) await this.page.clock.fastForward(Math.floor(step));
  }

  /**
   * For "delay": moves the page's clock on until DELAY_MS have passed for the page since the request
   * (less whatever real time the test already took), then lets the held requests through.
   */
  async release(): Promise<void> {
    await this.advance(DELAY_MS);
    this.released = true;
    const held = this.held.splice(0);
    // Until the answer is in, moving the clock again would run the client's own deadline out.
    const answered = held.map((route) => this.page.waitForResponse((response) => response.request() === route.request()));
    await Promise.all(held.map((route) => route.fallback()));
    await Promise.all(answered);
  }

  /** The fault is lifted: later requests reach the stand-in. */
  async remove(): Promise<void> {
    await this.page.unroute(this.matcher, this.handler);
  }
}

/**
 * Console errors that are not Chromium's own network messages ("Failed to load resource: …", logged
 * by the browser for a 4xx/5xx answer or a failed request, never by our code) and not the page's own
 * log of a failure it handled on one of `handled` (spec 8: registration, check, SMS, rules, casino and
 * session failures are logged with console.error as `[promo] <path> failed: <message>`). Page errors
 * (uncaught exceptions, unhandled rejections) are never in either group.
 */
export function unexpectedConsoleErrors(errors: string[], handled: RouteName[] = []): string[] {
  return errors.filter((text) => {
    if (text.startsWith('Failed to load resource: ')) return false;
    return !handled.some((name) => text.startsWith(`[promo] ${ROUTES[name]}`) && / failed: /.test(text));
  });
}

/** The page's own logs of handled failures on one route (one per failed attempt). */
export function handledFailureLogs(errors: string[], name: RouteName): string[] {
  return errors.filter((text) => text.startsWith(`[promo] ${ROUTES[name]}`) && / failed: /.test(text));
}

let phones = 0;
/** A phone no other test (or worker) uses: the stand-in refuses a phone registered earlier in the run. */
export function uniquePhone(): string {
  phones += 1;
  const tail = `${Date.now() % 100_000}`.padStart(5, '0') + `${process.pid % 100}`.padStart(2, '0') + `${phones % 10}`;
  return `+7902${tail}`;
}
