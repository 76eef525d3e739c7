/**
 * The experiments on the QA page (/__qa/funnel) as a reader meets them: first on the page, before the
 * funnel and speed tables, each with its verdict in words; per variant, its lift by day as a plot named
 * for assistive technology, with the day the verdict was reached, and the same figures as a table; at
 * 200 % zoom on a phone the table still reads whole (it scrolls sideways inside its own box, the page
 * does not), and axe finds no serious violation. A stand-in of its own serves a log whose experiments
 * have a known winner, a tie and a mismatch.
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

test('puts the experiments and their verdicts in words before the funnel and speed tables', async ({ page }) => {
  await page.goto(`${origin}/__qa/funnel`);
  // A broken split comes first, on the phone's first screen, unscrolled.
  await expect(page.getByText(/^Stop: the split is off \(sample-ratio mismatch\) — check the set-up before reading\./)).toBeInViewport();
  // 8 % against 5 % over 2,000 visitors each: about 60 % more, between 3 % and 117 % (by hand, plain.test.ts).
  const verdict = page.getByText(/^bold brings more registrations than control: about 60% more \(between 3% and 117%\)/);
  await expect(verdict).toBeVisible();
  await expect(page.getByText('4,000 visitors so far (control 2,000, bold 2,000). The planned lift, 10%, is the report')).toBeVisible();

  // As a screen reader lists the headings: the experiments, then the problems and the tables.
  const headings = await page.getByRole('heading').allTextContents();
  const at = (name: string) => headings.findIndex((heading) => heading.startsWith(name));
  expect(at('Experiments (')).toBeGreaterThan(-1);
  expect(at('Experiments (')).toBeLessThan(at('hero-headline: the statistics'));
  expect(at('hero-headline: the statistics')).toBeLessThan(at('Funnel and speed per landing'));
  expect(at('Funnel and speed per landing')).toBeLessThan(at('all landings'));
  // And as the eye meets them, top to bottom.
  const speedTable = page.getByRole('table', { name: 'Core Web Vitals per landing' });
  const verdictBox = await verdict.boundingBox();
  const speedBox = await speedTable.boundingBox();
  expect(verdictBox && speedBox && verdictBox.y < speedBox.y).toBe(true);
});

test('plots each variant by day with its verdict, readable at 200 % and without serious axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/__qa/funnel`);
  await expect(page.getByText(/^Test: sequential \(always valid, tuned for 15,616 visitors per variant\)/)).toBeVisible();

  const plot = page.getByRole('img', { name: /^hero-headline: lift of bold over control by day/ });
  await expect(plot).toBeVisible();
  const statistics = page.getByText(/^Verdict: variant wins: bold/);
  const since = /since (\d{4}-\d{2}-\d{2})/.exec((await statistics.textContent()) ?? '')?.[1];
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
