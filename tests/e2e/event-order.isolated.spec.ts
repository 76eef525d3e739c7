/**
 * A page view's events reach the main site in the order the visitor raised them, each with a time of its
 * own, and one at a time: twenty visitors who wake the form with a typed key (reg_start and
 * entered_char_in_reg raised at one moment), read from the stand-in's record of the calls as they arrived.
 * Isolated: it reads the stand-in's shared record.
 */
import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, standInCalls, test } from './fixtures';

const ru = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));
const LANDING = '/promo/zenit/ru/bonus20000/';
const RUNS = 20;

// The page's own calls, not a service worker's, are what the test counts.
test.use({ serviceWorkers: 'block' });

interface Arrived {
  code: string;
  date: string;
}

/** The view's events in the order the stand-in received them. */
async function arrivedOf(request: Parameters<typeof standInCalls>[0], pageViewId: string): Promise<Arrived[]> {
  return (await standInCalls(request, '/ajax/kafka/log')).flatMap((call) => {
    const event = (call.body as { additional_data?: { eventCode: string; date: string; detail?: { pageViewId?: string } } } | null)
      ?.additional_data;
    return event?.detail?.pageViewId === pageViewId ? [{ code: event.eventCode, date: event.date }] : [];
  });
}

/** The most tracking calls of the view the page had on the wire at once. */
function mostAtOnce(page: Page, pageViewId: () => string | null): () => number {
  const open = new Set<Request>();
  let most = 0;
  const ours = (request: Request) =>
    new URL(request.url()).pathname === '/ajax/kafka/log' && !!pageViewId() && (request.postData() ?? '').includes(pageViewId()!);
  page.on('request', (request) => {
    if (!ours(request)) return;
    open.add(request);
    most = Math.max(most, open.size);
  });
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => most;
}

test(`${RUNS} visitors who wake the form with a typed key: the funnel arrives in the order taken, each event at its own time, one at a time`, async ({
  page,
  request,
}) => {
  test.setTimeout(RUNS * 30_000);
  let viewId: string | null = null;
  const atOnce = mostAtOnce(page, () => viewId);
  for (let run = 0; run < RUNS; run += 1) {
    viewId = null;
    await page.goto(LANDING);
    await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 15_000 });
    viewId = await page.evaluate(() => (window as unknown as { __promoEarly?: { pageViewId: string } }).__promoEarly?.pageViewId ?? null);
    expect(viewId).toMatch(/^[a-z0-9]{16,32}$/);
    // No pointer: the focus and the first key are what wake the form, so both funnel events are raised as it comes alive.
    await page.getByLabel(ru['reg.phone']).focus();
    await page.keyboard.type('9');
    await expect(page.locator('[data-island="registration"]')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 });

    const codes = ['view_landing', 'reg_start', 'entered_char_in_reg'];
    await expect.poll(async () => (await arrivedOf(request, viewId!)).map((event) => event.code), { timeout: 15_000 }).toEqual(codes);
    const times = (await arrivedOf(request, viewId!)).map((event) => Date.parse(event.date));
    // In the order taken: each later than the one before, so no two share a time.
    for (let index = 1; index < times.length; index += 1) expect(times[index], `run ${run + 1}`).toBeGreaterThan(times[index - 1]);
  }
  expect(atOnce()).toBe(1);
});
