/** The pure parts of the bench's scale row (scripts/bench/scale.ts): HTML changes, budgets, the table; no build runs. */
import path from 'node:path';
import {
  compareHtml,
  pagePathOf,
  scaleFactors,
  scaleTable,
  scaleVerdicts,
  unexpectedRewrites,
  type FactorRun,
  type HtmlChanges,
  type ScaleBuild,
} from '../scale';
import { editPromotion } from '../sites';

describe('the redirect edit the scale row makes', () => {
  const quiz = '{\n  "brand": "zenit",\n  "country": "ru",\n  "slug": "quiz",\n  "date": "2026-12-31"\n}\n';
  const usOpen = '{\n  "brand": "zenit",\n  "country": "ru",\n  "slug": "US-Open",\n  "date": "2021-09-12",\n  "redirect_to": "/"\n}\n';

  test("a redirect is added to the landing's file, and nothing else of it changes", () => {
    const edit = editPromotion(quiz, { brand: 'zenit', country: 'ru', slug: 'quiz' }, 'redirect_to');
    expect(edit.text).toBe(quiz.replace('"date": "2026-12-31"\n', '"date": "2026-12-31",\n  "redirect_to": "/"\n'));
    expect(edit).toMatchObject({ from: null, to: '/' });
  });

  test('a redirect to the root moves to the brand’s freebet30 in the same language', () => {
    const edit = editPromotion(usOpen, { brand: 'zenit', country: 'ru', slug: 'US-Open' }, 'redirect_to');
    expect(edit.text).toBe(usOpen.replace('"redirect_to": "/"', '"redirect_to": "/zenit/ru/freebet30/"'));
    expect(() => editPromotion(quiz, { brand: 'zenit', country: 'de', slug: 'quiz' }, 'redirect_to')).toThrow(/no row zenit\/de\/quiz/);
  });
});

describe('HTML written by a rebuild', () => {
  test('written (mtime) and changed (content) are told apart', () => {
    const before = new Map([
      ['index.html', { mtimeMs: 1, sha1: 'a' }],
      ['zenit/ru/quiz/index.html', { mtimeMs: 1, sha1: 'b' }],
      ['zenit/ru/gone/index.html', { mtimeMs: 1, sha1: 'c' }],
      ['zenit/ru/same/index.html', { mtimeMs: 1, sha1: 'e' }],
    ]);
    const after = new Map([
      ['zenit/ru/quiz/index.html', { mtimeMs: 2, sha1: 'B' }],
      ['index.html', { mtimeMs: 2, sha1: 'a' }],
      ['zenit/ru/new/index.html', { mtimeMs: 2, sha1: 'd' }],
      ['zenit/ru/same/index.html', { mtimeMs: 1, sha1: 'e' }],
    ]);
    expect(compareHtml(before, after)).toEqual({
      rewritten: ['index.html', 'zenit/ru/quiz/index.html'],
      changed: ['zenit/ru/quiz/index.html'],
      added: ['zenit/ru/new/index.html'],
    });
  });

  test('page paths of HTML files', () => {
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf('404.html')).toBe('/404.html');
    expect(pagePathOf(path.join('404', 'index.html'))).toBe('/404/');
    expect(pagePathOf(path.join('zenit', 'ru', 'quiz', 'index.html'))).toBe('/zenit/ru/quiz/');
  });
});

const NO_HTML: HtmlChanges = { rewritten: [], changed: [], added: [] };

function build(kind: ScaleBuild['kind'], fields: Partial<ScaleBuild> = {}): ScaleBuild {
  return {
    kind,
    seconds: 10,
    exitCode: 0,
    pages: 724,
    steps: [],
    peakRssBytes: null,
    loadAverage: 1,
    tail: '',
    cacheBytes: 100,
    html: NO_HTML,
    ...fields,
  };
}

const factorRun = (factor: number, builds: ScaleBuild[]): FactorRun => ({ factor, landings: 720 * factor, builds });
const find = (verdicts: ReturnType<typeof scaleVerdicts>, budget: string, subject: string) =>
  verdicts.find((verdict) => verdict.budget === budget && verdict.subject === subject);

describe('scale budgets', () => {
  test('a step may grow with the pages, or stay under a second', () => {
    const one = build('cold', {
      steps: [
        { name: 'createPages', seconds: 1.5 },
        { name: 'onPostBuild', seconds: 0.05 },
        { name: 'only at 1×', seconds: 1 },
      ],
    });
    const ten = build('cold', {
      pages: 7204,
      steps: [
        { name: 'createPages', seconds: 22 },
        { name: 'onPostBuild', seconds: 0.9 },
        { name: 'only at 10×', seconds: 5 },
      ],
    });
    const verdicts = scaleVerdicts([factorRun(1, [one]), factorRun(10, [ten])]).filter((verdict) => verdict.budget === 'scale-cold-step');
    // Pages grew 7204 / 724 ≈ 9.95×: createPages 22 / 1.5 ≈ 14.7× grew faster; onPostBuild grew 18× but stays under a second.
    expect(verdicts.map((verdict) => [verdict.subject, verdict.pass])).toEqual([
      ['createPages (10×)', false],
      ['onPostBuild (10×)', true],
    ]);
    expect(verdicts[0].measured).toBeCloseTo(22 / 1.5);
    expect(verdicts[0].limit).toBeCloseTo(7204 / 724);
    // 14 s is 9.33× of 1.5 s: within the pages' growth.
    const slower = build('cold', { pages: 7204, steps: [{ name: 'createPages', seconds: 14 }] });
    expect(find(scaleVerdicts([factorRun(1, [one]), factorRun(10, [slower])]), 'scale-cold-step', 'createPages (10×)')?.pass).toBe(true);
  });

  test('.cache may grow at most 5 % over the warm builds of unchanged tables', () => {
    const warm = (bytes: number[]) => bytes.map((cacheBytes, index) => build('warm', { round: index + 1, cacheBytes }));
    const grew = find(scaleVerdicts([factorRun(1, warm([400, 540, 600]))]), 'scale-cache-growth', '1×');
    expect(grew).toMatchObject({ limit: 5, pass: false });
    expect(grew?.measured).toBeCloseTo(50);
    // The later builds' largest: 410 over 400 is 2.5 %, even when the last one is smaller.
    const steady = find(scaleVerdicts([factorRun(10, warm([400, 410, 404]))]), 'scale-cache-growth', '10×');
    expect(steady).toMatchObject({ pass: true });
    expect(steady?.measured).toBeCloseTo(2.5);
    expect(find(scaleVerdicts([factorRun(1, warm([400]))]), 'scale-cache-growth', '1×')).toMatchObject({ measured: null, pass: null });
  });

  test('an edit may rewrite its landing and the pages listing every landing, a warm build of unchanged tables nothing', () => {
    const html = (rewritten: string[], more: Partial<HtmlChanges> = {}) => ({ ...NO_HTML, rewritten, ...more });
    const date = build('edit: date', { html: html(['zenit/ru/quiz/index.html', '404.html', 'zenit/kz/quiz/index.html']) });
    expect(unexpectedRewrites(date)).toEqual(['/zenit/kz/quiz/']);
    const redirect = build('edit: redirect', { html: html(['index.html', '404/index.html', 'zenit/ru/quiz/index.html']) });
    expect(unexpectedRewrites(redirect)).toEqual([]);
    const rewrote = build('warm', { round: 2, html: html(['index.html']) });
    expect(unexpectedRewrites(rewrote)).toEqual(['/']);
    const added = build('warm', { round: 3, html: html([], { added: ['zenit/ru/new/index.html'] }) });
    const verdicts = scaleVerdicts([factorRun(1, [build('cold'), build('warm', { round: 1 }), rewrote, added, date, redirect])]);
    expect(find(verdicts, 'scale-warm-rewrites', '1× warm 1')).toMatchObject({ measured: 0, pass: true });
    expect(find(verdicts, 'scale-warm-rewrites', '1× warm 2')).toMatchObject({ measured: 1, pass: false, detail: '/' });
    expect(find(verdicts, 'scale-warm-rewrites', '1× warm 3')).toMatchObject({ measured: 1, pass: false });
    expect(find(verdicts, 'scale-edit-rewrites', '1× edit: date')).toMatchObject({ measured: 1, pass: false, detail: '/zenit/kz/quiz/' });
    expect(find(verdicts, 'scale-edit-rewrites', '1× edit: redirect')).toMatchObject({ measured: 0, pass: true });
    expect(verdicts.some((verdict) => verdict.subject === '1× cold')).toBe(false);
  });

  test('wall time is judged at 10×, other sizes are reported without a verdict', () => {
    const run = (factor: number, seconds: number) =>
      factorRun(factor, [
        build('cold', { seconds, pages: 720 * factor + 4 }),
        build('warm', { round: 1, seconds: seconds / 4, pages: 720 * factor + 4 }),
      ]);
    const verdicts = scaleVerdicts([run(1, 60), run(10, 130), run(20, 200)]);
    expect(find(verdicts, 'scale-cold-wall-time', '10× against 1×')).toMatchObject({ limit: 2, pass: false });
    expect(find(verdicts, 'scale-cold-wall-time', '10× against 1×')?.measured).toBeCloseTo(130 / 60);
    expect(find(verdicts, 'scale-cold-wall-time', '20× against 1×')).toMatchObject({ limit: 2, pass: null });
    expect(find(verdicts, 'scale-cold-wall-time', '20× against 1×')?.measured).toBeCloseTo(200 / 60);
    expect(find(verdicts, 'scale-warm-wall-time', '20× against 1×')).toMatchObject({ pass: null });
    expect(find(verdicts, 'scale-cold-wall-time', '1× against 1×')).toBeUndefined();
    expect(find(scaleVerdicts([run(1, 60), run(10, 110)]), 'scale-warm-wall-time', '10× against 1×')).toMatchObject({ pass: true });
  });

  test('a failed build is not measured', () => {
    const verdicts = scaleVerdicts([
      factorRun(1, [build('cold'), build('warm', { round: 1 })]),
      factorRun(10, [
        build('cold', { exitCode: 1 }),
        build('warm', { round: 1, exitCode: 1, html: { ...NO_HTML, rewritten: ['index.html'] } }),
      ]),
    ]);
    expect(find(verdicts, 'scale-cold-wall-time', '10× against 1×')).toMatchObject({ measured: null, pass: null });
    expect(find(verdicts, 'scale-warm-rewrites', '10× warm 1')).toMatchObject({ measured: null, pass: null });
  });

  test('factors: 1× always, first', () => {
    expect(scaleFactors(undefined)).toEqual([1, 10]);
    expect(scaleFactors('20, 10, x, 0')).toEqual([1, 10, 20]);
    expect(scaleFactors('10,1,10')).toEqual([1, 10]);
    expect(scaleFactors('2.5')).toEqual([1]);
  });
});

describe('scale table', () => {
  test('one row of builds per size, then its ratios against 1×', () => {
    const sized = (factor: number, cold: number, pages: number) =>
      factorRun(factor, [
        build('cold', { seconds: cold, pages, peakRssBytes: 1.5e9 }),
        ...[1, 2, 3].map((round) => build('warm', { round, seconds: cold / 4, pages, cacheBytes: 100e6 + round * 1e6 })),
        build('edit: date', { seconds: 20, pages, html: { ...NO_HTML, rewritten: ['index.html', 'zenit/ru/quiz/index.html'] } }),
        build('edit: redirect', { seconds: 21, pages, exitCode: 1 }),
      ]);
    const { header, rows } = scaleTable({ runs: [sized(1, 60, 724), sized(10, 130, 7204)], verdicts: [], errors: [] });
    expect(header).toHaveLength(9);
    expect(rows).toEqual([
      ['1×', '724', '60.0 s', '15.0 s / 15.0 s / 15.0 s', '20.0 s', '—', '1.50 GB', '101 → 102 → 103 MB', '2 / —'],
      ['10×', '7204', '130.0 s', '32.5 s / 32.5 s / 32.5 s', '20.0 s', '—', '1.50 GB', '101 → 102 → 103 MB', '2 / —'],
      ['10× ÷ 1×', '9.95×', '2.17×', '2.17×', '', '', '', '', ''],
    ]);
  });
});
