/**
 * The editor's preview frame (`/promo/<landing>/?preview=editor`): the landing rendered from the tables as
 * saved, refused with the build's own words when the build would refuse them, at no address the tables
 * lack. Rendering itself needs a build (the browser test shows it); what comes before it does not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeApp } from './helpers';

const root = path.resolve(__dirname, '../..');
let siteDir: string;

beforeEach(() => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-preview-test-'));
  fs.cpSync(path.join(root, 'data'), path.join(siteDir, 'data'), { recursive: true });
});
afterEach(() => fs.rmSync(siteDir, { recursive: true, force: true }));

async function preview(url: string) {
  const app = makeApp({ admin: { repoDir: siteDir, localBackend: null, repo: 'o/r' }, publicDir: siteDir });
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  return response;
}

test('tables the build refuses give no preview, but the build’s reason', async () => {
  const file = path.join(siteDir, 'data/promotions/zenit/ru/bonus25000.json');
  const row = JSON.parse(fs.readFileSync(file, 'utf8'));
  row.experiment.variants[0].weight = 40;
  fs.writeFileSync(file, `${JSON.stringify(row, null, 2)}\n`);
  const response = await preview('/promo/zenit/kz/freebet30/?preview=editor');
  expect(response.statusCode).toBe(422);
  expect(response.body).toContain('The build refuses the tables');
  expect(response.body).toContain('the weights add up to 90, not 100');
});

test('an address no landing of the tables has is not previewed', async () => {
  const response = await preview('/promo/zenit/ru/no-such-slug/?preview=editor');
  expect(response.statusCode).toBe(404);
  expect(response.body).toContain('No landing of the tables has the address /zenit/ru/no-such-slug/');
});

test('before any build there is nothing to render with, and the preview says so', async () => {
  const response = await preview('/promo/zenit/ru/quiz/?preview=editor');
  expect(response.statusCode).toBe(503);
  expect(response.body).toContain('The site has not been built yet');
});

test('a landing already over is previewed where it redirects, the marker kept', async () => {
  const file = path.join(siteDir, 'data/promotions/zenit/ru/quiz.json');
  const row = JSON.parse(fs.readFileSync(file, 'utf8'));
  row.date = '2021-03-31';
  fs.writeFileSync(file, `${JSON.stringify(row, null, 2)}\n`);
  const response = await preview('/promo/zenit/ru/quiz/?preview=editor&save=1');
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/promo/zenit/ru/freebet30/?preview=editor&save=1');
});
