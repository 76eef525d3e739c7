/**
 * An A/B variant served at its landing's address (the stand-in assigns as nginx does): the browser stays
 * at that address, Gatsby hydrates the variant's page there without navigating to the variant's own path,
 * and the visitor sees the variant's words; a new visitor keeps the variant they were given.
 */
import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assignVariant, CONTROL, VISITOR_COOKIE } from '../../src/domain/experiments';
import type { HostExperiment } from '../../gatsby/post-build/experiment-files';
import { expect, landingViewDetails, test, waitForPreloaderToLift } from './fixtures';

const root = path.resolve(__dirname, '../..');
const [experiment] = (JSON.parse(readFileSync(path.join(root, 'public/_experiments.json'), 'utf8')) as { experiments: HostExperiment[] })
  .experiments;
const landing = `/promo${experiment.landings[0]}`;
const [brand, country, slug] = experiment.landings[0].split('/').filter(Boolean);

/** What the tables say the variant shows, with the amount the landing's page shows in its place. */
const row = JSON.parse(readFileSync(path.join(root, 'data/promotions', brand, country, `${slug}.json`), 'utf8')) as {
  experiment?: { variants: { id: string; texts?: Record<string, { headline?: string; cta?: string }> }[] };
};
const variant = row.experiment!.variants.find((candidate) => candidate.id !== CONTROL && candidate.texts?.[country]?.headline)!;
const landingData = JSON.parse(readFileSync(path.join(root, 'public/page-data', experiment.landings[0], 'page-data.json'), 'utf8')).result
  .pageContext;
const amount: string = landingData.formats.amount ?? '';
const variantHeadline = variant.texts![country].headline!.replace('{amount}', amount);
const controlHeadline = (landingData.texts[`offer.${landingData.offer.copy}.title`] as string).replace('{amount}', amount);

/** The experiment and variant each view_landing of this partner's visits named. */
async function viewsOf(request: APIRequestContext, partner: string): Promise<{ experiment?: string; variant?: string }[]> {
  return (await landingViewDetails(request, partner)).map(({ experiment, variant }) => ({ experiment, variant }));
}

/** A visitor id the split puts in `wanted` (the split itself is checked against nginx in tests/built). */
function visitorIn(wanted: string): string {
  for (let index = 0; ; index++) {
    const visitor = index.toString(16).padStart(32, '0');
    if (assignVariant(visitor, experiment) === wanted) return visitor;
  }
}

test.describe('an A/B experiment at its landing\u2019s address', () => {
  test('a visitor in the variant stays at the landing\u2019s address, sees the variant\u2019s headline and call to action, and the page hydrates without an error', async ({
    page,
    context,
    request,
    consoleErrors,
    baseURL,
  }) => {
    const partner = `ab${Date.now()}`;
    await context.addCookies([{ name: VISITOR_COOKIE, value: visitorIn(variant.id), url: `${baseURL}/promo/` }]);
    // Gatsby's loader asks for the page data of the address it is at (the query string goes along).
    const pageData = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/promo/page-data${experiment.landings[0]}page-data.json`,
    );
    const response = await page.goto(`${landing}?zpartner_uid=${partner}`);
    expect(response?.status()).toBe(200);
    // It got the variant's, which routes at this address.
    expect((await (await pageData).json()).result.pageContext.variant).toBe(variant.id);
    await waitForPreloaderToLift(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(variantHeadline);
    await expect(page.locator('#offer').getByRole('link', { name: variant.texts![country].cta! })).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${landing}?zpartner_uid=${partner}`);
    // Still there once the page is idle: no late navigation to the variant's own path.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(landing);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(variantHeadline);
    // The view the main site counts names the experiment and this variant.
    await expect.poll(() => viewsOf(request, partner), { timeout: 15_000 }).toEqual([{ experiment: experiment.id, variant: variant.id }]);
    expect(consoleErrors).toEqual([]);
  });

  test('a visitor in the control sees the landing as it is', async ({ page, context, consoleErrors, baseURL }) => {
    await context.addCookies([{ name: VISITOR_COOKIE, value: visitorIn(CONTROL), url: `${baseURL}/promo/` }]);
    await page.goto(landing);
    await waitForPreloaderToLift(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(controlHeadline);
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(consoleErrors).toEqual([]);
  });

  test('a new visitor is given a variant and keeps it on every visit', async ({ page, context, consoleErrors }) => {
    await page.goto(landing);
    const first = await page.getByRole('heading', { level: 1 }).textContent();
    expect([variantHeadline, controlHeadline]).toContain(first);
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name === VISITOR_COOKIE)).toHaveLength(1);
    for (let visit = 0; visit < 3; visit++) {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!);
    }
    await waitForPreloaderToLift(page);
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(consoleErrors).toEqual([]);
  });
});
