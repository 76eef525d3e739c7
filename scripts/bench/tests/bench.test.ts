/** The bench's own rules: budgets, the multiplier, medians and round order, interactions, first-load files, the one-row edit, the report. */
import { judgeAgainstBare, judgeFirstTap, judgePreloader, judgeWeight, preloaderVerdict, ratio, row, summarize } from '../budgets';
import { BUDGETS } from '../config';
import { worstInteraction, type EventEntry } from '../browser';
import { chooseMultiplier, median, medianMetrics, planPasses, readLhr, roundOrder } from '../lighthouse';
import { figure, markdownTable, renderMarkdown, type BenchReport } from '../report';
import { editPromotion, plainFormPage, shiftDate } from '../sites';
import { parseSteps } from '../../site-copy';
import { firstLoadScripts, lazyFeaturesIn } from '../weights';
import { bundleLoader } from '../../../build/post-build/deferred-bundle';

const bare = { score: 0.98, tbtMs: 80, lcpMs: 1200, cls: 0 };

describe('budgets against the bare page of the same pass', () => {
  test('score at most 0.02 below the bare page, kept to two decimals', () => {
    const rows = judgeAgainstBare('/a/', 'default', { score: 0.96, tbtMs: 100, lcpMs: 1000, cls: 0 }, bare, BUDGETS);
    expect(rows[0]).toMatchObject({ budget: 'lighthouse-score', limit: 0.96, pass: true, bare: 0.98, lighthousePass: 'default' });
    const lower = judgeAgainstBare('/a/', 'default', { score: 0.95, tbtMs: 100, lcpMs: 1000, cls: 0 }, bare, BUDGETS);
    expect(lower[0].pass).toBe(false);
  });

  test('TBT within max(150 ms, 1.5 × the bare page)', () => {
    const tbt = (landing: number, bareTbt: number) =>
      judgeAgainstBare('/a/', 'default', { score: 1, tbtMs: landing, lcpMs: 1000, cls: 0 }, { ...bare, tbtMs: bareTbt }, BUDGETS)[1];
    expect(tbt(150, 80)).toMatchObject({ limit: 150, pass: true });
    expect(tbt(151, 80)).toMatchObject({ limit: 150, pass: false });
    expect(tbt(297, 198)).toMatchObject({ limit: 297, pass: true, timesBare: 1.5 });
    expect(tbt(298, 198).pass).toBe(false);
  });

  test('LCP ≤ 2.5 s and CLS ≤ 0.02 are fixed; without a bare page the relative rows are not measured', () => {
    const rows = judgeAgainstBare('/a/', 'calibrated', { score: 0.9, tbtMs: 900, lcpMs: 2600, cls: 0.01 }, null, BUDGETS);
    expect(rows.map((entry) => [entry.budget, entry.pass])).toEqual([
      ['lighthouse-score', null],
      ['tbt', null],
      ['lcp', false],
      ['cls', true],
    ]);
    expect(rows[0].detail).toBe('bare page not measured');
  });

  test('a landing not measured is not measured, never a pass', () => {
    expect(judgeAgainstBare('/a/', 'default', null, bare, BUDGETS).every((entry) => entry.pass === null)).toBe(true);
  });
});

describe('other budgets', () => {
  test('the first tap within max(50 ms, 2 × the plain form)', () => {
    const rows = judgeFirstTap(
      56,
      [
        { path: '/a/', ms: 112 },
        { path: '/b/', ms: 116 },
        { path: '/c/', ms: null },
      ],
      BUDGETS,
    );
    expect(rows.map((entry) => [entry.limit, entry.pass])).toEqual([
      [112, true],
      [112, false],
      [112, null],
    ]);
    expect(rows[1].timesBare).toBeCloseTo(116 / 56);
    expect(judgeFirstTap(20, [{ path: '/a/', ms: 49 }], BUDGETS)[0]).toMatchObject({ limit: 50, pass: true });
    expect(judgeFirstTap(null, [{ path: '/a/', ms: 10 }], BUDGETS)[0]).toMatchObject({ pass: null, detail: 'plain form not measured' });
  });

  test('the preloader lifts at max(600 ms, settled), at most 100 ms late and never early', () => {
    expect(preloaderVerdict(605, 163, BUDGETS)).toEqual({ dueMs: 600, deltaMs: 5, pass: true });
    expect(preloaderVerdict(1054, 953, BUDGETS)).toEqual({ dueMs: 953, deltaMs: 101, pass: false });
    expect(preloaderVerdict(599, 100, BUDGETS).pass).toBe(true);
    expect(preloaderVerdict(598, 100, BUDGETS).pass).toBe(false);
    expect(preloaderVerdict(700, null, BUDGETS).pass).toBe(false);
    const median = { liftMs: 598, settleMs: 100, dueMs: 600, deltaMs: -2, loads: '598/100' };
    expect(judgePreloader(0, median, BUDGETS)).toMatchObject({ subject: 'country call answered at 0 ms', pass: false });
    expect(judgePreloader(800, { ...median, liftMs: 1000, settleMs: 950, dueMs: 950, deltaMs: 50 }, BUDGETS).pass).toBe(true);
  });

  test('first-load JS within 125 KB gzip and 1.3 × the bare page', () => {
    const [gzip, times] = judgeWeight('/a/', 101.2 * 1024, 88.4 * 1024, BUDGETS);
    expect(gzip).toMatchObject({ limit: 128000, pass: true });
    expect(times.measured).toBeCloseTo(1.1448, 3);
    expect(times.pass).toBe(true);
    expect(judgeWeight('/a/', 126 * 1024, 90 * 1024, BUDGETS).map((entry) => entry.pass)).toEqual([false, false]);
    expect(judgeWeight('/a/', 100, null, BUDGETS)[1].pass).toBeNull();
  });

  test('rows, ratios and the count', () => {
    expect(row('x', 's', 3, NaN, '<=', 'ms').pass).toBeNull();
    expect(row('x', 's', NaN, 5, '<=', 'ms')).toMatchObject({ measured: null, pass: null });
    expect(row('x', 's', 5, 5, '>=', '').pass).toBe(true);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(3, 2)).toBe(1.5);
    const rows = [row('a', 's', 1, 2, '<=', ''), row('b', 's', 3, 2, '<=', ''), row('c', 's', null, 2, '<=', '')];
    expect(summarize(rows)).toEqual({ pass: 1, fail: 1, notMeasured: 1 });
  });
});

describe('Lighthouse runs', () => {
  test('median of the finite values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5, 1])).toBe(3);
    expect(median([])).toBeNaN();
  });

  test('round order: round 1 as listed, every round a permutation, each page in several places', () => {
    const pages = ['bare', 'a', 'b', 'c', 'floor'];
    expect(roundOrder(pages, 1)).toEqual(pages);
    const places = new Map(pages.map((page) => [page, new Set<number>()]));
    for (let round = 1; round <= 8; round += 1) {
      const order = roundOrder(pages, round);
      expect([...order].sort()).toEqual([...pages].sort());
      order.forEach((page, place) => places.get(page)!.add(place));
    }
    for (const seen of places.values()) expect(seen.size).toBeGreaterThanOrEqual(4);
    expect(roundOrder(['only'], 3)).toEqual(['only']);
  });

  test('the calibrated multiplier: host ÷ phone, truncated to hundredths, within 1–20', () => {
    expect(chooseMultiplier(1190, 264)).toEqual({ exact: 1190 / 264, clamped: null, multiplier: 4.5 });
    expect(chooseMultiplier(1800, 264)?.multiplier).toBe(6.81);
    expect(chooseMultiplier(200, 264)).toMatchObject({ multiplier: 1, clamped: 'min' });
    expect(chooseMultiplier(9000, 264)).toMatchObject({ multiplier: 20, clamped: 'max' });
    for (const bad of [null, 0, NaN]) expect(chooseMultiplier(bad, 264)).toBeNull();
  });

  test('the passes: the default one always, the calibrated one when the host index is known', () => {
    expect(planPasses(null).map((pass) => pass.id)).toEqual(['default']);
    const [first, calibrated] = planPasses(1190);
    expect(first).toMatchObject({ id: 'default', multiplier: 4 });
    expect(calibrated).toMatchObject({ id: 'calibrated', multiplier: 4.5 });
    expect(calibrated.title).toContain('host 1190 / low-tier phone');
    expect(planPasses(200)[1].title).toContain('raised from 0.76');
  });

  test('what is read of a Lighthouse result, and the medians of runs', () => {
    const lhr = (score: number, tbt: number) => ({
      categories: { performance: { score } },
      audits: {
        'first-contentful-paint': { numericValue: 800 },
        'largest-contentful-paint': { numericValue: 1100 },
        'cumulative-layout-shift': { numericValue: 0 },
        'total-blocking-time': { numericValue: tbt },
        'long-tasks': { details: { items: [{ url: 'http://x/promo/framework-1.js', duration: 84.4 }] } },
        'bootup-time': { details: { items: [{ url: 'http://x/promo/framework-1.js' }] } },
      },
      environment: { benchmarkIndex: 1200 },
    });
    const run = readLhr(lhr(0.94, 276));
    expect(run.metrics).toEqual({ score: 0.94, fcpMs: 800, lcpMs: 1100, cls: 0, tbtMs: 276, benchmarkIndex: 1200 });
    expect(run.longTasks).toEqual([{ url: 'http://x/promo/framework-1.js', ms: 84 }]);
    expect(run.scripts).toEqual(['http://x/promo/framework-1.js']);
    const runs = [lhr(0.9, 400), lhr(0.97, 200), lhr(0.94, 300)].map(readLhr);
    expect(medianMetrics(runs)).toMatchObject({ score: 0.94, tbtMs: 300 });
  });
});

describe('the first tap', () => {
  const entry = (
    name: string,
    interactionId: number,
    startMs: number,
    durationMs: number,
    processingStartMs: number,
    processingEndMs: number,
  ) => ({ name, interactionId, startMs, durationMs, processingStartMs, processingEndMs }) satisfies EventEntry;

  test('the worst interaction: entries grouped by interaction, its longest entry, split into delay, handlers and paint', () => {
    const worst = worstInteraction([
      entry('pointerover', 0, 0, 300, 10, 20),
      entry('pointerdown', 7, 100, 96, 161, 169),
      entry('pointerup', 7, 180, 40, 185, 190),
      entry('keydown', 9, 900, 80, 918, 919),
    ]);
    expect(worst).toEqual({ events: ['pointerdown', 'pointerup'], durationMs: 96, inputDelayMs: 61, processingMs: 8, presentationMs: 27 });
    expect(worst!.inputDelayMs + worst!.processingMs + worst!.presentationMs).toBe(96);
    expect(worstInteraction([entry('pointerover', 0, 0, 300, 10, 20)])).toBeNull();
  });
});

describe('first-load files', () => {
  const stats = {
    namedChunkGroups: {
      app: { assets: ['webpack-runtime-1.js', { name: 'app-2.js' }, 'app-2.js.map'] },
      'component---src-templates-landing-tsx': { assets: ['component-3.js', 'styles.css'] },
    },
  };

  test("the HTML's scripts, its deferred bundle and the chunk groups, once each, .js only, this site's only", () => {
    const html =
      '<script src="/promo/webpack-runtime-1.js"></script><script src="https://www.googletagmanager.com/gtm.js"></script>' +
      `<script id="promo-bundle">${bundleLoader([['/promo/framework-4.js', 'sha384-x']])}</script>`;
    expect(firstLoadScripts(html, stats, ['app', 'component---src-templates-landing-tsx'])).toEqual([
      'webpack-runtime-1.js',
      'framework-4.js',
      'app-2.js',
      'component-3.js',
    ]);
    expect(() => firstLoadScripts('', stats, ['missing'])).toThrow(/no chunk group "missing"/);
  });

  test('lazy features by module path or by string; look-alike first-party paths do not count', () => {
    expect(lazyFeaturesIn('', ['webpack://promo/./node_modules/axios/lib/axios.js'])).toEqual(['axios']);
    expect(lazyFeaturesIn('window.grecaptcha.ready()', [])).toEqual(['captcha']);
    expect(lazyFeaturesIn('', ['webpack://promo/./src/features/registration/calls/country.ts', 'src/main-site/ajax.ts'])).toEqual([]);
  });
});

describe('the sites beside the landings', () => {
  const text = [
    '{"promotions": [',
    '  {"brand": "zenit", "country": "ru", "slug": "quiz", "date": "2026-12-31"},',
    '  {"brand": "zenit", "country": "ru", "slug": "US-Open", "date": "2021-09-12", "redirect_to": "/"}',
    ']}',
  ].join('\n');

  test('dates move by whole days across months and years', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(() => shiftDate('31.12.2026', 1)).toThrow(/not a date/);
  });

  test("a one-row edit changes that row's text only", () => {
    const edit = editPromotion(text, { brand: 'zenit', country: 'ru', slug: 'quiz' }, 'date');
    expect(edit).toMatchObject({ from: '2026-12-31', to: '2027-01-01' });
    expect(edit.text).toBe(text.replace('"date": "2026-12-31"', '"date": "2027-01-01"'));
    const redirect = editPromotion(text, { brand: 'zenit', country: 'ru', slug: 'US-Open' }, 'redirect_to');
    expect(redirect).toMatchObject({ from: '/', to: '/zenit/ru/freebet30/' });
    expect(() => editPromotion(text, { brand: 'cupis', country: 'ru', slug: 'quiz' }, 'date')).toThrow(/no row cupis\/ru\/quiz/);
  });

  test('the plain form is the landing form alone, without script', () => {
    const landing =
      '<html lang="ru"><head><script>x()</script></head><body><form method="get" action="/m/"><input id="reg-phone" name="phone"></form></body></html>';
    const page = plainFormPage(landing);
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('<form method="get" action="/m/"><input id="reg-phone" name="phone"></form>');
    expect(page).not.toMatch(/<script/);
    expect(() => plainFormPage('<form><input id="reg-email"></form>')).toThrow(/no registration form with #reg-phone/);
    expect(() => plainFormPage('<form onsubmit="go()"><input id="reg-phone"></form>')).toThrow(/carries a script/);
  });

  test("Gatsby's step timings, the same step summed, longest first", () => {
    const output =
      'success compile gatsby files - 2.100s\nsuccess createPages - 1.5s\n\u001b[32msuccess\u001b[0m x\nsuccess createPages - 1.0s\n';
    expect(parseSteps(output)).toEqual([
      { name: 'createPages', seconds: 2.5 },
      { name: 'compile gatsby files', seconds: 2.1 },
    ]);
  });
});

describe('the report', () => {
  test('figures in their units, and tables', () => {
    expect(figure(101.2 * 1024, 'bytes')).toBe('101.2 KB');
    expect(figure(276.4, 'ms')).toBe('276 ms');
    expect(figure(91.04, 's')).toBe('91.0 s');
    expect(figure(0.9, 'score')).toBe('0.90');
    expect(figure(1.149, '×')).toBe('1.15×');
    expect(figure(null, 'ms')).toBe('not measured');
    expect(markdownTable({ header: ['a', 'b'], rows: [['1', '2']] })).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });

  test('the markdown counts the budgets, names what a landing failed and flags a host that changed speed', () => {
    const metrics = (score: number, tbtMs: number) => ({ score, tbtMs, lcpMs: 1100, cls: 0, fcpMs: 800, benchmarkIndex: 1000 });
    const budgets = [
      ...judgeAgainstBare('/zenit/ru/bonus20000/', 'default', metrics(0.9, 400), metrics(0.97, 198), BUDGETS),
      row('cold-build', 'all pages, cache cleared', 91, 90, '<=', 's'),
    ];
    const report: BenchReport = {
      generatedAt: '2026-11-28T00:00:00.000Z',
      durationS: 100,
      versions: { Lighthouse: '13.5.0' },
      machine: { cpus: 2, cpuModel: 'EPYC', memoryGb: 24, loadAverage: { 'cold build': 1.5 } },
      benchmarkIndex: { before: [1000], after: [1300] },
      phases: { 'cold build': 91 },
      passes: [
        {
          id: 'default',
          title: 'default pass (CPU 4×)',
          multiplier: 4,
          rounds: 1,
          bare: { median: metrics(0.97, 198), runs: [] },
          floor: null,
          samples: [{ role: 'brand zenit', path: '/zenit/ru/bonus20000/', figures: null }],
        },
      ],
      firstTap: null,
      tables: [],
      budgets,
      summary: summarize(budgets),
      notes: [],
      errors: [],
    };
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('**Budgets: 2 pass, 3 fail, 0 not measured.**');
    expect(markdown).toContain('| /zenit/ru/bonus20000/ (brand zenit) | 0.90 (0.93×) ✗ | 400 ms (2.02×) ✗ |');
    expect(markdown).toContain('**FAIL** (lighthouse-score, tbt)');
    expect(markdown).toContain('| cold-build | all pages, cache cleared | 91.0 s | ≤ 90.0 s | **FAIL** |');
    expect(markdown).toContain('The host changed speed by over 25 % meanwhile.');
  });
});
