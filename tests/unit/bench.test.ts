/** The pure parts of the performance bench (scripts/bench): budgets, ratios, chunk reading, markdown. */
import { editPromotionDate, parseHtmlStep, parseSteps, shiftDate } from '../../scripts/bench/build';
import { check, evaluateBudgets, preloaderVerdict, summarize, type BudgetInput } from '../../scripts/bench/budgets';
import { BLOCKED_URL_PATTERNS, BUDGETS, matchesUrlPattern } from '../../scripts/bench/config';
import {
  cell,
  chunkDifferences,
  chunkRole,
  fmtKb,
  resizesBefore,
  starvedRuns,
  fmtLimit,
  fmtMeasured,
  lighthouseRatios,
  renderMarkdown,
  weightRatios,
  type BenchReport,
} from '../../scripts/bench/report';
import { announcedPort } from '../../scripts/bench/server';
import { busyBetween, scriptName } from '../../scripts/bench/frames';
import { median, ratio } from '../../scripts/bench/stats';
import {
  checkLazyFeatures,
  chunkGroupFiles,
  detectFeatures,
  firstLoadFiles,
  inlineScriptBytes,
  inlineStyleBytes,
  isWebpackChunk,
  notableModules,
  packagesOf,
  shortModule,
  scriptSources,
  stylesheetHrefs,
  urlToPublicFile,
  type ChunkInfo,
  type PageWeight,
} from '../../scripts/bench/weights';
import { isCopied } from '../../scripts/bench/workspace';

const KB = 1024;

function passingInput(): BudgetInput {
  return {
    coldBuildS: 80,
    warmBuildS: 20,
    baselineJsGzip: 100 * KB,
    landings: [{ path: '/zenit/ru/bonus20000/', firstLoadJsGzip: 120 * KB, lighthouse: { score: 0.98, cls: 0.01, tbtMs: 100 } }],
    allLandingsJsGzipMax: { bytes: 120 * KB, path: '/zenit/ru/bonus20000/', count: 720 },
    lazyCheck: { pass: true, offenders: [] },
    preloader: [
      { delayMs: 0, liftMs: 640, settleMs: 300, expectedMs: 600, deltaMs: 40, pass: true },
      { delayMs: 800, liftMs: 1150, settleMs: 1100, expectedMs: 1100, deltaMs: 50, pass: true },
    ],
  };
}

describe('stats', () => {
  it('takes the median of odd and even lists and ignores NaN', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('gives a ratio to the baseline, or null when the baseline is zero or missing', () => {
    expect(ratio(130, 100)).toBeCloseTo(1.3);
    expect(ratio(0.01, 0)).toBeNull();
    expect(ratio(5, null)).toBeNull();
    expect(ratio(null, 5)).toBeNull();
    expect(ratio(Number.NaN, 5)).toBeNull();
  });
});

describe('third-party blocking', () => {
  const blocked = (url: string) => BLOCKED_URL_PATTERNS.some((pattern) => matchesUrlPattern(url, pattern));

  it('matches like Chromium: * is any run of characters over the whole URL', () => {
    expect(matchesUrlPattern('https://mc.yandex.ru/metrika/tag.js', '*yandex*')).toBe(true);
    expect(matchesUrlPattern('http://127.0.0.1:9000/promo/icons/payments/yandex.svg', '*yandex*')).toBe(true);
    expect(matchesUrlPattern('http://a.b/x', 'http://a.b/*')).toBe(true);
    expect(matchesUrlPattern('http://aXb/x', 'http://a.b/*')).toBe(false);
  });

  it('blocks the third-party hosts the landings know of', () => {
    for (const url of [
      'https://mc.yandex.ru/metrika/tag.js',
      'https://www.google.com/recaptcha/api.js?render=x',
      'https://www.gstatic.com/recaptcha/releases/x/recaptcha__en.js',
      'https://www.googletagmanager.com/gtm.js?id=GTM-X',
      'https://openfpcdn.io/fingerprintjs/v5/npm-monitoring',
      'http://mc.yandex.ru/watch/1',
      'http://www.google.com/recaptcha/api.js',
    ]) {
      expect([url, blocked(url)]).toEqual([url, true]);
    }
  });

  it('never blocks the bench server itself, whatever the path', () => {
    for (const url of [
      'http://127.0.0.1:41234/promo/zenit/ru/bonus20000/',
      'http://127.0.0.1:41234/promo/icons/payments/yandex.svg',
      'http://127.0.0.1:41234/promo/icons/social/google-play.svg',
      'http://127.0.0.1:41234/ajax/data/country?lang_id=1',
      'http://127.0.0.1:41234/promo/fingerprint.com.js',
    ]) {
      expect([url, blocked(url)]).toEqual([url, false]);
    }
  });
});

describe('budgets', () => {
  it('compares with the limit included', () => {
    expect(check(150, 150, '<=')).toBe(true);
    expect(check(150.1, 150, '<=')).toBe(false);
    expect(check(0.97, 0.97, '>=')).toBe(true);
    expect(check(0.96, 0.97, '>=')).toBe(false);
    expect(check(null, 1, '<=')).toBeNull();
    expect(check(Number.NaN, 1, '<=')).toBeNull();
  });

  it('passes every row when every figure is within its budget', () => {
    const rows = evaluateBudgets(passingInput(), BUDGETS);
    expect(rows.every((entry) => entry.pass === true)).toBe(true);
    expect(rows.map((entry) => entry.budget)).toEqual(
      expect.arrayContaining([
        'lighthouse-score',
        'cls',
        'tbt',
        'js-gzip',
        'js-ratio',
        'lazy-chunks',
        'cold-build',
        'warm-build',
        'preloader',
      ]),
    );
    expect(summarize(rows)).toEqual({ pass: rows.length, fail: 0, notMeasured: 0 });
  });

  it('fails each budget that is exceeded, and only that one', () => {
    const input = passingInput();
    input.landings[0].lighthouse = { score: 0.9, cls: 0.05, tbtMs: 151 };
    input.landings[0].firstLoadJsGzip = 126 * KB; // over 125 KB and 1.26× — within the ratio
    input.coldBuildS = 91;
    const rows = evaluateBudgets(input, BUDGETS);
    const failed = rows.filter((entry) => entry.pass === false).map((entry) => `${entry.budget} ${entry.subject}`);
    expect(failed).toEqual([
      'lighthouse-score /zenit/ru/bonus20000/',
      'cls /zenit/ru/bonus20000/',
      'tbt /zenit/ru/bonus20000/',
      'js-gzip /zenit/ru/bonus20000/',
      'cold-build all pages, cache cleared',
    ]);
  });

  it('a Lighthouse failure the bare page of the same run shares still fails, and says the machine was slow', () => {
    const input = passingInput();
    input.landings[0].lighthouse = { score: 0.85, cls: 0, tbtMs: 640 };
    input.landings.push({ path: '/zenbet/ae/bonus30000/', firstLoadJsGzip: 120 * KB, lighthouse: { score: 0.96, cls: 0, tbtMs: 120 } });
    input.baselineLighthouse = { score: 0.95, tbtMs: 223 };
    const rows = evaluateBudgets(input, BUDGETS);
    const of = (budget: string, subject: string) => rows.find((entry) => entry.budget === budget && entry.subject === subject)!;
    const first = input.landings[0].path;
    const second = input.landings[1].path;
    expect(of('lighthouse-score', first)).toMatchObject({
      pass: false,
      detail: expect.stringContaining('bare Gatsby page fails it too in this run (score 0.95)'),
    });
    expect(of('tbt', first)).toMatchObject({ pass: false, detail: expect.stringContaining('(TBT 223 ms)') });
    expect(of('lighthouse-score', second)).toMatchObject({ pass: false, detail: expect.stringContaining('bare Gatsby page fails it too') });
    // A budget the landing meets is not annotated, though the bare page fails it.
    expect(of('tbt', second)).toMatchObject({ pass: true });
    expect(of('tbt', second).detail).toBeUndefined();
  });

  it('a Lighthouse failure the bare page does not share carries no excuse', () => {
    const input = passingInput();
    input.landings[0].lighthouse = { score: 0.85, cls: 0, tbtMs: 640 };
    input.baselineLighthouse = { score: 0.99, tbtMs: 40 };
    const rows = evaluateBudgets(input, BUDGETS);
    const failed = rows.filter((entry) => entry.pass === false);
    expect(failed.map((entry) => entry.budget)).toEqual(['lighthouse-score', 'tbt']);
    expect(failed.every((entry) => entry.detail === undefined)).toBe(true);
  });

  it('fails the ratio budget when the landing ships more than 1.3× the bare page', () => {
    const input = passingInput();
    input.baselineJsGzip = 80 * KB;
    const rows = evaluateBudgets(input, BUDGETS);
    const ratioRow = rows.find((entry) => entry.budget === 'js-ratio' && entry.subject === '/zenit/ru/bonus20000/');
    expect(ratioRow?.measured).toBeCloseTo(1.5);
    expect(ratioRow?.pass).toBe(false);
  });

  it('marks figures that could not be measured as such, not as passes', () => {
    const input = passingInput();
    input.landings[0].lighthouse = null;
    input.warmBuildS = null;
    input.lazyCheck = null;
    const rows = evaluateBudgets(input, BUDGETS);
    expect(rows.filter((entry) => entry.pass === null).map((entry) => entry.budget)).toEqual([
      'lighthouse-score',
      'cls',
      'tbt',
      'lazy-chunks',
      'warm-build',
    ]);
  });

  it('fails the lazy-chunk row with the offenders named', () => {
    const input = passingInput();
    input.lazyCheck = { pass: false, offenders: ['captcha in app-1.js (string "grecaptcha")'] };
    const row = evaluateBudgets(input, BUDGETS).find((entry) => entry.budget === 'lazy-chunks');
    expect(row).toMatchObject({ pass: false, measured: 1, detail: 'captcha in app-1.js (string "grecaptcha")' });
  });
});

describe('main thread between two moments', () => {
  const frames = [
    {
      startMs: 1400,
      durationMs: 120,
      blockingMs: 70,
      scripts: [{ source: 'http://127.0.0.1:1/promo/713-de02d636ba46162e8242.js', startMs: 1410, durationMs: 100 }],
    },
    {
      startMs: 1600,
      durationMs: 60,
      blockingMs: 10,
      scripts: [{ source: 'http://127.0.0.1:1/promo/framework-98e41ca91f3b6b82cb14.js?x=1', startMs: 1600, durationMs: 50 }],
    },
    { startMs: 3000, durationMs: 80, blockingMs: 30, scripts: [] },
  ];

  it('counts only the part of each frame and script inside the window', () => {
    expect(busyBetween(frames, 1455, 1640)).toEqual({
      busyMs: 65 + 40,
      scripts: [
        { script: '713-de02d636ba46162e8242.js', ms: 55 },
        { script: 'framework-98e41ca91f3b6b82cb14.js', ms: 40 },
      ],
    });
    expect(busyBetween(frames, 2000, 2500)).toEqual({ busyMs: 0, scripts: [] });
  });

  it('names scripts by file', () => {
    expect(scriptName('https://host/a/b/app-1.js?v=2#x')).toBe('app-1.js');
    expect(scriptName('')).toBe('(no script)');
    expect(scriptName('TimerHandler:setTimeout')).toBe('TimerHandler:setTimeout');
  });
});

describe('preloader verdict', () => {
  it('is due at 600 ms when the country call settles earlier', () => {
    expect(preloaderVerdict(650, 200, 600, 100)).toEqual({ expectedMs: 600, deltaMs: 50, pass: true });
  });

  it('is due when the call settles when that is later', () => {
    expect(preloaderVerdict(1250, 1100, 600, 100)).toEqual({ expectedMs: 1100, deltaMs: 150, pass: false });
  });

  it('fails a lift before it was due and a call that never settled', () => {
    expect(preloaderVerdict(500, 200, 600, 100).pass).toBe(false);
    expect(preloaderVerdict(900, null, 600, 100).pass).toBe(false);
  });
});

describe('reading the built HTML', () => {
  const html = [
    '<html><head><style data-styled="">.a{color:red}</style><style>.b{}</style>',
    '<link rel="stylesheet" href="/promo/styles-0123456789abcdef0123.css"/><link rel="icon" href="/promo/x.svg"/>',
    '</head><body><script>window.pagePath="/x/";</script>',
    '<script src="/promo/webpack-runtime-0123456789abcdef0123.js" async></script>',
    "<script src='/promo/app-0123456789abcdef0123.js' async></script>",
    '<script src="https://mc.yandex.ru/metrika/tag.js"></script></body></html>',
  ].join('');

  it('finds the scripts, stylesheets and inline blocks', () => {
    expect(scriptSources(html)).toEqual([
      '/promo/webpack-runtime-0123456789abcdef0123.js',
      '/promo/app-0123456789abcdef0123.js',
      'https://mc.yandex.ru/metrika/tag.js',
    ]);
    expect(stylesheetHrefs(html)).toEqual(['/promo/styles-0123456789abcdef0123.css']);
    expect(inlineStyleBytes(html)).toBe('.a{color:red}'.length + '.b{}'.length);
    expect(inlineScriptBytes(html)).toBe('window.pagePath="/x/";'.length);
  });

  it('maps prefixed URLs to files under public/ and leaves other hosts out', () => {
    expect(urlToPublicFile('/promo/app-1.js?v=2', '/promo')).toBe('app-1.js');
    expect(urlToPublicFile('/other/app.js', '/promo')).toBe('other/app.js');
    expect(urlToPublicFile('https://example.com/a.js', '/promo')).toBeNull();
    expect(urlToPublicFile('//cdn.example.com/a.js', '/promo')).toBeNull();
  });

  it('joins the HTML scripts with the chunk groups, once each', () => {
    const stats = {
      namedChunkGroups: {
        app: {
          assets: [
            { name: 'webpack-runtime-0123456789abcdef0123.js' },
            { name: 'framework-0123456789abcdef0123.js' },
            { name: 'app-0123456789abcdef0123.js' },
          ],
        },
        'component---src-templates-landing-tsx': { assets: ['component---src-templates-landing-tsx-0123456789abcdef0123.js', 'x.js.map'] },
      },
    };
    expect(chunkGroupFiles(stats, 'component---src-templates-landing-tsx')).toEqual([
      'component---src-templates-landing-tsx-0123456789abcdef0123.js',
    ]);
    expect(() => chunkGroupFiles(stats, 'missing')).toThrow(/no chunk group "missing"/);
    expect(firstLoadFiles(html, stats, ['app', 'component---src-templates-landing-tsx'], '/promo')).toEqual({
      js: [
        'webpack-runtime-0123456789abcdef0123.js',
        'app-0123456789abcdef0123.js',
        'framework-0123456789abcdef0123.js',
        'component---src-templates-landing-tsx-0123456789abcdef0123.js',
      ],
      css: ['styles-0123456789abcdef0123.css'],
    });
  });
});

describe('chunk classification', () => {
  it('tells webpack chunks from the service worker files', () => {
    expect(isWebpackChunk('568-92ec9a2f14bcb2322b3a.js')).toBe(true);
    expect(isWebpackChunk('component---src-templates-landing-tsx-1b6cc6c67a67ef3f3750.js')).toBe(true);
    expect(isWebpackChunk('sw.js')).toBe(false);
    expect(isWebpackChunk('idb-keyval-3.2.0-iife.min.js')).toBe(false);
    expect(isWebpackChunk('568-92ec9a2f14bcb2322b3a.js.map')).toBe(false);
  });

  it('finds features by module path first, by string otherwise', () => {
    expect(detectFeatures('minified', ['webpack://promo-landings/./node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js'])).toEqual([
      { id: 'fingerprint', evidence: 'module ./node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js' },
    ]);
    expect(detectFeatures('window.grecaptcha.ready(); id:"reg-password"', []).map((hit) => hit.id)).toEqual(['captcha', 'registration']);
    expect(detectFeatures('className:"odds-card"; DOMPurify.sanitize', []).map((hit) => hit.id)).toEqual(['odds', 'dompurify']);
    expect(detectFeatures('"https://openfpcdn.io/fingerprintjs/v5"', []).map((hit) => hit.id)).toEqual(['fingerprint']);
    expect(
      detectFeatures('plain code', ['webpack://promo-landings/./src/features/registration/RegistrationForm.tsx']).map((hit) => hit.id),
    ).toEqual(['registration']);
    expect(detectFeatures('plain code', ['webpack://promo-landings/./src/features/registration/RegistrationSection.tsx'])).toEqual([]);
  });

  it('names the packages of a chunk', () => {
    expect(
      packagesOf([
        'webpack://x/./node_modules/axios/lib/axios.js',
        'webpack://x/./node_modules/@fingerprintjs/fingerprintjs/dist/fp.js',
        'webpack://x/./node_modules/axios/lib/core.js',
        'webpack://x/./src/api/client.ts',
      ]),
    ).toEqual(['@fingerprintjs/fingerprintjs', 'axios']);
  });

  it('picks a few modules to name a chunk by, own code first', () => {
    const sources = [
      'webpack://promo-landings/webpack/bootstrap',
      'webpack://promo-landings/./node_modules/axios/lib/axios.js',
      'webpack://promo-landings/./src/api/client.ts',
      'webpack://promo-landings/../src/components/lazy-hydrate.tsx',
    ];
    expect(notableModules(sources)).toEqual(['src/api/client.ts', 'src/components/lazy-hydrate.tsx', 'axios/lib/axios.js']);
    expect(shortModule('webpack://promo-landings/./node_modules/react-dom/cjs/react-dom-server.browser.production.js')).toBe(
      'react-dom/cjs/react-dom-server.browser.production.js',
    );
  });

  const chunk = (file: string, ids: string[]): ChunkInfo => ({
    file,
    sizes: { raw: 1, gzip: 1, brotli: 1 },
    features: ids.map((id) => ({ id, evidence: `string "${id}"` })),
    packages: [],
    ownModules: 0,
    modules: [],
  });

  it('passes when every feature lives in lazy chunks, and says where', () => {
    const result = checkLazyFeatures(
      [chunk('app.js', [])],
      [chunk('568.js', ['fingerprint']), chunk('965.js', ['captcha', 'registration'])],
    );
    expect(result.pass).toBe(true);
    expect(result.lazyHomes).toMatchObject({
      fingerprint: ['568.js'],
      captcha: ['965.js'],
      registration: ['965.js'],
      odds: [],
      dompurify: [],
    });
  });

  it('fails when a first-load chunk holds one of them', () => {
    const result = checkLazyFeatures([chunk('component---landing.js', ['odds'])], []);
    expect(result.pass).toBe(false);
    expect(result.offenders).toEqual(['odds in component---landing.js (string "odds")']);
  });
});

describe('warm rebuild edit', () => {
  const table = [
    '{',
    '  "$schema": "./schemas/promotions.schema.json",',
    '  "promotions": [',
    '    {"brand": "zenit", "country": "ae", "slug": "android", "date": "2099-12-31"},',
    '    {"brand": "zenit", "country": "ru", "slug": "quiz", "date": "2026-12-31"},',
    '    {"brand": "zenit", "country": "ru", "slug": "US-Open", "date": "2021-09-12", "redirect_to": "/zenit/ru/freebet35/"}',
    '  ]',
    '}',
  ].join('\n');

  it('moves one date by a day and leaves every other byte alone', () => {
    const edit = editPromotionDate(table, { brand: 'zenit', country: 'ru', slug: 'quiz' });
    expect(edit).toMatchObject({ row: { brand: 'zenit', country: 'ru', slug: 'quiz' }, from: '2026-12-31', to: '2027-01-01' });
    expect(edit.text).toBe(table.replace('"slug": "quiz", "date": "2026-12-31"', '"slug": "quiz", "date": "2027-01-01"'));
    expect(JSON.parse(edit.text).promotions).toHaveLength(3);
  });

  it('falls back to the first row when the wanted one is gone', () => {
    const edit = editPromotionDate(table, { brand: 'nobody', country: 'xx', slug: 'none' });
    expect(edit.row).toEqual({ brand: 'zenit', country: 'ae', slug: 'android' });
    expect(edit.to).toBe('2100-01-01');
  });

  it('shifts dates across months and refuses non-dates', () => {
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(() => shiftDate('2024-13-01', 1)).toThrow();
  });
});

describe('build output and tree copy', () => {
  it('reads the last HTML step line of a Gatsby build', () => {
    const output = [
      'success Building static HTML for pages - 1.000s - 2/2 2.00/s',
      '\u001b[32msuccess\u001b[39m Building static HTML for pages - 23.456s - 722/722 30.78/s',
    ].join('\n');
    expect(parseHtmlStep(output)).toEqual({ seconds: 23.456, pages: 722, perSecond: 30.78 });
    expect(parseHtmlStep('nothing here')).toBeNull();
  });

  it('lists the longest Gatsby steps first', () => {
    const output = [
      '\u001b[2K\u001b[1A\u001b[2K\u001b[Gsuccess Building production JavaScript and CSS bundles - 46.769s',
      'success run queries in workers - 1.117s - 725/725 649.25/s',
      'success Checking for changed pages - 0.008s',
      'success Checking for changed pages - 0.002s',
      'info bootstrap finished - 45.055s',
    ].join('\n');
    expect(parseSteps(output, 2)).toEqual([
      { name: 'Building production JavaScript and CSS bundles', seconds: 46.769 },
      { name: 'run queries in workers', seconds: 1.117 },
    ]);
    expect(parseSteps(output).find((step) => step.name === 'Checking for changed pages')?.seconds).toBeCloseTo(0.01);
  });

  it('copies sources but not output, caches or history', () => {
    expect(isCopied('src/templates/landing.tsx')).toBe(true);
    expect(isCopied('data/promotions.json')).toBe(true);
    expect(isCopied('public/index.html')).toBe(false);
    expect(isCopied('.cache/webpack')).toBe(false);
    expect(isCopied('node_modules')).toBe(false);
    expect(isCopied('test-results/e2e')).toBe(false);
  });

  it('reads the port a stand-in announces', () => {
    expect(announcedPort('Promo site: http://localhost:4100/promo/\nStand-in main site: http://127.0.0.1:4100/ (API under /ajax)')).toBe(
      4100,
    );
    expect(announcedPort('starting')).toBeNull();
  });
});

describe('report', () => {
  const weight = (jsGzip: number, htmlGzip: number, inlineCss: number): PageWeight => ({
    path: '/',
    html: { raw: htmlGzip * 4, gzip: htmlGzip, brotli: htmlGzip - 1 },
    inlineCssBytes: inlineCss,
    inlineScriptBytes: 0,
    js: { raw: jsGzip * 3, gzip: jsGzip, brotli: jsGzip - 10, files: ['app.js'] },
    css: { raw: 0, gzip: 0, brotli: 0, files: [] },
    data: { raw: 100, gzip: 50, brotli: 40 },
  });

  it('gives weights and Lighthouse figures as ratios to the bare page', () => {
    const ratios = weightRatios(weight(130, 20, 1000), weight(100, 10, 0));
    expect(ratios.jsGzip).toBeCloseTo(1.3);
    expect(ratios.htmlGzip).toBeCloseTo(2);
    expect(ratios.inlineCss).toBeNull();
    expect(ratios.totalGzip).toBeCloseTo((130 + 20 + 50) / (100 + 10 + 50));
    const lh = lighthouseRatios(
      { score: 0.95, fcpMs: 1000, lcpMs: 2000, cls: 0.01, tbtMs: 100, speedIndexMs: 1500, ttiMs: 2000, benchmarkIndex: 900 },
      { score: 1, fcpMs: 800, lcpMs: 1000, cls: 0, tbtMs: 0, speedIndexMs: 1000, ttiMs: 900, benchmarkIndex: 1000 },
    );
    expect(lh).toEqual({ score: 0.95, lcp: 2, cls: null, tbt: null, speedIndex: 1.5 });
  });

  it('tells first-load chunks by role and sums the difference to the bare page', () => {
    expect(chunkRole('framework-2daf8ebaa209eee51a1d.js')).toBe('framework');
    expect(chunkRole('webpack-runtime-e25ec1e5fc43d38e89dc.js')).toBe('webpack-runtime');
    expect(chunkRole('component---src-pages-index-js-d2f386322fcb1412852c.js')).toBe('page component');
    const info = (file: string, gzip: number) => ({
      file,
      sizes: { raw: gzip, gzip, brotli: gzip },
      features: [],
      packages: [],
      ownModules: 0,
      modules: [],
    });
    expect(
      chunkDifferences(
        [
          info('app-2f02c4599def93a7b29d.js', 34),
          info('framework-2daf8ebaa209eee51a1d.js', 67),
          info('component---src-templates-landing-tsx-1b6cc6c67a67ef3f3750.js', 21),
        ],
        [
          info('app-a24a8ccd9ccbbe8ffad7.js', 20),
          info('framework-8bcf656466b9a37b1798.js', 67),
          info('component---src-pages-index-js-d2f386322fcb1412852c.js', 1),
        ],
      ),
    ).toEqual([
      { role: 'page component', landing: 21, baseline: 1, difference: 20 },
      { role: 'app', landing: 34, baseline: 20, difference: 14 },
      { role: 'framework', landing: 67, baseline: 67, difference: 0 },
    ]);
  });

  it('pairs a layout shift with the blocks that changed height in the frames before it', () => {
    const resizes = [
      { element: 'section#registration', from: 142, to: 869, atMs: 1521.5 },
      { element: 'section[aria-labelledby=odds-title]', from: 86, to: 1750, atMs: 1801.9 },
      { element: 'header', from: 60, to: 64, atMs: 900 },
    ];
    expect(resizesBefore(resizes, 1521.4).map((resize) => resize.element)).toEqual(['section#registration']);
    expect(resizesBefore(resizes, 5000)).toEqual([]);
  });

  it('flags Lighthouse runs that had far less CPU than the bare page', () => {
    const samples = [
      { path: '/a/', runs: [{ benchmarkIndex: 1000 }, { benchmarkIndex: 300 }, { benchmarkIndex: 950 }] },
      { path: '/b/', runs: [{ benchmarkIndex: 900 }] },
      { path: '/c/', runs: [{ benchmarkIndex: Number.NaN }] },
    ];
    expect(starvedRuns(samples, 1050)).toEqual(['/a/ (1 of 3)']);
    expect(starvedRuns(samples, null)).toEqual([]);
  });

  it('formats figures and limits in their units', () => {
    expect(fmtKb(128_000)).toBe('125.0 KB');
    expect(fmtKb(null)).toBe('n/a');
    const jsRow = {
      budget: 'js-gzip',
      subject: 'x',
      measured: 100 * KB,
      limit: 125 * KB,
      comparator: '<=' as const,
      unit: 'bytes',
      pass: true,
    };
    expect(fmtMeasured(jsRow)).toBe('100.0 KB');
    expect(fmtLimit(jsRow)).toBe('≤ 125 KB');
    expect(fmtLimit({ ...jsRow, unit: 'score', limit: 0.97, comparator: '>=' })).toBe('≥ 0.97');
    expect(fmtLimit({ ...jsRow, unit: 'ms', limit: 150 })).toBe('≤ 150 ms');
    expect(cell('a|b\nc')).toBe('a\\|b c');
  });

  function report(): BenchReport {
    const rows = evaluateBudgets(passingInput(), BUDGETS);
    rows[0] = { ...rows[0], measured: 0.9, pass: false };
    return {
      generatedAt: '2026-11-22T00:00:00.000Z',
      durationS: 600,
      machine: {
        cpus: 2,
        cpuModel: 'Test CPU',
        memoryGb: 24,
        node: 'v20.0.0',
        chromium: 'Chromium 156',
        lighthouse: '12.8.2',
        gatsby: '5.16.1',
        platform: 'linux',
        loadAverage: { 'cold build': 1.5 },
      },
      phases: { 'cold build': 80 },
      settings: {
        lighthouseRuns: 1,
        preloaderRuns: 3,
        blockedUrlPatterns: [],
        compression: 'gzip 9',
        kb: 1024,
        samples: [{ role: 'brand zenit', path: '/zenit/ru/bonus20000/' }],
      },
      builds: {
        cold: {
          seconds: 80,
          pages: 722,
          pagesPerSecond: 9.0,
          htmlStep: { seconds: 20, pages: 722, perSecond: 36.1 },
          steps: [{ name: 'Building production JavaScript and CSS bundles', seconds: 46.8 }],
          exitCode: 0,
        },
        warm: {
          seconds: 20,
          pages: 722,
          pagesPerSecond: 36,
          htmlStep: null,
          steps: [],
          exitCode: 0,
          edit: { row: { brand: 'zenit', country: 'ru', slug: 'quiz' }, from: '2026-12-31', to: '2027-01-01' },
        },
        baseline: null,
      },
      weights: {
        baseline: weight(100 * KB, 1000, 0),
        allLandings: null,
        firstLoadChunks: [],
        baselineChunks: [],
        lazyChunks: [],
        lazyCheck: null,
      },
      samples: [
        {
          role: 'brand zenit',
          path: '/zenit/ru/bonus20000/',
          weight: weight(120 * KB, 9000, 13000),
          weightRatios: weightRatios(weight(120 * KB, 9000, 13000), weight(100 * KB, 1000, 0)),
          lighthouse: null,
          lighthouseRatios: null,
        },
      ],
      baselineLighthouse: null,
      preloader: { page: '/zenit/ru/bonus20000/', scenarios: [] },
      chunkTimeline: null,
      budgets: rows,
      summary: summarize(rows),
      notes: ['Lighthouse ran once per page.'],
      errors: ['lighthouse /x/: boom | bang'],
    };
  }

  it('under the landing matrix, says which failures the bare page of the run shares', () => {
    const slowDay = report();
    const input = passingInput();
    input.landings[0].lighthouse = { score: 0.85, cls: 0, tbtMs: 100 };
    input.baselineLighthouse = { score: 0.93, tbtMs: 90 };
    slowDay.budgets = evaluateBudgets(input, BUDGETS);
    const markdown = renderMarkdown(slowDay);
    expect(markdown).toContain('| /zenit/ru/bonus20000/ (brand zenit) | 0.85 ✗ |');
    expect(markdown).toContain(
      '- /zenit/ru/bonus20000/, lighthouse-score 0.85: the bare Gatsby page fails it too in this run (score 0.93)',
    );
    expect(renderMarkdown(report())).not.toContain('fails it too');
  });

  it('renders the budgets, builds, weights and errors as markdown tables', () => {
    const markdown = renderMarkdown(report());
    expect(markdown).toContain('**Budgets: ');
    expect(markdown).toContain(
      '| Landing | Lighthouse ≥ 0.97 | CLS ≤ 0.02 | TBT ≤ 150 ms | first-load JS gzip ≤ 125 KB | JS ≤ 1.3× bare |',
    );
    expect(markdown).toContain('| /zenit/ru/bonus20000/ (brand zenit) | 0.90 ✗ | 0.010 ✓ | 100 ms ✓ | 120.0 KB ✓ | 1.20× ✓ |');
    expect(markdown).toMatch(/\| cold-build \| all pages, cache cleared \| 80\.0 s \| ≤ 90 s \| pass \|/);
    expect(markdown).toContain('warm (zenit/ru/quiz date 2026-12-31 → 2027-01-01)');
    expect(markdown).toContain(
      'Longest Gatsby steps, cold (they overlap: image jobs run beside bundling): Building production JavaScript and CSS bundles 46.8 s.',
    );
    expect(markdown).toContain('| bare Gatsby page | n/a |');
    expect(markdown).toContain('- lighthouse /x/: boom \\| bang');
    expect(markdown).toContain('> Lighthouse ran once per page.');
    // Every table row has as many cells as its header.
    for (const block of markdown.split('\n\n').filter((part) => part.startsWith('| '))) {
      const lines = block.split('\n');
      const columns = (line: string) => line.replace(/\\\|/g, '').split('|').length;
      for (const line of lines) expect(columns(line)).toBe(columns(lines[0]));
    }
  });
});
