/**
 * Spec 2 "Preloader and expiry", faults: with the browser's clock moved past a promotion's
 * end, a landing that was still running when the site was built sends the visitor on to its
 * redirect_to or to /{brand}/{language}/freebet30/, and never to an address off this site, whatever
 * the page's data says.
 *
 * The landings are picked from the promotion rows in data/promotions/ and checked against the built page data, so the
 * tests keep working when the table or the build date moves. The table has no running promotion with
 * a redirect_to (every entry that has one is long over, and the host redirects those before any page
 * runs, see routing.spec.ts), so the redirect_to case serves a running landing's own page data with a
 * redirect_to taken from the table, as the build would write it.
 */
import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isPermanent, promotionEndInstant } from '../../src/domain/expiry';
import { promotionRows } from '../fixtures/promotion-rows';
import { expect, test, waitForPreloaderToLift } from './fixtures';
import { tally } from './tally';

interface Row {
  brand: string;
  country: string;
  slug: string;
  date: string;
  redirect_to?: string;
}

interface PageData {
  result: { pageContext: { promotion: { date: string; permanent: boolean; expiryTarget: string; expiredAtBuild: boolean } } };
}

const root = path.resolve(__dirname, '../..');
const rows: Row[] = promotionRows();
const pageDataFile = (row: Row) => path.join(root, 'public/page-data', row.brand, row.country, row.slug, 'page-data.json');
const builtPageData = (row: Row): PageData => JSON.parse(readFileSync(pageDataFile(row), 'utf8'));

/** Promotions with an end date that the build saw as still running. */
const runningAtBuild = rows.filter(
  (row) => !isPermanent(row.date) && existsSync(pageDataFile(row)) && !builtPageData(row).result.pageContext.promotion.expiredAtBuild,
);
const zenitLanding = runningAtBuild.find((row) => row.brand === 'zenit' && !row.redirect_to);
const zenbetLanding = runningAtBuild.find((row) => row.brand === 'zenbet' && !row.redirect_to);
/** A redirect_to the table really uses, pointing at another landing of the same brand and language. */
const tableRedirect = rows.find(
  (row) => row.redirect_to && zenitLanding && row.redirect_to.startsWith(`/${zenitLanding.brand}/${zenitLanding.country}/`),
)?.redirect_to;

const address = (row: Row) => `/promo/${row.brand}/${row.country}/${row.slug}/`;
const fallback = (row: Row) => `/promo/${row.brand}/${row.country}/freebet30/`;
const exactPath = (pathname: string) => new RegExp(`^http://localhost:\\d+${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/** An hour after the promotion's last day ends in the operator's zone. */
const afterEnd = (row: Row) => new Date(promotionEndInstant(row.date) + 3_600_000);

/** Serves the landing's own page data with its expiry target replaced, as a tampered or broken deploy would. */
async function serveExpiryTarget(page: Page, row: Row, target: string) {
  await page.route(`**/promo/page-data/${row.brand}/${row.country}/${row.slug}/page-data.json`, async (route) => {
    const response = await route.fetch();
    const data = (await response.json()) as PageData;
    data.result.pageContext.promotion.expiryTarget = target;
    await route.fulfill({ response, json: data });
  });
}

/** Every host the top frame went to, every request to the hostile host, every dialog. */
function watchForEscape(page: Page) {
  const hosts = new Set<string>();
  const offSite: string[] = [];
  let dialogs = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) hosts.add(new URL(frame.url()).host);
  });
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (/evil\.example/i.test(new URL(request.url()).host)) offSite.push(request.url());
  });
  return { hosts, offSite, dialogs: () => dialogs };
}

test.describe('an expired promotion', () => {
  // The offline service worker would answer page data itself, out of reach of page.route.
  test.use({ serviceWorkers: 'block' });

  test('the table has running promotions to test with', () => {
    expect(zenitLanding, 'a zenit promotion running at build time without redirect_to').toBeDefined();
    expect(zenbetLanding, 'a zenbet promotion running at build time without redirect_to').toBeDefined();
    expect(tableRedirect, 'a redirect_to in the table for the zenit landing’s language').toBeDefined();
  });

  for (const pick of [() => zenitLanding, () => zenbetLanding]) {
    test(`without redirect_to goes to its brand's freebet30 in its language (${pick()?.brand})`, async ({ page }) => {
      const row = pick()!;
      await page.clock.install({ time: afterEnd(row) });
      await page.goto(address(row));
      await expect(page).toHaveURL(exactPath(fallback(row)), { timeout: 15_000 });
      await waitForPreloaderToLift(page);
      await expect(page.locator('#offer')).toBeVisible();
    });
  }

  test('with redirect_to goes to that landing', async ({ page }) => {
    const row = zenitLanding!;
    await serveExpiryTarget(page, row, tableRedirect!);
    await page.clock.install({ time: afterEnd(row) });
    await page.goto(address(row));
    await expect(page).toHaveURL(exactPath(`/promo${tableRedirect}`), { timeout: 15_000 });
    await waitForPreloaderToLift(page);
    await expect(page.locator('#offer')).toBeVisible();
  });

  test('still running: the landing stays, with its countdown', async ({ page }) => {
    const row = zenitLanding!;
    // The last evening of the promotion, Moscow time.
    await page.clock.install({ time: new Date(promotionEndInstant(row.date) - 3_600_000) });
    await page.goto(address(row));
    await waitForPreloaderToLift(page);
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page).toHaveURL(exactPath(address(row)));
    // The countdown's code comes beside the first load and fills the built placeholders with the time left, then ticks.
    const figure = (unit: string) => page.locator(`[role="timer"] [data-unit="${unit}"] strong`);
    await expect(figure('day')).toHaveText('00');
    await expect(figure('hour')).toHaveText(/^0[01]$/);
    const second = (await figure('second').textContent()) ?? '';
    await page.clock.runFor(2_000);
    await expect(figure('second')).not.toHaveText(second);
  });

  /** Anything not a path on this site falls back to freebet30; a path that only looks odd stays a path here. */
  const hostileTargets: { target: string; lands?: string }[] = [
    { target: 'https://evil.example/' },
    { target: '//evil.example/' },
    { target: '/\\evil.example/' },
    { target: '\\\\evil.example/' },
    { target: 'HTTPS://evil.example/%2F..' },
    { target: ' https://evil.example/' },
    { target: '\t//evil.example/' },
    { target: 'https:evil.example' },
    { target: 'javascript:alert(document.domain)' },
    { target: 'data:text/html,<script>alert(1)</script>' },
    // Encoded slashes are not a host to a browser: a path on this site (isSitePath accepts it), which
    // has no such page. The host answers 404 and the page moves on to the tidy form of the address
    // (gatsby-browser onClientEntry), where the router shows its 404 page.
    { target: '/%2F%2Fevil.example/', lands: '/promo/evil.example/' },
  ];

  for (const { target, lands } of hostileTargets) {
    test(`page data sending it to ${JSON.stringify(target)} keeps the visitor on the site`, async ({ page }) => {
      tally('payloads');
      const row = zenitLanding!;
      const escape = watchForEscape(page);
      await page.route(/^https?:\/\/evil\.example\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }),
      );
      await serveExpiryTarget(page, row, target);
      await page.clock.install({ time: afterEnd(row) });
      await page.goto(address(row));
      // The landing is over either way: the visitor is moved on, to the brand's freebet30 in its language.
      await expect(page).toHaveURL(exactPath(lands ?? fallback(row)), { timeout: 15_000 });
      if (!lands) {
        await waitForPreloaderToLift(page);
        await expect(page.locator('#offer')).toBeVisible();
      }
      expect([...escape.hosts].filter((host) => !/^localhost:\d+$/.test(host))).toEqual([]);
      expect(escape.offSite).toEqual([]);
      expect(escape.dialogs()).toBe(0);
    });
  }
});
