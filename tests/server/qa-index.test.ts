/** The QA index npm start serves beside the site: every landing with its status, filterable, linked. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { editedPromotions, promotionRow } from '../fixtures/tables';
import { makeApp } from './helpers';

function publicWith(pages: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-public-'));
  for (const page of pages) {
    fs.mkdirSync(path.join(dir, page), { recursive: true });
    fs.writeFileSync(path.join(dir, page, 'index.html'), '<!doctype html><title>x</title>');
  }
  return dir;
}

test('lists every landing with its status badge and links to the page and its page data', async () => {
  const app = makeApp({ publicDir: publicWith(['zenit/ru/US-Open', 'zenit/ru/bonus20000']) });
  const response = await app.inject({ url: '/__qa/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('<title>QA index: 720 of 720 landings</title>');
  expect(response.body).toContain('<a href="/promo/zenit/ru/bonus20000/?preview=qa">bonus20000</a>');
  expect(response.body).toContain('<a href="/promo/page-data/zenit/ru/bonus20000/page-data.json">page-data.json</a>');
  expect(response.body).toMatch(/expired → \/zenit\/ru\/freebet35\//);
  expect(response.body).toContain('No table problems.');
  await app.close();
});

test('filters by brand, country, category and status', async () => {
  const app = makeApp({ publicDir: publicWith([]) });
  const response = await app.inject({ url: '/__qa/?brand=zenit&status=expired&category=sport&country=de' });
  const rows = response.body.match(/<tr><td>/g) ?? [];
  expect(rows).toHaveLength(2);
  expect(response.body).toContain('freebet5000 (not built)');
  expect(response.body).toContain('US-Open (not built)');
  expect(response.body).not.toContain('welcome_bonus_casino25 (not built)');
  await app.close();
});

test('shows table problems first', async () => {
  const dataDir = editedPromotions((json) => {
    promotionRow(json, 'zenit/fr/people').redirect_to = '/zenit/fr/nowhere/';
  });
  const app = makeApp({ dataDir, publicDir: publicWith([]) });
  const response = await app.inject({ url: '/__qa/' });
  expect(
    response.body.indexOf('error: data/promotions/zenit/fr/people.json: zenit/fr/people: redirects to /zenit/fr/nowhere/'),
  ).toBeGreaterThan(-1);
  expect(response.body.indexOf('<h2>Problems</h2>')).toBeLessThan(response.body.indexOf('<table>'));
  await app.close();
});

test('hostile filter values are escaped, never reflected raw', async () => {
  const app = makeApp({ publicDir: publicWith([]) });
  const response = await app.inject({ url: `/__qa/?brand=${encodeURIComponent('"><script>alert(1)</script>')}` });
  expect(response.body).not.toContain('<script>alert(1)</script>');
  await app.close();
});

test('expired landings are redirected by the stand-in as by the host, keeping the query', async () => {
  const publicDir = publicWith(['zenit/ru/US-Open', 'zenit/ru/freebet35']);
  fs.writeFileSync(
    path.join(publicDir, '_redirects.json'),
    JSON.stringify([{ from: '/promo/zenit/ru/US-Open/', to: '/promo/zenit/ru/freebet35/', status: 302 }]),
  );
  const app = makeApp({ publicDir });
  for (const url of [
    '/promo/zenit/ru/US-Open/?promo_code=ABC',
    '/promo/zenit/ru/US-Open?promo_code=ABC',
    '/promo/zenit/ru/US-Open/index.html?promo_code=ABC',
  ]) {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/promo/zenit/ru/freebet35/?promo_code=ABC');
  }
  expect((await app.inject({ url: '/promo/zenit/ru/freebet35/' })).statusCode).toBe(200);
  await app.close();
});

test('shows which creative each landing leads with, with a thumbnail served from its source', async () => {
  const app = makeApp({ publicDir: publicWith([]) });
  const response = await app.inject({ url: '/__qa/?brand=zenbet&country=ae' });
  const row = (slug: string) => response.body.split('\n').find((line) => line.includes(`<td>${slug} (not built)</td>`)) ?? '';
  expect(row('bonus30000')).toContain(
    '<img src="/__qa/creative/default/zenbet/sport-bonus.svg" width="96" height="48" alt="" loading="lazy" style="transform:scaleX(-1)"> default sport-bonus (mirrored)',
  );
  expect(row('freebet30')).toContain(
    '<img src="/__qa/creative/default/zenbet/free-bet.svg" width="96" height="48" alt="" loading="lazy"> default free-bet',
  );
  expect(row('cybersport')).toContain(
    '<img src="/__qa/creative/file/cybersport.png" width="96" height="48" alt="" loading="lazy"> cybersport.png (slug)',
  );

  const drawing = await app.inject({ url: '/__qa/creative/default/zenbet/sport-bonus.svg' });
  expect(drawing.statusCode).toBe(200);
  expect(drawing.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  // zenbet's accent, not the colours the drawing is kept in.
  expect(drawing.body).toContain('.accent{fill:#ff7a00}');
  const file = await app.inject({ url: '/__qa/creative/file/cybersport.png' });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('image/png');
  expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  for (const url of [
    '/__qa/creative/default/other/casino.svg',
    '/__qa/creative/default/zenit/poker.svg',
    '/__qa/creative/file/..%2Fbrands.json',
    '/__qa/creative/file/missing.png',
  ]) {
    expect((await app.inject({ url })).statusCode).toBe(404);
  }
  await app.close();
});

test('lists each running A/B experiment, its variants and weights, and links to each variant\u2019s page', async () => {
  const app = makeApp({ publicDir: publicWith([]) });
  const body = (await app.inject({ url: '/__qa/' })).body;
  const row = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../data/promotions/zenit/ru/bonus25000.json'), 'utf8'));
  const { id, variants } = row.experiment;
  expect(body).toContain(`${id}<br><small>data/promotions/zenit/ru/bonus25000.json</small>`);
  for (const variant of variants as { id: string; weight: number }[]) {
    expect(body).toContain(`<b>${variant.id}</b> ${variant.weight}%`);
    const page = variant.id === 'control' ? '/promo/zenit/ru/bonus25000/' : `/promo/zenit/ru/_variant/${id}/${variant.id}/bonus25000/`;
    expect(body).toContain(`<a href="${page}?preview=qa">${variant.id}</a>`);
  }
  expect(body).toContain(`A/B ${id}</span>`);
  await app.close();
});
