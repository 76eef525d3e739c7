/**
 * The hero creative leads the first screen, and the sections below it come alive as they
 * scroll in, never hiding what a visitor (or the largest-paint measurement) could already see, and
 * never anything under reduced motion or without JavaScript.
 */
import type { Locator, Page } from '@playwright/test';
import { THEMES } from '../../src/styles/themes';
import { expect, scrollDownToTheEnd, test, waitForIslands, waitForPreloaderToLift } from './fixtures';

const LANDING = '/promo/zenit/ru/bonus20000/';

/** Installed before the page's scripts: where each section was, relative to the screen, when it was hidden; and the largest paint. */
const WATCH = `(() => {
  const seen = { hidden: [], lcp: [], shifts: [] };
  window.__firstScreen = seen;
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target;
      if (target.getAttribute('data-reveal-state') !== 'waiting' || record.oldValue === 'waiting') continue;
      seen.hidden.push({ top: target.getBoundingClientRect().top, screen: window.innerHeight, scrollY: window.scrollY });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-reveal-state'], attributeOldValue: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      seen.lcp.push({
        hero: Boolean(element && element.matches('[data-hero] img')),
        underHidden: Boolean(element && element.closest('[data-reveal-state="waiting"]')),
        tag: element ? element.tagName : null,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Every shift counts: this test gives no input, and Chromium can mark early shifts as after input anyway.
      const name = (node) => node.nodeName + (node.id ? '#' + node.id : '') + (node.getAttribute && node.getAttribute('aria-labelledby') ? '[' + node.getAttribute('aria-labelledby') + ']' : '');
      const moved = (entry.sources || []).map((source) => source.node && source.node.nodeName ? name(source.node) + ' ' + Math.round(source.previousRect.top) + '→' + Math.round(source.currentRect.top) : '?');
      seen.shifts.push({ value: entry.value, moved: moved.join(', ') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** Whether the hero picture has a picture, once its load has ended, either way: the event, not a time. */
const heroLoaded = (hero: Locator) =>
  hero.evaluate(
    (image: HTMLImageElement) =>
      new Promise<boolean>((resolve) => {
        const ended = () => resolve(image.naturalWidth > 0);
        if (image.complete) ended();
        image.addEventListener('load', ended, { once: true });
        image.addEventListener('error', ended, { once: true });
      }),
  );

type Seen = {
  hidden: { top: number; screen: number }[];
  lcp: { hero: boolean; underHidden: boolean; tag: string | null }[];
  shifts: { value: number; moved: string }[];
};
const seen = (page: Page) => page.evaluate(() => (window as unknown as { __firstScreen: Seen }).__firstScreen);

const sections = (page: Page) =>
  page.locator('[data-reveal]').evaluateAll((elements) =>
    elements.map((element) => ({
      state: element.getAttribute('data-reveal-state'),
      opacity: getComputedStyle(element).opacity,
      // Where its box is in the page (a waiting one sits 24 px lower until it is shown).
      top: element.getBoundingClientRect().top + window.scrollY,
    })),
  );

test('the hero picture leads the page: AVIF and WebP, fetched first, its box kept, and it is the largest paint', async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(WATCH);
  await page.goto(LANDING);
  const hero = page.locator('[data-hero] img');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  expect(await page.locator('[data-hero] source').evaluateAll((sources) => sources.map((s) => s.getAttribute('type')))).toEqual([
    'image/avif',
    'image/webp',
  ]);
  expect(await heroLoaded(hero)).toBe(true);
  // A 360 px phone at 2.75 device pixels per px takes the 1080 px AVIF.
  expect(await hero.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.avif$/);
  const box = (await hero.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(640);
  // On a screen as short as this one (640 px) the hero shows its middle 3:1 band, leaving room for the offer.
  expect(box.width / box.height).toBeCloseTo(3, 1);
  await expect(page.locator('#offer a:visible').first()).toBeInViewport({ ratio: 1 });
  await waitForPreloaderToLift(page);
  await expect.poll(async () => (await seen(page)).lcp.at(-1)).toMatchObject({ hero: true, underHidden: false });
  expect(consoleErrors).toEqual([]);
});

test.describe("on Lighthouse's phone screen (412 × 823)", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('nothing on the first screen moves while the code arrives and the islands come alive', async ({ page }) => {
    await page.addInitScript(WATCH);
    await page.goto(LANDING);
    await waitForPreloaderToLift(page);
    // The page's data has come (country list, account) and the form has rendered it.
    await page.waitForLoadState('networkidle');
    const { shifts } = await seen(page);
    expect(shifts).toEqual([]);
  });

  test("the logo already stands where it stays in a paint made before the header's buttons have arrived", async ({ page }) => {
    const logo = page.locator('header [data-track="click_logo_landing"]');
    await page.goto(LANDING);
    const whole = await logo.evaluate((element) => element.getBoundingClientRect().top);
    // The same HTML cut just after the logo: what a busy browser may paint while its parser waits there.
    const html = await (await page.request.get(LANDING)).text();
    const cut = html.slice(0, html.indexOf('</a>', html.indexOf('data-track="click_logo_landing"')) + '</a>'.length);
    await page.route(`**${LANDING}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: cut }));
    await page.goto(LANDING);
    await expect(page.locator('header nav')).toHaveCount(0);
    expect(await logo.evaluate((element) => element.getBoundingClientRect().top)).toBe(whole);
  });

  test("the server's styles stay as written while the islands come alive; a state the build never drew gets its own", async ({ page }) => {
    const sheets = () =>
      page.evaluate(() => {
        const rules = (selector: string) =>
          [...document.querySelectorAll<HTMLStyleElement>(selector)].reduce((sum, style) => sum + (style.sheet?.cssRules.length ?? 0), 0);
        return {
          built: document.querySelectorAll('style[data-built-styles]').length,
          builtRules: rules('style[data-built-styles]'),
          // styled-components' tag from the server (markers only) is read and removed at start-up.
          serverTags: document.querySelectorAll('style[data-styled]:not([data-styled="active"])').length,
          addedRules: rules('style[data-styled="active"]'),
        };
      });
    await page.goto(LANDING);
    await waitForPreloaderToLift(page);
    await waitForIslands(page);
    await page.waitForLoadState('networkidle');
    const settled = await sheets();
    expect(settled.builtRules).toBeGreaterThan(50);
    // Adding a rule the page already had would restyle the whole document at start-up.
    expect(settled).toEqual({ built: 1, builtRules: settled.builtRules, serverTags: 0, addedRules: 0 });

    await page.locator('[data-open-rules]').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect((await sheets()).addedRules).toBeGreaterThan(0);
    // Its own look, not the browser's default dialog's.
    expect(await dialog.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('12px');
  });
});

test("the brand's colours reach the buttons, plain and styled, in each brand (custom properties, styles/themes.ts)", async ({ page }) => {
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
  for (const brand of ['zenit', 'zenbet'] as const) {
    await page.goto(brand === 'zenit' ? LANDING : '/promo/zenbet/ae/bonus30000/');
    await waitForPreloaderToLift(page);
    const look = await page.evaluate(() => {
      const of = (selector: string) => {
        const style = getComputedStyle(document.querySelector(selector)!);
        return { background: style.backgroundColor, color: style.color, border: style.borderTopColor, height: style.minHeight };
      };
      return {
        body: getComputedStyle(document.body).backgroundColor,
        headerLogin: of('header a[data-main-link="login"]'),
        offer: of('#offer a[data-main-link="registration"]'),
        app: of('a[data-main-link="android"]'),
      };
    });
    const theme = THEMES[brand];
    expect(look.body).toBe(rgb(theme.background));
    // The header's styled extension keeps its own height over the plain button's 48 px.
    expect(look.headerLogin).toEqual({ background: 'rgba(0, 0, 0, 0)', color: rgb(theme.text), border: rgb(theme.accent), height: '44px' });
    expect(look.offer).toEqual({ background: rgb(theme.accent), color: rgb(theme.onAccent), border: rgb(theme.accent), height: '48px' });
    expect(look.app).toEqual({ background: 'rgba(0, 0, 0, 0)', color: rgb(theme.text), border: rgb(theme.accent), height: '48px' });
  }
});

/** Each band's heading, and whether the browser has drawn its content (content-visibility skips it). */
const bands = (page: Page) =>
  page.locator('main section > h2, footer > nav').evaluateAll((elements) =>
    elements.map((element) => ({
      band: element.closest('section')?.getAttribute('aria-labelledby') ?? 'footer',
      drawn: element.checkVisibility({ contentVisibilityAuto: true }),
    })),
  );
const undrawn = async (page: Page) => (await bands(page)).filter((band) => !band.drawn).map((band) => band.band);

/** Installed before the page's scripts: the bands not drawn when the page had parsed, its first layout's turn. */
const UNDRAWN_AT_PARSE = `document.addEventListener('DOMContentLoaded', () => {
  window.__undrawnAtParse = [...document.querySelectorAll('main section > h2, footer > nav')]
    .filter((element) => !element.checkVisibility({ contentVisibilityAuto: true }))
    .map((element) => element.closest('section')?.getAttribute('aria-labelledby') ?? 'footer');
});`;

test.describe("on Lighthouse's phone screen (412 × 823), the bands below the first screen", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('are left out of the first layout, and stand at their own height before the page shows', async ({ page, consoleErrors }) => {
    await page.addInitScript(UNDRAWN_AT_PARSE);
    await page.goto(LANDING);
    await waitForPreloaderToLift(page);
    // The bands far below waited while the first screen was laid out…
    expect(await page.evaluate(() => (window as unknown as { __undrawnAtParse: string[] }).__undrawnAtParse)).toEqual(
      expect.arrayContaining(['payments-title', 'social-title', 'footer']),
    );
    // …and every one was drawn behind the preloader, so none will change its height when reached.
    expect(await undrawn(page)).toEqual([]);
    // The rules link at the bottom of the page works as it did.
    await page.getByRole('contentinfo').getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a link to a band below the first screen lands on it, drawn', async ({ page }) => {
    await page.goto(`${LANDING}#apps-title`);
    await waitForPreloaderToLift(page);
    await expect(page.locator('#apps-title')).toBeInViewport();
    expect(await undrawn(page)).not.toContain('apps-title');
  });
});

/*
 * A visitor scrolling down from the moment the page shows, slowly or with a flick, on a narrow or a wide
 * screen, at the browser's text size or at twice it (the browser's own font setting, as a visitor sets
 * it), left to right and right to left: nothing already on screen moves.
 */
for (const { path, width, height, text, by, frames } of [
  { path: LANDING, width: 412, height: 823, text: 100, by: 300, frames: 2 },
  { path: '/promo/zenit/ru/bonus25000/', width: 412, height: 823, text: 200, by: 300, frames: 2 },
  { path: '/promo/zenbet/ae/bonus30000/', width: 320, height: 640, text: 200, by: 150, frames: 1 },
  { path: '/promo/zenbet/ae/bonus30000/', width: 360, height: 640, text: 100, by: 1000, frames: 1 },
  { path: '/promo/zenit/kz/welcome_bonus_casino/', width: 320, height: 640, text: 100, by: 300, frames: 1 },
  { path: '/promo/zenit/ir/bonus20000/', width: 1280, height: 800, text: 200, by: 800, frames: 1 },
]) {
  test.describe(`${path} at ${width} px and ${text} % text`, () => {
    test.use({ viewport: { width, height } });

    test(`scrolled down ${by} px a step, ${frames} frame${frames > 1 ? 's' : ''} apart, from the moment it shows: nothing on screen moves`, async ({
      page,
    }) => {
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Page.enable');
      await devtools.send('Page.setFontSizes', { fontSizes: { standard: (16 * text) / 100, fixed: (13 * text) / 100 } });
      // The page comes as slowly as on a budget phone's network, so the browser paints it part by part
      // while the parser is still in it: nothing those first paints show may move when the rest arrives.
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 40_000,
        uploadThroughput: 40_000,
      });
      await page.addInitScript(WATCH);
      await page.goto(path);
      await waitForPreloaderToLift(page);
      await scrollDownToTheEnd(page, async () => undefined, { by, frames });
      expect((await seen(page)).shifts).toEqual([]);
      expect(await undrawn(page)).toEqual([]);
    });
  });
}

for (const { screen, scale, phone, takes } of [
  // Lighthouse's phone, like the budget Androids: fewer than 2 device pixels per px.
  { screen: { width: 412, height: 823 }, scale: 1.75, phone: true, takes: 'webp' },
  { screen: { width: 390, height: 844 }, scale: 3, phone: true, takes: 'avif' },
  { screen: { width: 1280, height: 800 }, scale: 1, phone: false, takes: 'avif' },
]) {
  test.describe(`a ${phone ? 'phone' : 'desktop'} screen of ${screen.width} × ${screen.height} px at ${scale} device pixels per px`, () => {
    test.use({ viewport: screen, deviceScaleFactor: scale, isMobile: phone, hasTouch: phone });

    test(`takes the hero as ${takes === 'avif' ? 'the 1080 px AVIF' : 'the 720 px WebP'}, and fetches only that file`, async ({ page }) => {
      const heroFiles: string[] = [];
      page.on('request', (request) => {
        if (/\/hero-zenit-sport-bonus\./.test(request.url())) heroFiles.push(new URL(request.url()).pathname);
      });
      await page.goto(LANDING);
      const hero = page.locator('[data-hero] img');
      expect(await heroLoaded(hero)).toBe(true);
      const file = await page.locator(`[data-hero] source[type="image/${takes}"]`).evaluate(
        (source, current) => {
          const entries = source
            .getAttribute('srcset')!
            .split(',')
            .map((entry) => entry.trim().split(' '));
          return entries.find(([url]) => new URL(url, location.href).href === current)?.[1] ?? null;
        },
        await hero.evaluate((image: HTMLImageElement) => image.currentSrc),
      );
      expect(file).toBe(takes === 'avif' ? '1080w' : '720w');
      expect(heroFiles).toHaveLength(1);
    });
  });
}

test('a hero picture still on its way: the placeholder lies over it until it arrives, then fades out', async ({ page }) => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/promo\/static\/.*hero-zenit-sport-bonus\.avif$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(LANDING, { waitUntil: 'domcontentloaded' });
  const frame = page.locator('[data-hero]');
  await expect(frame).toHaveAttribute('data-hero-waiting', '');
  const overlay = () => frame.evaluate((element) => getComputedStyle(element, '::after').opacity);
  expect(await overlay()).toBe('1');
  // Behind the preloader a picture simply shows; the fade is for a visitor who can see it.
  await expect(page.locator('#preloader')).toHaveCount(0);
  release();
  await expect(frame).not.toHaveAttribute('data-hero-waiting');
  await expect.poll(overlay).toBe('0');
  expect(await frame.evaluate((element) => getComputedStyle(element, '::after').transitionDuration)).toBe('0.5s');
});

test('sections below the screen are hidden until they scroll in, then revealed; the first screen never is', async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(WATCH);
  await page.goto(LANDING);
  await waitForPreloaderToLift(page);
  const before = await sections(page);
  const below = before.filter((section) => section.top >= 640);
  expect(below.length).toBeGreaterThan(2);
  expect(below.every((section) => section.state === 'waiting' && section.opacity === '0')).toBe(true);
  expect(before.filter((section) => section.top < 640).every((section) => section.state === null && section.opacity === '1')).toBe(true);
  // Whatever was hidden lay wholly below the screen at that moment.
  const { hidden } = await seen(page);
  expect(hidden.length).toBe(below.length);
  expect(hidden.every((entry) => entry.top >= entry.screen)).toBe(true);

  await page.evaluate(() => window.scrollBy(0, 700));
  const inView = (section: { top: number }) => section.top < 640 + 700;
  await expect.poll(async () => (await sections(page)).filter(inView).map((s) => s.opacity)).not.toContain('0');
  // The deeper ones are still waiting until the visitor gets there.
  expect((await sections(page)).filter((s) => !inView(s)).map((s) => s.state)).toContain('waiting');
  // Scrolling on down the page, each comes alive as it enters.
  await scrollDownToTheEnd(page);
  await expect.poll(async () => (await sections(page)).map((s) => s.opacity)).not.toContain('0');
  await expect(page.getByRole('contentinfo')).toHaveAttribute('data-reveal-state', 'shown');
  expect(consoleErrors).toEqual([]);
});

test.describe('under prefers-reduced-motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing is hidden, nothing moves', async ({ page }) => {
    await page.addInitScript(WATCH);
    await page.goto(LANDING);
    await waitForPreloaderToLift(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const all = await sections(page);
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((section) => section.state === null && section.opacity === '1')).toBe(true);
    expect((await seen(page)).hidden).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every section and the hero picture are there as the server wrote them', async ({ page }) => {
    await page.goto(LANDING);
    const all = await sections(page);
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((section) => section.state === null && section.opacity === '1')).toBe(true);
    const hero = page.locator('[data-hero] img');
    expect(await heroLoaded(hero)).toBe(true);
    expect(await hero.evaluate((image) => getComputedStyle(image).opacity)).toBe('1');
    await expect(page.locator('[data-hero]')).not.toHaveAttribute('data-hero-waiting');
  });
});
