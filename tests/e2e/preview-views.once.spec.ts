/**
 * A landing the editor's preview frame opens (`/promo{path}?preview={rebuild}`, server/admin/client/admin.js)
 * is not a visitor's: the stand-in marks every call the page makes, by the address in its Referer, and the
 * funnel report over the log counts the visitor's view beside it and not the preview's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryEventLog } from '../../reports/funnel/query';
import { buildFunnelReport } from '../../reports/funnel/report';
import { E2E_EVENT_LOG } from './event-log';
import { expect, test } from './fixtures';

const LANDING = '/promo/zenit/ru/bonus20000/';

interface LogLine {
  action: string;
  preview?: boolean;
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

/** Every line of the page view the landing opened for this partner, once its view_landing is logged. */
function pageViewLines(partner: string): { text: string; line: LogLine }[] {
  const lines = logLines();
  const id = lines.find(({ line }) => line.action === 'view_landing' && line.event?.detail?.partnerUid === partner)?.line.event?.detail
    ?.pageViewId;
  return id ? lines.filter(({ line }) => line.event?.detail?.pageViewId === id) : [];
}

test("the editor's preview of a landing is logged as a preview and the report does not count it", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const previewPartner = `preview${stamp}`;
  const visitorPartner = `visitor${stamp}`;
  // Two people, each in a browser of their own: the marketer's preview and a visitor.
  for (const address of [`${LANDING}?preview=7&zpartner_uid=${previewPartner}`, `${LANDING}?zpartner_uid=${visitorPartner}`]) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto(address);
    await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 15_000 });
    // Leaving the page hands what is left to send, its view among it, to sendBeacon.
    await page.goto('about:blank');
    await context.close();
  }
  await expect.poll(() => pageViewLines(previewPartner).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => pageViewLines(visitorPartner).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const preview = pageViewLines(previewPartner);
  const visitor = pageViewLines(visitorPartner);
  expect(preview.map(({ line }) => [line.action, line.preview])).toEqual(preview.map(({ line }) => [line.action, true]));
  expect(visitor.map(({ line }) => line.preview)).toEqual(visitor.map(() => undefined));

  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-preview-'));
  const runLog = path.join(directory, 'events.jsonl');
  fs.writeFileSync(runLog, [...preview, ...visitor].map(({ text }) => `${text}\n`).join(''));
  const report = buildFunnelReport(await queryEventLog(runLog), { source: 'this run', minPageViews: 1 });
  fs.rmSync(directory, { recursive: true, force: true });
  expect(report.funnel.landing.map((line) => [line.name, line.views, line.visitors])).toEqual([['zenit/ru/bonus20000', 1, 1]]);
  expect(report.totals.previews).toBe(preview.length);
});
