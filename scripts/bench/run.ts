/**
 * `npm run bench`: builds, weighs and measures the landings in one run, on a copy of the
 * working tree, against a bare Gatsby page built in the same run. Writes bench/report.json and
 * bench/report.md and prints the markdown. A failed budget is a finding, not an error: the exit code
 * is non-zero only when the bench itself could not do its work.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeCspFiles } from '../../build/post-build/csp-map-file';
import { createBaselineSite } from './baseline';
import { applyWarmEdit, gatsbyBuild, type BuildRun } from './build';
import { evaluateBudgets, summarize, type LighthousePassInput } from './budgets';
import { chooseMultiplier, planPasses, type PassId, type PassPlan } from './calibration';
import {
  BASELINE_CHUNK_GROUP,
  BENCHMARK_INDEX_RUNS,
  BLOCKED_URL_PATTERNS,
  BUDGETS,
  CHROMIUM_PATH,
  CHUNK_TIMELINE_PAGE,
  CPU_MULTIPLIER_RANGE,
  DEADLINE_S,
  DEFAULT_CPU_MULTIPLIER,
  FIRST_TAP,
  LANDING_CHUNK_GROUP,
  LIGHTHOUSE_RUNS,
  MIN_LIGHTHOUSE_ROUNDS,
  PATH_PREFIX,
  PLAIN_FORM_PATH,
  PRELOADER_DELAYS_MS,
  PRELOADER_PAGE,
  PRELOADER_RUNS,
  SAMPLE_LANDINGS,
  TARGET_PHONE,
  FLOOR_BLOCKED_PATTERNS,
  FLOOR_SAMPLE,
  WARM_EDIT,
} from './config';
import {
  benchmarkIndexRun,
  killRunningChromium,
  lighthouseRuns,
  summarizeRuns,
  type LighthouseResult,
  type LighthouseRun,
} from './lighthouse';
import { firstTapRounds } from './first-tap';
import { writePlainForm } from './plain-form';
import { chunkTimeline, launchChromium, measurePreloader } from './preloader';
import {
  lighthouseRatios,
  renderMarkdown,
  weightRatios,
  type BenchReport,
  type BuildFigures,
  type IndexMeasure,
  type LighthousePageFigures,
  type LighthousePassFigures,
  type SampleFigures,
} from './report';
import type { FirstTapFigures } from './report-first-tap';
import { startServer, type RunningServer } from './server';
import { median, roundOrder } from './stats';
import { BuiltSite, checkLazyFeatures, compressedSizes, inlineStyleBytes, landingPaths, type ChunkInfo, type PageWeight } from './weights';
import { copyWorkingTree, removeDir } from './workspace';
import { removeScaleCopies, runScale, scaleFactors } from './scale/run';

const ROOT = path.resolve(__dirname, '..', '..');
const BARE = 'bare Gatsby page';
const FLOOR = 'floor: a landing without its script files';
const PLAIN_FORM = 'plain form';
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

function pageFigures(result: LighthouseResult | null): LighthousePageFigures | null {
  return result ? { median: result.median, runs: result.runs.map((run) => run.metrics), notes: result.notes } : null;
}

/** The host's benchmarkIndex: the median of a few short Lighthouse runs of the bare page. */
async function measureBenchmarkIndex(url: string): Promise<IndexMeasure> {
  const runs: number[] = [];
  for (let run = 1; run <= BENCHMARK_INDEX_RUNS; run += 1) {
    try {
      runs.push(await benchmarkIndexRun(url));
    } catch (error) {
      errors.push(`benchmarkIndex run ${run}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (runs.length === 0) throw new Error('no short Lighthouse run gave a benchmarkIndex');
  log(`host benchmarkIndex ${Math.round(median(runs))} (${runs.map((run) => Math.round(run)).join(', ')})`);
  return { median: median(runs), runs };
}

interface LighthousePage {
  key: string;
  url: string;
  label: string;
  /** URL patterns blocked in this page's runs on top of the third parties (the floor's script files). */
  blocked?: readonly string[];
}

/**
 * Rounds of the bare page, every sample and the floor (so a burst of load lands on one run of each page,
 * not on all runs of one), in another order each round (roundOrder). Each page load is judged by every
 * pass (lighthouseRuns: gathered once, audited per CPU multiplier). Rounds beyond the minimum give way to
 * the deadline.
 */
async function lighthouseRounds(plans: PassPlan[], pages: LighthousePage[], dir: string): Promise<LighthousePassFigures[]> {
  const runs = new Map<PassId, Map<string, LighthouseRun[]>>(plans.map((plan) => [plan.id, new Map(pages.map((page) => [page.key, []]))]));
  let roundSeconds = 0;
  let rounds = 0;
  for (let round = 1; round <= LIGHTHOUSE_RUNS && pages.length > 0; round += 1) {
    const elapsed = (Date.now() - started) / 1000;
    // After Lighthouse, the first tap, the preloader phase and the report need about six minutes.
    if (round > MIN_LIGHTHOUSE_ROUNDS && elapsed + roundSeconds + 360 > DEADLINE_S) {
      notes.push(
        `Lighthouse made ${round - 1} rounds, not ${LIGHTHOUSE_RUNS}: a round over the ${pages.length} pages took ${roundSeconds.toFixed(0)} s and another would have ended the bench after ${DEADLINE_S} s (BENCH_DEADLINE_S).`,
      );
      log(notes[notes.length - 1]);
      break;
    }
    const roundStart = Date.now();
    await phase(`lighthouse round ${round}`, async () => {
      for (const page of roundOrder(pages, round)) {
        try {
          const audits = plans.map((plan) => ({
            cpuSlowdownMultiplier: plan.cpuSlowdownMultiplier,
            reportFile: path.join(dir, `${plan.id}-${page.label}-${round}.json`),
          }));
          const measured = await lighthouseRuns(page.url, path.join(dir, 'artifacts'), audits, page.blocked);
          plans.forEach((plan, index) => runs.get(plan.id)!.get(page.key)!.push(measured[index]));
        } catch (error) {
          errors.push(`lighthouse ${page.key} round ${round}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    rounds = round;
    roundSeconds = (Date.now() - roundStart) / 1000;
  }
  return plans.map((plan) => passFigures(plan, runs.get(plan.id)!, rounds));
}

/** One pass's medians, floor and ratios to the bare page, out of its runs. */
function passFigures(plan: PassPlan, runs: Map<string, LighthouseRun[]>, rounds: number): LighthousePassFigures {
  const summarized = (key: string): LighthouseResult | null => {
    const list = runs.get(key) ?? [];
    return list.length ? summarizeRuns(key, list) : null;
  };
  const bare = summarized(BARE);
  if (bare && !bare.runs.some((run) => run.notes.bootup.some((script) => /\/framework-[\w]+\.js/.test(script.url)))) {
    errors.push(`${plan.id} pass: the bare page ran no framework script (blocked?), so it is no yardstick for the landings`);
  }
  const floor = summarized(FLOOR);
  if (floor?.runs.some((run) => run.notes.bootup.some((script) => /\.js(\?|$)/.test(script.url)))) {
    errors.push(`${plan.id} pass: the floor page ran a script file, so it is not the document alone`);
  }
  return {
    id: plan.id,
    title: plan.title,
    cpuSlowdownMultiplier: plan.cpuSlowdownMultiplier,
    calibration: plan.calibration,
    rounds,
    bare: pageFigures(bare),
    floor: floor ? { path: FLOOR_SAMPLE.path, ...pageFigures(floor)! } : null,
    samples: SAMPLE_LANDINGS.map((sample) => {
      const lh = summarized(sample.path);
      return {
        role: sample.role,
        path: sample.path,
        lighthouse: pageFigures(lh),
        ratios: lh && bare ? lighthouseRatios(lh.median, bare.median) : null,
      };
    }),
  };
}

/** What the budgets judge of one pass: medians of the bare page and of each sample (nulls when it did not run). */
function passInput(id: PassId, passes: LighthousePassFigures[]): LighthousePassInput {
  const pass = passes.find((candidate) => candidate.id === id);
  const judged = (page: LighthousePageFigures | null | undefined) =>
    page ? { score: page.median.score, tbtMs: page.median.tbtMs, lcpMs: page.median.lcpMs, cls: page.median.cls } : null;
  return {
    id,
    bare: judged(pass?.bare),
    landings: SAMPLE_LANDINGS.map((sample) => ({
      path: sample.path,
      lighthouse: judged(pass?.samples.find((entry) => entry.path === sample.path)?.lighthouse),
    })),
  };
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
  cleanups.push(() => killRunningChromium());
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
  const baselineBuild = await phase('baseline build', async () => {
    const build = mustSucceed(await gatsbyBuild(baselineDir, path.join(OUT_DIR, 'build-baseline.log')), 'the bare Gatsby build');
    // The stand-in serves every page under the site's policy ('strict-dynamic', scripts by hash). Without the
    // deploy step our build runs, the bare page's scripts are blocked and the yardstick would be a page
    // with no JavaScript at all.
    writeCspFiles(path.join(baselineDir, 'public'), PATH_PREFIX);
    return build;
  });
  // The first tap's yardstick: the first sample's form as built, in a page with no script beside the bare page.
  const plainForm = baselineBuild
    ? await phase('plain form', async () => {
        const html = fs.readFileSync(path.join(siteDir, 'public', ...SAMPLE_LANDINGS[0].path.split('/'), 'index.html'), 'utf8');
        writePlainForm(path.join(baselineDir, 'public'), PLAIN_FORM_PATH, html, FIRST_TAP.field);
        return true;
      })
    : null;

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

  // 6. Lighthouse, one page at a time and nothing else running: the host's benchmarkIndex, then
  // interleaved rounds over the bare page, the samples and the floor, each load judged by two passes
  // (Lighthouse's default CPU multiplier, and one calibrated to the target phone), then the host's
  // benchmarkIndex again.
  const lhDir = path.join(OUT_DIR, 'lighthouse');
  fs.rmSync(lhDir, { recursive: true, force: true });
  const bareUrl = baselineServer ? `${baselineServer.origin}${PATH_PREFIX}/` : null;
  const lhPages = [
    ...(bareUrl ? [{ key: BARE, url: bareUrl, label: 'bare-gatsby' }] : []),
    ...(landingServer
      ? SAMPLE_LANDINGS.map((sample) => ({
          key: sample.path,
          url: `${landingServer.origin}${PATH_PREFIX}${sample.path}`,
          label: sample.path.replace(/^\/|\/$/g, '').replace(/\//g, '-'),
        }))
      : []),
    ...(landingServer
      ? [
          {
            key: FLOOR,
            url: `${landingServer.origin}${PATH_PREFIX}${FLOOR_SAMPLE.path}`,
            label: 'floor-no-scripts',
            blocked: FLOOR_BLOCKED_PATTERNS,
          },
        ]
      : []),
  ];
  const indexBefore = bareUrl ? await phase('benchmarkIndex before', () => measureBenchmarkIndex(bareUrl)) : null;
  const calibration = chooseMultiplier(indexBefore?.median ?? null, TARGET_PHONE, CPU_MULTIPLIER_RANGE);
  const { plans, skipped } = planPasses(calibration, DEFAULT_CPU_MULTIPLIER);
  if (skipped) notes.push(`${skipped}.`);
  if (LIGHTHOUSE_RUNS < MIN_LIGHTHOUSE_ROUNDS)
    notes.push(
      `BENCH_LH_RUNS=${LIGHTHOUSE_RUNS}: fewer than ${MIN_LIGHTHOUSE_ROUNDS} Lighthouse rounds per pass, so the Lighthouse verdicts are a quick look, not a judgement.`,
    );
  const passResults = await lighthouseRounds(plans, lhPages, lhDir);
  const indexAfter = bareUrl ? await phase('benchmarkIndex after', () => measureBenchmarkIndex(bareUrl)) : null;

  // 7. The first tap on the registration form, in Chromium at a real 4× slowdown, against the plain form.
  const firstTap = landingServer
    ? await phase('first tap', async (): Promise<FirstTapFigures> => {
        const browser = await launchChromium();
        try {
          const pages = [
            ...(plainForm && baselineServer ? [{ key: PLAIN_FORM, url: `${baselineServer.origin}${PATH_PREFIX}${PLAIN_FORM_PATH}` }] : []),
            ...SAMPLE_LANDINGS.map((sample) => ({ key: sample.path, url: `${landingServer.origin}${PATH_PREFIX}${sample.path}` })),
          ];
          const more = (round: number, lastRoundSeconds: number) => {
            const elapsed = (Date.now() - started) / 1000;
            if (round <= MIN_LIGHTHOUSE_ROUNDS || elapsed + lastRoundSeconds + 60 <= DEADLINE_S) return true;
            notes.push(
              `The first tap made ${round - 1} rounds, not ${FIRST_TAP.rounds}: another would have ended the bench after ${DEADLINE_S} s (BENCH_DEADLINE_S).`,
            );
            return false;
          };
          const result = await firstTapRounds(browser, pages, FIRST_TAP, FIRST_TAP.rounds, more, (message) => errors.push(message));
          const figures = (key: string) => {
            const page = result.pages.find((entry) => entry.key === key);
            return page && page.visits.length ? { path: key, medianMs: page.medianMs, visits: page.visits, typical: page.typical } : null;
          };
          return {
            cpuRate: FIRST_TAP.cpuRate,
            roundsAsked: FIRST_TAP.rounds,
            rounds: result.rounds,
            field: FIRST_TAP.field,
            keys: FIRST_TAP.keys,
            thresholdMs: FIRST_TAP.durationThresholdMs,
            plainForm: figures(PLAIN_FORM),
            landings: SAMPLE_LANDINGS.map((sample) => ({
              role: sample.role,
              ...(figures(sample.path) ?? { path: sample.path, medianMs: null, visits: [], typical: null }),
            })),
          };
        } finally {
          await browser.close();
        }
      })
    : null;

  // 8. Preloader lift and chunk timeline in Chromium.
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

  // 9. The scale row, in copies of its own, after everything that a busy machine would skew.
  const scale =
    process.env.BENCH_SCALE === '0'
      ? null
      : await phase('scale', async () => {
          cleanups.push(removeScaleCopies);
          const result = await runScale({ root: ROOT, outDir: OUT_DIR, factors: scaleFactors(process.env.BENCH_SCALE_FACTORS), keep, log });
          errors.push(...result.errors);
          return result;
        });

  // 10. The report.
  const samples: SampleFigures[] = SAMPLE_LANDINGS.map((sample) => {
    const weight = weights?.samples.get(sample.path) ?? null;
    return {
      role: sample.role,
      path: sample.path,
      weight,
      weightRatios: weight && weights?.baseline ? weightRatios(weight, weights.baseline) : null,
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
      landings: samples.map((sample) => ({ path: sample.path, firstLoadJsGzip: sample.weight?.js.gzip ?? null })),
      // Both passes always: one that did not run is "not measured", never left out of the count.
      lighthousePasses: (['default', 'calibrated'] as const).map((id) => passInput(id, passResults)),
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
      // Every sample always: one not measured is "not measured", never left out of the count.
      firstTap: {
        plainFormMs: firstTap?.plainForm?.medianMs ?? null,
        landings: SAMPLE_LANDINGS.map((sample) => ({
          path: sample.path,
          worstMs: firstTap?.landings.find((landing) => landing.path === sample.path)?.medianMs ?? null,
        })),
      },
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
      benchmarkIndex: { before: indexBefore, after: indexAfter },
    },
    phases,
    settings: {
      lighthouseRuns: LIGHTHOUSE_RUNS,
      targetPhone: TARGET_PHONE,
      cpuMultiplierRange: CPU_MULTIPLIER_RANGE,
      preloaderRuns: PRELOADER_RUNS,
      firstTap: FIRST_TAP,
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
    lighthousePasses: passResults,
    preloader: { page: PRELOADER_PAGE, scenarios },
    firstTap,
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
