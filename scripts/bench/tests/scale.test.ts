/** The pure parts of the bench's scale row (scripts/bench/scale): scaled tables, edits, HTML changes, budgets. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSite } from '../../../build/tables/load';
import { cacheGrowth, scaleVerdicts, stepGrowth, unexpectedRewrites, type FactorRun } from '../scale/budgets';
import type { ScaleBuild } from '../scale/build';
import { editPromotionRedirect } from '../scale/edits';
import { compareHtml, pagePathOf, type HtmlSnapshot } from '../scale/output';
import { parseStat, treeOf } from '../scale/process-tree';
import { scaleFactors } from '../scale/run';
import { promotionsText, variantNames, writeScaledTables } from '../scale/tables';

const DATA_DIR = path.resolve(__dirname, '../../../data');
const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('scaled tables', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-scale-'));
    fs.cpSync(DATA_DIR, path.join(dir, 'data'), { recursive: true });
    writeScaledTables(dir, 10);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('ten times the tables are 260 slugs and 7,200 landings with no table problem', () => {
    const site = checkSite(path.join(dir, 'data'), NOW);
    expect(site.problems).toEqual([]);
    expect(Object.keys(site.tables!.slugs)).toHaveLength(260);
    expect(site.landings).toHaveLength(7200);
  });

  test('a copy keeps its original offer, amount, date and redirect', () => {
    const site = checkSite(path.join(dir, 'data'), NOW);
    const { tables } = site;
    expect(tables!.slugs.bonus20000_v4).toEqual(tables!.slugs.bonus20000);
    expect(tables!.offers.br.amounts.bonus35000_betgold_v10).toBe(tables!.offers.br.amounts.bonus35000_betgold);
    const row = (slug: string) => site.landings.find((landing) => landing.path === `/zenit/ae/${slug}/`)!.row;
    expect({ ...row('freebet5000_v3'), slug: 'freebet5000' }).toEqual(row('freebet5000'));
  });

  test('variant names and the one-row-per-line promotions file', () => {
    expect(variantNames('quiz', 3)).toEqual(['quiz', 'quiz_v2', 'quiz_v3']);
    expect(() => variantNames('quiz', 0)).toThrow(/scale factor/);
    const original = fs.readFileSync(path.join(DATA_DIR, 'promotions.json'), 'utf8');
    expect(promotionsText(JSON.parse(original))).toBe(original);
  });
});

describe('one-row edits', () => {
  const text = [
    '{"promotions": [',
    '  {"brand": "zenit", "country": "ru", "slug": "quiz", "date": "2026-12-31"},',
    '  {"brand": "zenit", "country": "ru", "slug": "US-Open", "date": "2021-09-12", "redirect_to": "/"}',
    ']}',
  ].join('\n');

  test('a redirect is added to the row, and nothing else of the file changes', () => {
    const edit = editPromotionRedirect(text, { brand: 'zenit', country: 'ru', slug: 'quiz' });
    expect(edit.text).toBe(
      text.replace('"slug": "quiz", "date": "2026-12-31"}', '"slug": "quiz", "date": "2026-12-31", "redirect_to": "/"}'),
    );
    expect(edit).toMatchObject({ from: '', to: '/' });
  });

  test('a redirect to the root moves to the brand’s freebet30 in the same language', () => {
    const edit = editPromotionRedirect(text, { brand: 'zenit', country: 'ru', slug: 'US-Open' });
    expect(JSON.parse(edit.text).promotions[1].redirect_to).toBe('/zenit/ru/freebet30/');
    expect(() => editPromotionRedirect(text, { brand: 'zenit', country: 'de', slug: 'quiz' })).toThrow(/no row zenit\/de\/quiz/);
  });
});

describe('HTML written by a rebuild', () => {
  test('written (mtime) and changed (content) are told apart', () => {
    const before: HtmlSnapshot = new Map([
      ['index.html', { mtimeMs: 1, sha1: 'a' }],
      ['zenit/ru/quiz/index.html', { mtimeMs: 1, sha1: 'b' }],
      ['zenit/ru/gone/index.html', { mtimeMs: 1, sha1: 'c' }],
    ]);
    const after: HtmlSnapshot = new Map([
      ['index.html', { mtimeMs: 2, sha1: 'a' }],
      ['zenit/ru/quiz/index.html', { mtimeMs: 2, sha1: 'B' }],
      ['zenit/ru/new/index.html', { mtimeMs: 2, sha1: 'd' }],
    ]);
    expect(compareHtml(before, after)).toEqual({
      rewritten: ['index.html', 'zenit/ru/quiz/index.html'],
      changed: ['zenit/ru/quiz/index.html'],
      added: ['zenit/ru/new/index.html'],
      removed: ['zenit/ru/gone/index.html'],
    });
  });

  test('page paths of HTML files', () => {
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf('404.html')).toBe('/404.html');
    expect(pagePathOf(path.join('zenit', 'ru', 'quiz', 'index.html'))).toBe('/zenit/ru/quiz/');
  });
});

describe('process tree memory', () => {
  test('a stat line with spaces and parentheses in the command name', () => {
    const fields = Array.from({ length: 50 }, (_, index) => String(index));
    fields[1] = '77'; // ppid
    fields[21] = '1000'; // rss in pages
    expect(parseStat(`123 (node (worker) x) ${fields.join(' ')}`, 4096)).toEqual({ pid: 123, ppid: 77, rssBytes: 4_096_000 });
  });

  test('the tree is the root and its descendants only', () => {
    const samples = [
      { pid: 1, ppid: 0, rssBytes: 1 },
      { pid: 10, ppid: 1, rssBytes: 10 },
      { pid: 11, ppid: 10, rssBytes: 100 },
      { pid: 20, ppid: 2, rssBytes: 1000 },
    ];
    expect(
      treeOf(10, samples)
        .map((sample) => sample.pid)
        .sort(),
    ).toEqual([10, 11]);
  });
});

function build(kind: ScaleBuild['kind'], fields: Partial<ScaleBuild> = {}): ScaleBuild {
  return {
    kind,
    seconds: 10,
    exitCode: 0,
    loadAverage: 1,
    pages: 724,
    steps: [],
    memory: { treeBytes: 0, processBytes: 0, processes: 1 },
    public: { bytes: 0, files: 0 },
    cache: { bytes: 100, files: 1 },
    cacheParts: [],
    html: { rewritten: [], changed: [], added: [], removed: [] },
    tail: '',
    ...fields,
  };
}

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
      ],
    });
    expect(stepGrowth(one, ten)).toEqual([
      expect.objectContaining({ name: 'createPages', pass: false }),
      expect.objectContaining({ name: 'onPostBuild', pass: true }),
    ]);
    expect(stepGrowth(one, build('cold', { pages: 7204, steps: [{ name: 'createPages', seconds: 14 }] }))[0].pass).toBe(true);
  });

  test('.cache growth over the warm builds of unchanged tables', () => {
    const run: FactorRun = {
      factor: 10,
      landings: 7200,
      edits: [],
      builds: [
        build('warm', { round: 1, cache: { bytes: 400, files: 1 } }),
        build('warm', { round: 2, cache: { bytes: 540, files: 1 } }),
        build('warm', { round: 3, cache: { bytes: 600, files: 1 } }),
      ],
    };
    expect(cacheGrowth(run)).toBeCloseTo(0.5);
  });

  test('an edit may rewrite its landing and the pages listing every landing, nothing else', () => {
    const edit = { field: 'date' as const, row: { brand: 'zenit', country: 'ru', slug: 'quiz' }, from: '2026-12-31', to: '2027-01-01' };
    const rewritten = build('edit: date', {
      html: { rewritten: ['zenit/ru/quiz/index.html', '404.html', 'zenit/kz/quiz/index.html'], changed: [], added: [], removed: [] },
    });
    expect(unexpectedRewrites(rewritten, edit)).toEqual(['/zenit/kz/quiz/']);
    expect(unexpectedRewrites(build('warm', { html: { rewritten: ['index.html'], changed: [], added: [], removed: [] } }), null)).toEqual([
      '/',
    ]);
  });

  test('wall time is judged at 10×, other sizes are reported without a verdict', () => {
    const run = (factor: number, seconds: number): FactorRun => ({
      factor,
      landings: 720 * factor,
      edits: [],
      builds: [
        build('cold', { seconds, pages: 720 * factor + 4 }),
        build('warm', { round: 1, seconds: seconds / 3, pages: 720 * factor + 4 }),
      ],
    });
    const verdicts = scaleVerdicts([run(1, 60), run(10, 130), run(20, 200)]);
    const wall = (kind: string, subject: string) => verdicts.find((v) => v.budget === `${kind} build wall time` && v.subject === subject)!;
    expect(wall('cold', '10× against 1×')).toMatchObject({ pass: false });
    expect(wall('cold', '10× against 1×').measured).toBeCloseTo(130 / 60);
    expect(wall('warm', '20× against 1×')).toMatchObject({ pass: null });
  });

  test('factors: 1× always, first', () => {
    expect(scaleFactors(undefined)).toEqual([1, 10]);
    expect(scaleFactors('20, 10, x, 0')).toEqual([1, 10, 20]);
  });
});
