/**
 * `npm run bench` (issue 6): builds, weighs and measures the landings in one run, on a copy of the
 * working tree, against a bare Gatsby page built in the same run. Writes bench/report.json and
 * bench/report.md and prints the markdown. A failed budget is a finding, not an error: the exit code
 * is non-zero only when the bench itself could not do its work.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBaselineSite } from './baseline';
import { applyWarmEdit, gatsbyBuild, type BuildRun } from './build';
import { evaluateBudgets, summarize } from './budgets';
import {
  BASELINE_CHUNK_GROUP,
  BLOCKED_URL_PATTERNS,
  BUDGETS,
  CHROMIUM_PATH,
  CHUNK_TIMELINE_PAGE,
  DEADLINE_S,
  LANDING_CHUNK_GROUP,
  LIGHTHOUSE_RUNS,
  PATH_PREFIX,
  PRELOADER_DELAYS_MS,
  PRELOADER_PAGE,
  PRELOADER_RUNS,
  SAMPLE_LANDINGS,
  WARM_EDIT,
} from './config';
import { lighthouseRun, summarizeRuns, type LighthouseResult, type LighthouseRun } from './lighthouse';
import { chunkTimeline, launchChromium, measurePreloader } from './preloader';
import { lighthouseRatios, renderMarkdown, weightRatios, type BenchReport, type BuildFigures, type SampleFigures } from './report';
import { startServer, type RunningServer } from './server';
import { median } from './stats';
import { BuiltSite, checkLazyFeatures, compressedSizes, inlineStyleBytes, landingPaths, type ChunkInfo, type PageWeight } from './weights';
import { copyWorkingTree, removeDir } from './workspace';
import { removeScaleCopies, runScale, scaleFactors } from './scale/run';

const ROOT = path.resolve(__dirname, '..', '..');
const BARE = 'bare Gatsby page';
const REPORT_DIR = path.join(ROOT, 'bench');
/** Logs and raw Lighthouse reports (git-ignored). */
const OUT_DIR = path.join(REPORT_DIR, 'out');

const started = Date.now();
const errors: string[] = [];
/** Things a reader of the figures should know (fewer Lighthouse runs than asked, say). */
const notes: string[] = [];
const phases: Record<string, number> = {};
const loadAverage: Record<string, number> = {};
const cleanups: Array<() => Promise<void> | void> = [];

function log(message: string): void {
  const elapsed = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${elapsed}s] ${message}`);
}

/** Runs one phase; a failure is recorded and the bench goes on with what it has. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  loadAverage[name] = os.loadavg()[0];
  const begin = Date.now();
  log(`${name}…`);
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors.push(`${name}: ${message}`);
    log(`${name} FAILED: ${message}`);
    return null;
  } finally {
    phases[name] = (Date.now() - begin) / 1000;
  }
}

function figures(build: BuildRun): BuildFigures {
  return {
    seconds: build.seconds,
    pages: build.pages,
    pagesPerSecond: build.pagesPerSecond,
    htmlStep: build.htmlStep,
    steps: build.steps,
    exitCode: build.exitCode,
  };
}

function mustSucceed(build: BuildRun, what: string): BuildRun {
  if (build.exitCode !== 0) throw new Error(`${what} failed (exit ${build.exitCode}):\n${build.tail}`);
  return build;
}

function versionOf(pkg: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `unknown (${CHROMIUM_PATH})`;
  }
}

function lighthouseFigures(result: LighthouseResult | null) {
  return result ? { median: result.median, runs: result.runs.map((run) => run.metrics), notes: result.notes } : null;
}

async function cleanup(): Promise<void> {
  while (cleanups.length) {
    const step = cleanups.pop()!;
    try {
      await step();
    } catch {
      // Best effort: a temp dir or a server that is already gone.
    }
  }
}

async function main(): Promise<number> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const keep = process.env.BENCH_KEEP === '1';

  // 1. Cold build of a fresh copy of the working tree.
  const siteDir = copyWorkingTree(ROOT);
  if (!keep) cleanups.push(() => removeDir(siteDir));
  log(`sources copied to ${siteDir}`);
  const cold = await phase('cold build', async () =>
    mustSucceed(await gatsbyBuild(siteDir, path.join(OUT_DIR, 'build-cold.log')), 'the cold build'),
  );
  if (!cold) return finish(null);

  // 2. Warm rebuild after one table edit.
  const warm = await phase('warm build', async () => {
    const edit = applyWarmEdit(siteDir, WARM_EDIT);
    log(`edited data/promotions.json: ${edit.row.brand}/${edit.row.country}/${edit.row.slug} date ${edit.from} → ${edit.to}`);
    const build = mustSucceed(await gatsbyBuild(siteDir, path.join(OUT_DIR, 'build-warm.log')), 'the warm rebuild');
    return { ...figures(build), edit };
  });

  // 3. The bare Gatsby page.
  const baselineDir = createBaselineSite(ROOT);
  if (!keep) cleanups.push(() => removeDir(baselineDir));
  const baselineBuild = await phase('baseline build', async () =>
    mustSucceed(await gatsbyBuild(baselineDir, path.join(OUT_DIR, 'build-baseline.log')), 'the bare Gatsby build'),
  );

  // 4. Weights from the built output.
  const publicDir = path.join(siteDir, 'public');
  const site = new BuiltSite(publicDir, PATH_PREFIX, ['app', LANDING_CHUNK_GROUP]);
  const baselineSite = baselineBuild ? new BuiltSite(path.join(baselineDir, 'public'), PATH_PREFIX, ['app', BASELINE_CHUNK_GROUP]) : null;
  const weights = await phase('weights', async () => {
    const baseline = baselineSite ? baselineSite.measure('/') : null;
    const samples = new Map<string, PageWeight>(SAMPLE_LANDINGS.map((sample) => [sample.path, site.measure(sample.path)]));
    const brands = Object.keys(JSON.parse(fs.readFileSync(path.join(siteDir, 'data', 'brands.json'), 'utf8')) as object).filter(
      (key) => key !== '$schema',
    );
    const paths = landingPaths(publicDir, brands);
    if (paths.length === 0) throw new Error('no landing pages found in the build');
    const firstLoadFiles = new Set<string>();
    const each = paths.map((pagePath) => {
      const html = site.html(pagePath);
      const files = site.firstLoad(pagePath);
      files.js.forEach((file) => firstLoadFiles.add(file));
      return {
        path: pagePath,
        jsGzip: files.js.reduce((sum, file) => sum + site.fileSizes(file).gzip, 0),
        htmlGzip: compressedSizes(html, false).gzip,
        htmlRaw: Buffer.byteLength(html),
        inlineCss: inlineStyleBytes(html),
      };
    });
    const maxBy = (key: 'jsGzip' | 'htmlGzip' | 'inlineCss') => each.reduce((best, entry) => (entry[key] > best[key] ? entry : best));
    const firstLoadChunks: ChunkInfo[] = [...firstLoadFiles].map((file) => site.chunk(file));
    const lazyChunks = site
      .allChunks()
      .filter((file) => !firstLoadFiles.has(file))
      .map((file) => site.chunk(file));
    const baselineChunks = baselineSite ? baselineSite.firstLoad('/').js.map((file) => baselineSite.chunk(file)) : [];
    return {
      baseline,
      baselineChunks,
      samples,
      allLandings: {
        count: each.length,
        jsGzipMin: Math.min(...each.map((entry) => entry.jsGzip)),
        jsGzipMax: { bytes: maxBy('jsGzip').jsGzip, path: maxBy('jsGzip').path },
        htmlGzipMax: { bytes: maxBy('htmlGzip').htmlGzip, path: maxBy('htmlGzip').path },
        htmlRawMedian: median(each.map((entry) => entry.htmlRaw)),
        inlineCssMax: { bytes: maxBy('inlineCss').inlineCss, path: maxBy('inlineCss').path },
      },
      firstLoadChunks,
      lazyChunks,
      lazyCheck: checkLazyFeatures(firstLoadChunks, lazyChunks),
    };
  });

  // 5. Servers: the stand-in over the copy's public/, and the same server code over the bare build.
  const landingServer = await phase('start stand-in', async () => {
    const server = await startServer(siteDir, 'server/main.ts');
    cleanups.push(() => server.stop());
    return server;
  });
  const baselineServer: RunningServer | null = baselineBuild
    ? await phase('start baseline server', async () => {
        const server = await startServer(siteDir, 'scripts/bench/serve.ts', { BENCH_PUBLIC_DIR: path.join(baselineDir, 'public') });
        cleanups.push(() => server.stop());
        return server;
      })
    : null;

  // 6. Lighthouse, one page at a time and nothing else running. Runs go in rounds over every page,
  // so a burst of load on the machine lands on one run of each page rather than on all runs of one.
  const lhDir = path.join(OUT_DIR, 'lighthouse');
  fs.rmSync(lhDir, { recursive: true, force: true });
  const lhPages = [
    ...(baselineServer ? [{ key: BARE, url: `${baselineServer.origin}${PATH_PREFIX}/`, label: 'bare-gatsby' }] : []),
    ...(landingServer
      ? SAMPLE_LANDINGS.map((sample) => ({
          key: sample.path,
          url: `${landingServer.origin}${PATH_PREFIX}${sample.path}`,
          label: sample.path.replace(/^\/|\/$/g, '').replace(/\//g, '-'),
        }))
      : []),
  ];
  const lhRuns = new Map<string, LighthouseRun[]>(lhPages.map((page) => [page.key, []]));
  let roundSeconds = 0;
  for (let round = 1; round <= LIGHTHOUSE_RUNS && lhPages.length > 0; round += 1) {
    const elapsed = (Date.now() - started) / 1000;
    // The preloader phase and the report need about a minute after Lighthouse.
    if (round > 1 && elapsed + roundSeconds + 60 > DEADLINE_S) {
      notes.push(
        `Lighthouse made ${round - 1} run(s) per page, not ${LIGHTHOUSE_RUNS}: a round over the ${lhPages.length} pages took ${roundSeconds.toFixed(0)} s and another would have ended after ${DEADLINE_S} s (BENCH_DEADLINE_S).`,
      );
      log(notes[notes.length - 1]);
      break;
    }
    const roundStart = Date.now();
    await phase(`lighthouse round ${round}`, async () => {
      for (const page of lhPages) {
        try {
          lhRuns.get(page.key)!.push(await lighthouseRun(page.url, path.join(lhDir, `${page.label}-${round}.json`)));
        } catch (error) {
          errors.push(`lighthouse ${page.key} round ${round}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    roundSeconds = (Date.now() - roundStart) / 1000;
  }
  const summarized = (key: string): LighthouseResult | null => {
    const runs = lhRuns.get(key) ?? [];
    return runs.length ? summarizeRuns(key, runs) : null;
  };
  const baselineLighthouse = summarized(BARE);
  const sampleLighthouse = new Map<string, LighthouseResult | null>(
    SAMPLE_LANDINGS.map((sample) => [sample.path, summarized(sample.path)]),
  );

  // 7. Preloader lift and chunk timeline in Chromium.
  const browserWork = landingServer
    ? await phase('preloader', async () => {
        const browser = await launchChromium();
        try {
          const scenarios = [];
          for (const delayMs of PRELOADER_DELAYS_MS) {
            await landingServer.setFaults(delayMs > 0 ? { '/ajax/data/country': { delayMs } } : {});
            scenarios.push(
              await measurePreloader(
                browser,
                `${landingServer.origin}${PATH_PREFIX}${PRELOADER_PAGE}`,
                delayMs,
                PRELOADER_RUNS,
                BUDGETS.preloaderMinMs,
                BUDGETS.preloaderSlackMs,
              ),
            );
          }
          await landingServer.setFaults({});
          const timeline = await chunkTimeline(browser, `${landingServer.origin}${PATH_PREFIX}${CHUNK_TIMELINE_PAGE}`, PATH_PREFIX).catch(
            (error: unknown) => {
              errors.push(`chunk timeline: ${error instanceof Error ? error.message : String(error)}`);
              return null;
            },
          );
          return { scenarios, timeline };
        } finally {
          await browser.close();
        }
      })
    : null;

  // 8. The scale row (issue 17), in copies of its own, after everything that a busy machine would skew.
  const scale =
    process.env.BENCH_SCALE === '0'
      ? null
      : await phase('scale', async () => {
          cleanups.push(removeScaleCopies);
          const result = await runScale({ root: ROOT, outDir: OUT_DIR, factors: scaleFactors(process.env.BENCH_SCALE_FACTORS), keep, log });
          errors.push(...result.errors);
          return result;
        });

  // 9. The report.
  const baselineLh = baselineLighthouse ?? null;
  const samples: SampleFigures[] = SAMPLE_LANDINGS.map((sample) => {
    const weight = weights?.samples.get(sample.path) ?? null;
    const lh = sampleLighthouse.get(sample.path) ?? null;
    return {
      role: sample.role,
      path: sample.path,
      weight,
      weightRatios: weight && weights?.baseline ? weightRatios(weight, weights.baseline) : null,
      lighthouse: lighthouseFigures(lh),
      lighthouseRatios: lh && baselineLh ? lighthouseRatios(lh.median, baselineLh.median) : null,
    };
  });
  const timeline = browserWork?.timeline ?? null;
  const fetched = (file: string): string => {
    if (!timeline) return 'n/a';
    const load = timeline.scripts.find((script) => script.file === file);
    return load
      ? `${load.phase === 'before input' ? 'without input' : 'on interaction'}, at ${Math.round(load.startMs)} ms`
      : 'not fetched';
  };
  const scenarios = browserWork?.scenarios ?? [];
  const budgets = evaluateBudgets(
    {
      coldBuildS: cold.seconds,
      warmBuildS: warm?.seconds ?? null,
      baselineJsGzip: weights?.baseline?.js.gzip ?? null,
      baselineLighthouse: baselineLh ? { score: baselineLh.median.score, tbtMs: baselineLh.median.tbtMs } : null,
      landings: samples.map((sample) => ({
        path: sample.path,
        firstLoadJsGzip: sample.weight?.js.gzip ?? null,
        lighthouse: sample.lighthouse
          ? { score: sample.lighthouse.median.score, cls: sample.lighthouse.median.cls, tbtMs: sample.lighthouse.median.tbtMs }
          : null,
      })),
      allLandingsJsGzipMax: weights ? { ...weights.allLandings.jsGzipMax, count: weights.allLandings.count } : null,
      lazyCheck: weights?.lazyCheck ?? null,
      preloader: scenarios.map((scenario) => ({
        delayMs: scenario.delayMs,
        liftMs: scenario.median.liftMs,
        settleMs: Number.isFinite(scenario.median.settleMs) ? scenario.median.settleMs : null,
        expectedMs: scenario.median.expectedMs,
        deltaMs: scenario.median.deltaMs,
        pass: scenario.pass,
      })),
    },
    BUDGETS,
  );
  if (scenarios.length === 0) {
    for (const delayMs of PRELOADER_DELAYS_MS) {
      budgets.push({
        budget: 'preloader',
        subject: `country call answered at ${delayMs} ms`,
        measured: null,
        limit: BUDGETS.preloaderSlackMs,
        comparator: '<=',
        unit: 'ms after max(600 ms, settled)',
        pass: null,
      });
    }
  }

  return finish({
    generatedAt: new Date().toISOString(),
    durationS: 0,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
      memoryGb: os.totalmem() / 1024 ** 3,
      node: process.version,
      chromium: chromiumVersion(),
      lighthouse: versionOf('lighthouse'),
      gatsby: versionOf('gatsby'),
      platform: `${os.platform()} ${os.release()}`,
      loadAverage,
    },
    phases,
    settings: {
      lighthouseRuns: LIGHTHOUSE_RUNS,
      preloaderRuns: PRELOADER_RUNS,
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
      compression: 'gzip level 9, brotli quality 11',
      kb: 1024,
      samples: SAMPLE_LANDINGS,
    },
    builds: { cold: figures(cold), warm, baseline: baselineBuild ? figures(baselineBuild) : null },
    weights: {
      baseline: weights?.baseline ?? null,
      allLandings: weights?.allLandings ?? null,
      firstLoadChunks: weights?.firstLoadChunks ?? [],
      baselineChunks: weights?.baselineChunks ?? [],
      lazyChunks: (weights?.lazyChunks ?? []).map((chunk) => ({ ...chunk, fetched: fetched(chunk.file) })),
      lazyCheck: weights?.lazyCheck ?? null,
    },
    samples,
    baselineLighthouse: lighthouseFigures(baselineLh),
    preloader: { page: PRELOADER_PAGE, scenarios },
    chunkTimeline: timeline,
    budgets,
    summary: summarize(budgets),
    scale,
    notes,
    errors,
  });
}

/** Writes what there is, prints the markdown; the exit code says whether the bench could do its work. */
function finish(report: BenchReport | null): number {
  if (!report) {
    const message = `The bench could not run:\n${errors.join('\n')}`;
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(REPORT_DIR, 'report.json'),
      `${JSON.stringify({ generatedAt: new Date().toISOString(), errors }, null, 2)}\n`,
    );
    console.error(message);
    return 1;
  }
  report.durationS = (Date.now() - started) / 1000;
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = renderMarkdown(report);
  fs.writeFileSync(path.join(REPORT_DIR, 'report.md'), `${markdown}\n`);
  console.log('');
  console.log(markdown);
  console.log('');
  log(
    `wrote ${path.relative(ROOT, path.join(REPORT_DIR, 'report.json'))} and report.md; raw logs and Lighthouse reports in ${path.relative(ROOT, OUT_DIR)}/`,
  );
  return errors.length ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error('[bench] could not run:', error);
    await cleanup();
    process.exit(1);
  });
