/**
 * The editor's preview frame and the QA index open landings with the `preview` query parameter; the
 * calls those pages make name that address in their Referer, the stand-in marks their log lines, and the
 * funnel report over the log counts the visitor's view only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTrackingEvent } from '../../src/domain/tracking';
import { trackingForm } from '../../src/tracking/calls/tracking';
import { makeApp } from './helpers';

jest.setTimeout(60_000);

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const logFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-views-'));
  made.push(dir);
  return path.join(dir, 'events.jsonl');
};
const readLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const view = (pageViewId: string, sessionId: string) =>
  trackingForm(
    buildTrackingEvent({
      code: 'view_landing',
      detail: {
        pageViewId,
        brand: 'zenit',
        country: 'ru',
        slug: 'bonus20000',
        category: 'casino',
        partnerUid: null,
        sourceScreen: 'landing',
        language: 'ru',
        refer: '',
        type: 'casino',
        name: 'bonus20000',
      },
      account: { sessionId },
      now: Date.UTC(2026, 2, 2, 10, 0, 0),
    }),
  );

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const LANDING = 'http://localhost:9000/promo/zenit/ru/bonus20000/';

test('marks the log line of a call from a page opened with ?preview, and only those', async () => {
  const file = logFile();
  const app = makeApp({ eventLog: file });
  const send = (referer: string | undefined, id: string) =>
    app.inject({ method: 'POST', url: '/ajax/kafka/log', payload: view(id, id), headers: { ...FORM, ...(referer ? { referer } : {}) } });
  // The editor's frame (its rebuild's number), a QA index link, a visitor with a partner's parameter, none.
  await send(`${LANDING}?preview=3`, 'editor0000000000');
  await send(`${LANDING}?zpartner_uid=p1&preview=qa`, 'qaindex000000000');
  await send(`${LANDING}?zpartner_uid=p1`, 'visitor000000000');
  await send(undefined, 'nobody0000000000');
  expect(readLines(file).map((line) => [(line.event as { detail: { pageViewId: string } }).detail.pageViewId, line.preview])).toEqual([
    ['editor0000000000', true],
    ['qaindex000000000', true],
    ['visitor000000000', undefined],
    ['nobody0000000000', undefined],
  ]);
  await app.close();
});

test('the QA index links each landing and variant page with the marker', async () => {
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-public-'));
  made.push(publicDir);
  fs.mkdirSync(path.join(publicDir, 'zenit', 'ru', 'bonus20000'), { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'zenit', 'ru', 'bonus20000', 'index.html'), '<!doctype html>');
  const app = makeApp({ publicDir });
  const body = (await app.inject({ url: '/__qa/' })).body;
  expect(body).toContain('<a href="/promo/zenit/ru/bonus20000/?preview=qa">bonus20000</a>');
  const pages = [...body.matchAll(/<a href="(\/promo\/[^"]*)"/g)].map((match) => match[1]).filter((href) => !href.endsWith('.json'));
  expect(pages.length).toBeGreaterThan(1);
  expect(pages.filter((href) => !href.endsWith('?preview=qa'))).toEqual([]);
  await app.close();
});

test("the QA page's report counts the visitor's view, not the editor's or the QA index's", async () => {
  const file = logFile();
  const app = makeApp({ eventLog: file });
  const send = (referer: string, id: string) =>
    app.inject({ method: 'POST', url: '/ajax/kafka/log', payload: view(id, id), headers: { ...FORM, referer } });
  await send(`${LANDING}?preview=1`, 'editor0000000000');
  await send(`${LANDING}?preview=qa`, 'qaindex000000000');
  await send(LANDING, 'visitor000000000');
  const page = (await app.inject({ url: '/__qa/funnel' })).body;
  expect(page).toContain('<title>Funnel report: 1 page views</title>');
  expect(page).toContain('2 events from the editor&#39;s preview and the QA index not counted');
  expect(page).toMatch(/<figcaption>all landings: 1 views, 1 visitors,/);
  await app.close();
});
