/** The funnel report as a page of the QA index, over the stand-in's own event log. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeApp } from './helpers';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'funnel', 'small.jsonl');
// The first page loads the embedded database and reads the log: seconds on a busy machine, not a hang.
jest.setTimeout(60_000);

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function logCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-funnel-'));
  made.push(dir);
  const file = path.join(dir, 'events.jsonl');
  fs.copyFileSync(FIXTURE, file);
  return file;
}

test('shows the problems first, then the plots and the tables, with text beside every plot', async () => {
  const app = makeApp({ eventLog: logCopy() });
  const response = await app.inject({ url: '/__qa/funnel' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  const page = response.body;
  expect(page).toContain('<title>Funnel report: 8 page views</title>');
  expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  const order = [
    '<h2>Problems (6)</h2>',
    'line 4, 29',
    '<h2>all landings</h2>',
    'Funnel per brand',
    'Funnel per landing',
    'Core Web Vitals per landing',
  ];
  const positions = order.map((text) => page.indexOf(text));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  // The funnel as bars and one distribution per vital, each an image with a title and a description.
  const plots = page.match(/<svg [^>]*role="img"[^>]*>\s*<title id="[^"]+">[^<]+<\/title><desc id="[^"]+">[^<]+<\/desc>/g) ?? [];
  expect(plots).toHaveLength(4);
  expect(page).toMatch(/<title id="plot-\d+-t">Funnel of all landings: page views per step<\/title>/);
  expect(page).toMatch(/<figcaption>all landings: 7 views, 6 visitors, registrations per 100 views not enough data\.<\/figcaption>/);
  expect(page).toMatch(
    /<figcaption>LCP: p75 not enough data; good not enough data, poor not enough data of 5 page views measured\.<\/figcaption>/,
  );
  await app.close();
});

test('draws the plots of the landing, brand or country asked for', async () => {
  const app = makeApp({ eventLog: logCopy() });
  const page = (await app.inject({ url: `/__qa/funnel?group=${encodeURIComponent('landing:zenit/ru/bonus20000')}` })).body;
  expect(page).toContain('<h2>zenit/ru/bonus20000</h2>');
  expect(page).toMatch(/<desc id="[^"]+">view_landing: 4 views; reg_start: 2 · not enough data;/);
  expect(page).toContain('<option value="landing:zenit/ru/bonus20000" selected>');
  // An unknown choice falls back to all landings.
  expect((await app.inject({ url: '/__qa/funnel?group=landing:nowhere' })).body).toContain('<h2>all landings</h2>');
  await app.close();
});

test('says so when there is no log yet, or none kept', async () => {
  const missing = makeApp({ eventLog: path.join(os.tmpdir(), `no-such-dir-${process.pid}`, 'events.jsonl') });
  const response = await missing.inject({ url: '/__qa/funnel' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('No tracking call has come yet');
  await missing.close();
  const none = makeApp();
  expect((await none.inject({ url: '/__qa/funnel' })).body).toContain('started without an event log');
  await none.close();
});

test('the QA index links to it', async () => {
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-public-'));
  made.push(publicDir);
  const app = makeApp({ publicDir });
  expect((await app.inject({ url: '/__qa/' })).body).toContain('<a href="/__qa/funnel">Funnel report</a>');
  await app.close();
});
