/**
 * The funnel report sees a visitor's run through a landing's form: the stand-in logs each tracking call
 * (test-results/stand-in/events.jsonl), and the report over that run's lines counts one view through
 * every step to registration_done, with the page's vitals.
 */
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryEventLog } from '../../reports/funnel/query';
import { buildFunnelReport } from '../../reports/funnel/report';
import { E2E_EVENT_LOG } from './event-log';
import { expect, test, typeInto, vitalsCodeLoaded, waitForPreloaderToLift } from './fixtures';

const ru = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../data/i18n/ru.json'), 'utf8'));
const LANDING = '/promo/zenit/ru/bonus20000/';

interface LogLine {
  action: string;
  event: { detail?: { pageViewId?: string; partnerUid?: string } } | null;
}

function logLines(): { text: string; line: LogLine }[] {
  if (!fs.existsSync(E2E_EVENT_LOG)) return [];
  return fs
    .readFileSync(E2E_EVENT_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((text) => {
      try {
        return [{ text, line: JSON.parse(text) as LogLine }];
      } catch {
        return [];
      }
    });
}

/** The page view the landing opened for this partner, once its view_landing is in the log. */
const pageViewOf = (partner: string): string | undefined =>
  logLines().find(({ line }) => line.action === 'view_landing' && line.event?.detail?.partnerUid === partner)?.line.event?.detail
    ?.pageViewId;

async function registerByEmail(page: Page): Promise<void> {
  await waitForPreloaderToLift(page);
  await page.locator('#offer a:visible').first().click();
  await expect(page.getByLabel(ru['reg.password'])).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: ru['reg.byEmail'] }).click();
  await typeInto(page.getByLabel(ru['reg.email']), `funnel${Date.now()}@example.org`);
  await typeInto(page.getByLabel(ru['reg.password']), 'secret123');
  await typeInto(page.getByLabel(ru['reg.birthdate']), '02.01.1988');
  await page.getByRole('button', { name: ru['reg.submit'] }).click();
  await expect(page.getByRole('heading', { name: ru['reg.doneTitle'] })).toBeVisible({ timeout: 15_000 });
}

test('a registration through the form is one view through every funnel step in the report', async ({ page }) => {
  test.setTimeout(120_000);
  const partner = `funnel${Date.now()}`;
  const vitalsCode = vitalsCodeLoaded(page);
  await page.goto(`${LANDING}?zpartner_uid=${partner}`);
  await registerByEmail(page);
  // Leaving the page sends its web_vitals beacon, once their code has come. A visitor who stays a moment
  // leaves a page the service worker controls: what is still to send must reach the main site past it.
  await vitalsCode;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.goto('about:blank');

  let pageViewId: string | undefined;
  await expect
    .poll(
      () => {
        pageViewId = pageViewOf(partner);
        return pageViewId
          ? logLines()
              .filter(({ line }) => line.event?.detail?.pageViewId === pageViewId)
              .map(({ line }) => line.action)
          : [];
      },
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(['view_landing', 'registration_done', 'web_vitals']));

  const runLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-funnel-')), 'events.jsonl');
  const run = logLines().filter(({ line }) => line.event?.detail?.pageViewId === pageViewId);
  fs.writeFileSync(runLog, run.map(({ text }) => `${text}\n`).join(''));
  const report = buildFunnelReport(await queryEventLog(runLog), { source: 'this run', minPageViews: 1 });

  expect(report.badInput).toEqual([]);
  const [landing] = report.funnel.landing;
  expect(landing.name).toBe('zenit/ru/bonus20000');
  expect([landing.views, landing.visitors]).toEqual([1, 1]);
  expect(Object.fromEntries(landing.steps.map((step) => [step.code, step.pageViews]))).toEqual({
    view_landing: 1,
    reg_start: 1,
    entered_char_in_reg: 1,
    reg_button_enter: 1,
    registration_done: 1,
  });
  expect(landing.fields.filter((field) => field.pageViews > 0).map((field) => field.code)).toEqual(
    expect.arrayContaining(['entered_email', 'entered_password']),
  );
  const [lcp] = report.vitals.landing[0].cells;
  expect(lcp.measured).toBe(1);
  fs.rmSync(path.dirname(runLog), { recursive: true, force: true });
});
