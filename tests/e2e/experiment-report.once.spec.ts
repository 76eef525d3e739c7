/**
 * The experiments on the QA page (/__qa/funnel) as a reader meets them: per variant, its lift by day as
 * a plot named for assistive technology, with the day the verdict was reached, and the same figures as
 * a table; at 200 % zoom on a phone the table still reads whole (it scrolls sideways inside its own box,
 * the page does not), and axe finds no serious violation. A stand-in of its own serves a log whose
 * experiments have a known winner, a tie and a mismatch.
 */
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { experimentLogLines } from '../fixtures/experiments/log';
import { expect, seriousA11yViolations, test } from './fixtures';

let app: FastifyInstance;
let origin: string;
let directory: string;

test.beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-experiments-'));
  const log = path.join(directory, 'events.jsonl');
  const lines = experimentLogLines(
    [
      {
        id: 'hero-headline',
        arms: [
          { variant: 'control', visitors: 2000, registered: 100 },
          { variant: 'bold', visitors: 2000, registered: 160 },
        ],
      },
      {
        id: 'cta-colour',
        arms: [
          { variant: 'control', visitors: 1500, registered: 90 },
          { variant: 'green', visitors: 1500, registered: 90 },
        ],
      },
      {
        id: 'offer-order',
        arms: [
          { variant: 'control', visitors: 1500, registered: 75 },
          { variant: 'b', visitors: 1200, registered: 120 },
        ],
      },
    ],
    7,
  );
  fs.writeFileSync(log, `${lines.join('\n')}\n`);
  app = buildApp({ publicDir: path.join(directory, 'no-build'), eventLog: log, smsLog: () => undefined });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await app?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

test('plots each variant by day with its verdict, readable at 200 % and without serious axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/__qa/funnel`);
  await expect(page.getByText('Test: sequential (always valid, tuned for 15,616 visitors per variant)')).toBeVisible();

  const plot = page.getByRole('img', { name: /^hero-headline: lift of bold over control by day/ });
  await expect(plot).toBeVisible();
  const heading = page.getByRole('heading', { name: /^hero-headline: variant wins: bold/ });
  const since = /since (\d{4}-\d{2}-\d{2})/.exec((await heading.textContent()) ?? '')?.[1];
  expect(since).toBeDefined();
  await expect(page.getByText(`bold against control, lift at each day's end with its interval; variant wins from ${since}.`)).toBeVisible();
  await expect(page.getByRole('img', { name: /^cta-colour: lift of green over control by day/ })).toBeVisible();
  await expect(page.getByText('b against control: no day has had an interval yet (sample ratio mismatch).')).toBeVisible();

  // 200 %: the plot keeps the screen's width, so its figures are read from the table below it.
  await page.evaluate(() => {
    document.documentElement.style.zoom = '2';
  });
  await page.getByText('bold: the lift by day as a table').click();
  const table = page.getByRole('table', { name: 'hero-headline: bold by day' });
  await expect(table).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(`^${since}`) });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  // The page itself never scrolls sideways; wide tables do, each in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  expect(await seriousA11yViolations(page)).toEqual([]);
});
