/**
 * A main site that is not the stand-in, for one page. Every /ajax call and /session.php is
 * answered here with page.route (never the stand-in's shared fault table, which every parallel test
 * would see): 200 {"result": true} by default and an empty 200 for sms/send, the least a main site
 * that keeps spec 7 sends; a test sets the answer of one call at a time and counts what was asked.
 */
import { expect, type Page, type Request, type Route } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from '../../src/domain/timing';
import { ROUTES, routeMatches, type RouteName } from './fault-matrix';
import { tally } from './tally';

/** An answer: a status with its body, or none at all (the client gives up after its 15 s). */
export type Answer = { status: number; body: string; contentType?: string } | 'timeout';

export const json = (value: unknown, status = 200): Answer => ({ status, contentType: 'application/json', body: JSON.stringify(value) });

/** The plain success of an independent main site. */
export const BARE_SUCCESS = json({ result: true });
export const EMPTY_200: Answer = { status: 200, contentType: 'application/json', body: '' };

const NAMES = Object.keys(ROUTES) as RouteName[];

export interface StubCall {
  name: RouteName | null;
  request: Request;
}

export class StubbedMainSite {
  readonly calls: StubCall[] = [];
  private readonly answers = new Map<RouteName, Answer>();

  private constructor(private readonly page: Page) {}

  static async install(page: Page): Promise<StubbedMainSite> {
    const site = new StubbedMainSite(page);
    await page.route(
      (url) => /^(localhost|127\.0\.0\.1)$/.test(url.hostname) && (url.pathname.startsWith('/ajax/') || url.pathname === '/session.php'),
      (route) => site.handle(route),
    );
    return site;
  }

  /** From now on `name` is answered with `answer`; null goes back to the plain success. */
  answer(name: RouteName, answer: Answer | null): void {
    if (answer === null) this.answers.delete(name);
    else this.answers.set(name, answer);
  }

  /** The route names asked for, in order, from the `since`-th call on (calls the matrix does not name are left out). */
  names(since = 0): RouteName[] {
    return this.calls.slice(since).flatMap((call) => (call.name ? [call.name] : []));
  }

  count(name: RouteName): number {
    return this.names().filter((called) => called === name).length;
  }

  /** The multipart or form fields of the last request to `name`. */
  lastFields(name: RouteName): Record<string, string> {
    const call = [...this.calls].reverse().find((entry) => entry.name === name);
    if (!call) throw new Error(`${ROUTES[name]} was not called`);
    return fieldsOf(call.request);
  }

  /**
   * Runs `action` and waits until `name` has been asked once more; a call left unanswered is given up
   * by the client once the page clock has moved past its limit (the page must have page.clock installed).
   */
  async expectCall(name: RouteName, action: () => Promise<void>): Promise<void> {
    const before = this.count(name);
    tally('shapes');
    await action();
    await expect.poll(() => this.count(name), { message: `${ROUTES[name]} was called`, timeout: 20_000 }).toBe(before + 1);
    if (this.current(name) === 'timeout') await this.page.clock.fastForward(REQUEST_TIMEOUT_MS + 100);
  }

  private current(name: RouteName | null): Answer {
    const set = name ? this.answers.get(name) : undefined;
    return set ?? (name === 'smsSend' ? EMPTY_200 : BARE_SUCCESS);
  }

  private async handle(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    const name = NAMES.find((candidate) => routeMatches(candidate, url)) ?? null;
    this.calls.push({ name, request: route.request() });
    const answer = this.current(name);
    // Never answered: the request hangs until the client's own deadline.
    if (answer === 'timeout') return;
    await route.fulfill({ status: answer.status, contentType: answer.contentType, body: answer.body });
  }
}

/** Multipart (registration, SMS) or url-encoded (rules, casino, tracking) fields of a request. */
export function fieldsOf(request: Request): Record<string, string> {
  const body = request.postDataBuffer()?.toString('utf8') ?? '';
  const type = request.headers()['content-type'] ?? '';
  const fields: Record<string, string> = {};
  if (type.startsWith('multipart/form-data')) {
    for (const match of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) fields[match[1]] = match[2];
  } else {
    for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  }
  return fields;
}
