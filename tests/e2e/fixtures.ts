import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Nothing may reach a third-party host in tests: only the stand-in on loopback answers. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => route.abort('blockedbyclient'));
    await use(errors);
  },
});

export { expect };

/** A call the stand-in main site recorded (server/), its body as it read it. */
export interface StandInCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** The calls the stand-in has recorded to `filter` (a path, or a prefix ending in *). */
export async function standInCalls(request: APIRequestContext, filter: string): Promise<StandInCall[]> {
  return (await request.get(`/__stand-in/calls?path=${encodeURIComponent(filter)}`)).json();
}

/** The details of the view_landing events that reached the main site for this partner (spec 3, 7). */
export async function landingViewDetails(request: APIRequestContext, partnerUid: string): Promise<Record<string, string>[]> {
  const calls = await standInCalls(request, '/ajax/kafka/log');
  return calls.flatMap((call) => {
    const body = call.body as { action?: string; additional_data?: { detail?: Record<string, string> } } | null;
    const detail = body?.action === 'view_landing' ? body.additional_data?.detail : undefined;
    return detail?.partnerUid === partnerUid ? [detail] : [];
  });
}

/** How many view_landing events reached the main site for this partner. */
export async function landingViews(request: APIRequestContext, partnerUid: string): Promise<number> {
  return (await landingViewDetails(request, partnerUid)).length;
}

/**
 * The project's own axe-core, handed to the held @axe-core/playwright, which would otherwise inject the
 * older copy it pins for itself (where some rules, label-content-name-mismatch among them, are still
 * experimental and never run).
 */
const AXE_SOURCE = readFileSync(path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js'), 'utf8');

/**
 * The rules of WCAG 2.2 level AA as axe-core tags them, and its best practices: by tag, axe also runs
 * rules it leaves off by default, such as target-size (2.5.8).
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core findings a visitor with assistive technology would hit (serious and critical). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A section that has just come into view fades in (the reveal): axe would read its text at
  // part opacity, a contrast no visitor sees once the 0.4 s fade is over.
  // Two frames first, so a section that has just scrolled in has had its observer's call and started to fade.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  // Over BiDi, handing axe's per-frame results to a blank page to finish takes tens of seconds; the
  // landings have no frames of their own, so axe's one in-page run (legacy mode) finds the same.
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(AXE_TAGS).setLegacyMode(inFirefox(page)).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * What a visitor waits for before using the page: the preloader lifted, and every part that takes input
 * (the form, the casino tiles: islands, src/runtime/island.tsx) taken over by its code. Before that, the
 * form's submit is held for its code and a game tile is the main site's game page: a test of the page's
 * own handling waits rather than exercise those paths by clicking early.
 */
export async function waitForPreloaderToLift(page: Page): Promise<void> {
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 10_000 });
  await waitForIslands(page);
}

export async function waitForIslands(page: Page): Promise<void> {
  // Turned to again at each look: a pointer that came before the page's code ran woke nothing.
  await expect
    .poll(
      async () => {
        await turnToIslands(page);
        return page.locator('[data-island]:not([data-hydrated])').count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

/**
 * The form comes alive as a visitor turns to it (src/runtime/intent.ts): a pointer comes over each island
 * still waiting, as a mouse or a finger would, without scrolling or focusing anything.
 */
export async function turnToIslands(page: Page): Promise<void> {
  await page.locator('[data-island]:not([data-hydrated])').evaluateAll((islands) => {
    for (const island of islands) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  });
}

/**
 * Scrolls to the popular-matches section, as a visitor does: its line call waits until the section
 * nears the screen (src/runtime/near-screen.ts), so a test of the cards or the call goes there first.
 */
export async function scrollToOdds(page: Page): Promise<void> {
  await page.locator('section[aria-labelledby="odds-title"]').scrollIntoViewIfNeeded();
}

/**
 * Waits until React has hydrated the element: before that, a click or Enter on a Gatsby <Link> is a
 * plain browser navigation, not the client-side one a test of the router means to exercise. React
 * attaches its props to a DOM node when it hydrates it; on a loaded 2-core machine that can come well
 * after Gatsby's globals (window.___navigate) exist.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), { timeout: 10_000 })
    .toBe(true);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The SMS step's "new code in {seconds} s" countdown (the page language's `reg.smsResendIn`): `seconds`,
 * counting down as the page clock runs on while the test looks; the resend button waits meanwhile. The
 * page reads its clock in whole seconds (src/features/registration/clock.ts), so until its next tick the count can stand
 * one second above the wait.
 */
export async function expectResendWait(page: Page, template: string, seconds: number, resend: Locator): Promise<void> {
  const [before, after] = template.split('{seconds}');
  const pattern = new RegExp(`^${escapeRegExp(before)}(\\d+)${escapeRegExp(after)}$`);
  const shown = page.getByText(pattern);
  await expect(shown).toBeVisible();
  const left = Number(pattern.exec((await shown.textContent()) ?? '')?.[1]);
  expect(left).toBeLessThanOrEqual(seconds + 1);
  expect(left).toBeGreaterThan(seconds - 10);
  await expect(resend).toBeDisabled();
}

/**
 * Types text into a field as a visitor does. Over WebDriver BiDi (the Firefox project) Playwright's `fill`
 * writes the value from a script, which React's controlled fields never hear of and put back at their next
 * render; a visitor's keys they do hear. So in Firefox the keys are pressed, over whatever the field held.
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  if (!inFirefox(field.page())) return field.fill(text);
  await field.selectText();
  await field.pressSequentially(text);
}

/**
 * A phone visitor's tap: the finger lifts a moment after it lands, whatever the page is doing. Playwright's
 * `tap()` sends the lift only once the page has taken the touch start, so on a busy page the two lie far
 * apart by the clock and Chromium reads a long press: no click. Here both carry their own times and the
 * lift does not wait. Over BiDi (Firefox) there is no touch: a click, which wakes a part the same way.
 */
export async function visitorTap(target: Locator): Promise<void> {
  const page = target.page();
  if (inFirefox(page)) return target.click();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the tapped element has no box on screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  const landed = Date.now() / 1000;
  const down = cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point], timestamp: landed });
  await new Promise((done) => setTimeout(done, TAP_MS));
  const up = cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: landed + TAP_MS / 1000 });
  await Promise.all([down, up]);
  await cdp.detach();
}

/** How long a finger rests in a quick tap. */
const TAP_MS = 80;

/** Whether the page runs in the Firefox project (WebDriver BiDi), whose driver differs in the ways noted where this is asked. */
function inFirefox(page: Page): boolean {
  return page.context().browser()?.browserType().name() === 'firefox';
}

/**
 * Resolves once the page has fetched and run the web-vitals code. It comes at idle after load: a visitor
 * who leaves before that sends no measures, so a test that expects them waits for this before leaving.
 * Call it before the page's goto, so the response cannot pass unseen.
 */
export function vitalsCodeLoaded(page: Page): Promise<void> {
  return page
    .waitForResponse((response) => /\/web-vitals-[^/]*\.js$/.test(new URL(response.url()).pathname), { timeout: 30_000 })
    .then(async (response) => {
      await response.finished();
      // Arrived is not run: on a busy host the script may wait. Webpack removes a chunk's script element
      // in its load handler, after the chunk ran and in the same task as the import resolving; the import
      // also waits for the other chunks of its group (the shared ones may still be on their way), so once
      // no chunk script is left the page is watching.
      await page.waitForFunction(() => !document.querySelector('script[src*="/web-vitals-"], script[data-webpack]'), undefined, {
        timeout: 30_000,
      });
    });
}

/** Scrolls down 300 px at a time, as a visitor does, to the end of the page; `atEachStep` runs after each step. */
export async function scrollDownToTheEnd(
  page: Page,
  atEachStep: () => Promise<void> = async () => undefined,
  { by = 300, frames = 2 }: { by?: number; frames?: number } = {},
): Promise<void> {
  const atTheEnd = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
  for (let step = 0; step < 200 && !(await atTheEnd()); step++) {
    // A visitor's browser draws frames as the page scrolls; a test outrunning them on a busy host would
    // jump a band into view before the browser had a frame to draw it in. `frames` is how many frames
    // the page gets after each step of `by` pixels: one is a fast flick.
    await page.evaluate(
      async ([distance, count]) => {
        window.scrollBy(0, distance);
        for (let frame = 0; frame < count; frame++) await new Promise(requestAnimationFrame);
      },
      [by, frames],
    );
    await atEachStep();
  }
}

/**
 * Every element's computed font size doubled, as a browser's text-only zoom does: read first, then
 * written, so a parent's new size does not double its children's a second time. The root's too, so
 * what is sized in rem grows with the text, as it does with the visitor's font size setting.
 */
export async function doubleEveryText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const elements = [...document.querySelectorAll<HTMLElement | SVGElement>('html, body, body *')];
    const sizes = elements.map((element) => parseFloat(getComputedStyle(element).fontSize));
    elements.forEach((element, index) => element.style.setProperty('font-size', `${sizes[index] * 2}px`, 'important'));
  });
}

/**
 * The page's width at a screen width, and what sticks out past the screen's edges when it is wider. A
 * phone's window grows with content that overflows (innerWidth too), so the page is measured against
 * the screen the test set, not against the window.
 */
export async function pageWidthAt(page: Page, width: number): Promise<{ width: number; beyond: string[] }> {
  await page.setViewportSize({ width, height: 640 });
  return page.evaluate((screenWidth) => {
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth <= screenWidth) return { width: pageWidth, beyond: [] };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}: ${(element.textContent ?? '').trim().slice(0, 30)}`;
    const out = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > screenWidth + 1 || box.left < -1);
    });
    // The innermost ones: an element whose child sticks out too is only carried along.
    const innermost = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
    return { width: pageWidth, beyond: innermost.slice(0, 6).map(name) };
  }, width);
}
