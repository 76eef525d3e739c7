/**
 * The stand-in answers an A/B experiment's landing as nginx does (deploy/, tests/built/experiments-nginx.test.ts):
 * each visitor gets their variant at the landing's own address, keeps it, and no shared cache keeps it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { writeExperimentFiles, type HostExperiment } from '../../gatsby/post-build/experiment-files';
import { makeApp } from './helpers';

const EXPERIMENT: HostExperiment = {
  id: 'hero-test-1',
  variants: [
    { id: 'control', weight: 50 },
    { id: 'bold', weight: 30 },
    { id: 'calm', weight: 20 },
  ],
  landings: ['/zenit/ru/bonus25000/'],
  consent: { '/zenit/ru/bonus25000/': 'none' },
};
/** The same on a landing of an opt-in market: the visitor is assigned only after accepting. */
const OPT_IN: HostExperiment = {
  id: 'hero-test-2',
  variants: [
    { id: 'control', weight: 50 },
    { id: 'bold', weight: 50 },
  ],
  landings: ['/zenit/de/bonus25000/'],
  consent: { '/zenit/de/bonus25000/': 'opt-in' },
};
const LANDING = '/promo/zenit/ru/bonus25000/';
const OPT_IN_LANDING = '/promo/zenit/de/bonus25000/';
const FORGET = /^promo_vid=; Path=\/promo\/; Max-Age=0; SameSite=Lax; Secure; HttpOnly$/;
const PAGE_DATA = '/promo/page-data/zenit/ru/bonus25000/page-data.json';
const VISITORS = 200;
const COOKIE = /^promo_vid=([0-9a-f]{32}); Path=\/promo\/; Max-Age=31536000; SameSite=Lax; Secure; HttpOnly$/;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

function write(root: string, file: string, content: string): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** Which variant an answer is: every file of the fixture names its variant. */
const variantOf = (response: LightMyRequestResponse) => /variant=(\w+)/.exec(response.body)?.[1];

describe('an A/B experiment through the stand-in', () => {
  let root: string;
  let app: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { 'user-agent': BROWSER, ...headers } });

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'stand-in-experiments-'));
    write(root, '404.html', '<!doctype html><title>404</title>');
    write(root, 'zenit/ru/bonus25000/index.html', '<!doctype html><title>variant=control</title>');
    write(root, 'page-data/zenit/ru/bonus25000/page-data.json', '{"path":"/zenit/ru/bonus25000/","variant=control":1}');
    for (const variant of ['bold', 'calm']) {
      const sitePath = `zenit/ru/_variant/hero-test-1/${variant}/bonus25000`;
      write(root, `${sitePath}/index.html`, `<!doctype html><title>variant=${variant}</title>`);
      write(root, `page-data/${sitePath}/page-data.json`, `{"path":"/${sitePath}/","variant=${variant}":1}`);
    }
    write(root, 'zenit/ru/bonus20000/index.html', '<!doctype html><title>no experiment</title>');
    write(root, 'zenit/de/bonus25000/index.html', '<!doctype html><title>variant=control</title>');
    write(root, 'zenit/de/_variant/hero-test-2/bold/bonus25000/index.html', '<!doctype html><title>variant=bold</title>');
    writeExperimentFiles(root, [EXPERIMENT, OPT_IN]);
    app = makeApp({ publicDir: root });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test(`${VISITORS} new visitors split by the weights (within 10 points), each at the landing's address and given a cookie`, async () => {
    const counts: Record<string, number> = { control: 0, bold: 0, calm: 0 };
    for (let visitor = 0; visitor < VISITORS; visitor++) {
      const answer = await get(LANDING);
      expect([answer.statusCode, answer.headers.location]).toEqual([200, undefined]);
      expect(String(answer.headers['set-cookie'])).toMatch(COOKIE);
      counts[variantOf(answer)!]++;
    }
    const offTheWeights = EXPERIMENT.variants.filter(({ id, weight }) => Math.abs((counts[id] / VISITORS) * 100 - weight) > 10);
    expect({ counts, offTheWeights }).toEqual({ counts, offTheWeights: [] });
  });

  test('a returning visitor gets the same variant every time, page and page data alike, and no new cookie', async () => {
    for (let visitor = 0; visitor < 30; visitor++) {
      const first = await get(LANDING);
      const cookie = `promo_vid=${COOKIE.exec(String(first.headers['set-cookie']))![1]}`;
      const variant = variantOf(first);
      for (const url of [LANDING, `${LANDING}index.html`, `${LANDING}?zpartner_uid=p1`, PAGE_DATA]) {
        const again = await get(url, { cookie });
        expect([url, again.statusCode, variantOf(again), again.headers['set-cookie']]).toEqual([url, 200, variant, undefined]);
      }
    }
  });

  test('answers per visitor are private and vary by cookie; the other landings stay as they were', async () => {
    for (const url of [LANDING, PAGE_DATA]) {
      const answer = await get(url);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(String(answer.headers.vary)).toMatch(/^cookie\b/i);
    }
    const other = await get('/promo/zenit/ru/bonus20000/');
    expect(other.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(other.headers['set-cookie']).toBeUndefined();
    expect(String(other.headers.vary ?? '')).not.toMatch(/cookie/i);
  });

  test('a crawler is never assigned: the control, and no cookie', async () => {
    for (let visit = 0; visit < 20; visit++) {
      const answer = await get(LANDING, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
      expect([variantOf(answer), answer.headers['set-cookie']]).toEqual(['control', undefined]);
    }
  });

  test('a cookie the host did not give counts as none: a new id is given', async () => {
    const answer = await get(LANDING, { cookie: 'promo_vid=../../etc' });
    expect(String(answer.headers['set-cookie'])).toMatch(COOKIE);
  });

  test('QA opens a variant at its own address, whatever the cookie', async () => {
    const answer = await get('/promo/zenit/ru/_variant/hero-test-1/calm/bonus25000/', {
      cookie: 'promo_vid=0123456789abcdef0123456789abcdef',
    });
    expect([answer.statusCode, variantOf(answer), answer.headers['cache-control']]).toEqual([200, 'calm', 'private, no-cache']);
  });

  describe('on a landing of an opt-in market', () => {
    test('a visitor without a choice, or who refused, is never assigned: the landing itself, and no cookie', async () => {
      for (const cookie of [undefined, 'promo_consent=refuse']) {
        for (let visit = 0; visit < 20; visit++) {
          const answer = await get(OPT_IN_LANDING, cookie ? { cookie } : {});
          expect([variantOf(answer), answer.headers['set-cookie']]).toEqual(['control', undefined]);
        }
      }
    });

    test('a visitor who withdrew, or never chose, loses the visitor cookie they still send', async () => {
      for (const cookie of [
        'promo_vid=0123456789abcdef0123456789abcdef; promo_consent=refuse',
        'promo_vid=0123456789abcdef0123456789abcdef',
      ]) {
        const answer = await get(OPT_IN_LANDING, { cookie });
        expect([variantOf(answer), String(answer.headers['set-cookie'])]).toEqual(['control', expect.stringMatching(FORGET)]);
      }
    });

    test('after an accept the visitor is split and given the cookie', async () => {
      const seen = new Set<string>();
      for (let visitor = 0; visitor < 40; visitor++) {
        const answer = await get(OPT_IN_LANDING, { cookie: 'promo_consent=accept' });
        expect(String(answer.headers['set-cookie'])).toMatch(COOKIE);
        seen.add(variantOf(answer)!);
      }
      expect([...seen].sort()).toEqual(['bold', 'control']);
    });
  });
});
