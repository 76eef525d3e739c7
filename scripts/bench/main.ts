/**
 * `npm run bench`: builds, weighs and measures the landings on a copy of the working tree against a bare
 * Gatsby page and a plain form built in the same run, then the scale row (BENCH_SCALE=0 leaves it out);
 * `-- scale` runs the scale row alone, `-- funnel [events…]` times the funnel report over synthetic logs,
 * `-- editor` the editor's open and save-to-preview on a fresh build.
 * Writes bench/report[-mode].json and .md. A failed budget is a finding; it exits non-zero only if it could not work.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeCspFiles } from '../../gatsby/post-build/csp-map-file';
import { launchChromium, preloaderScenario, tapVisit } from './browser';
import { judgeAgainstBare, judgeFirstTap, judgePreloader, judgeWeight, row, summarize } from './budgets';
import * as config from './config';
import { editorTable, measureEditor } from './editor';
import { funnelTable, runFunnelScale } from './funnel';
import * as lh from './lighthouse';
import { renderMarkdown, type BenchReport, type PassResult } from './report';
import { measurePublish, publishTable } from './publish';
import { removeScaleCopies, runScale, scaleFactors, scaleTable } from './scale';
import * as sites from './sites';
import { BARE_GROUPS, BuiltSite, LANDING_GROUPS } from './weights';

const { BUDGETS, OUT_DIR, PATH_PREFIX, ROOT, ROUNDS, SAMPLE_LANDINGS } = config;
const started = Date.now();
const cleanups: Array<() => unknown> = [lh.killRunningChromium, removeScaleCopies];
const report: BenchReport = {
  ...{ generatedAt: '', durationS: 0, versions: {}, phases: {}, passes: [] },
  ...{ firstTap: null, tables: [], budgets: [], summary: { pass: 0, fail: 0, notMeasured: 0 }, notes: [], errors: [] },
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model.trim() ?? '?', memoryGb: os.totalmem() / 1024 ** 3, loadAverage: {} },
};
const log = (message: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}`);
const fail = (what: string, error: unknown) => report.errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
const elapsedS = () => (Date.now() - started) / 1000;

/** Runs one phase; a failure is recorded and the bench goes on with what it has. */
async function phase<T>(name: string, work: () => Promise<T> | T): Promise<T | null> {
  report.machine.loadAverage[name] = os.loadavg()[0];
  const begin = Date.now();
  log(`${name}…`);
  try {
    return await work();
  } catch (error) {
    fail(name, error);
    log(`${name} FAILED: ${report.errors.at(-1)}`);
    return null;
  } finally {
    report.phases[name] = (Date.now() - begin) / 1000;
  }
}

async function build(name: string, siteDir: string): Promise<sites.BuildRun> {
  const run = await sites.gatsbyBuild(siteDir, path.join(OUT_DIR, `build-${name}.log`));
  if (run.exitCode !== 0) throw new Error(`the ${name} build failed (exit ${run.exitCode}):\n${run.tail}`);
  return run;
}

/** Rounds over the pages, each in another order (roundOrder); rounds beyond the minimum give way to the deadline (anotherRound). */
async function interleaved<P extends { key: string }>(
  what: string,
  pages: P[],
  asked: number,
  afterS: number,
  visit: (page: P, round: number) => Promise<void>,
) {
  let done = 0;
  for (let round = 1, roundS = 0; round <= asked; round += 1) {
    if (!lh.anotherRound(done, asked, elapsedS() + afterS, roundS, config.DEADLINE_S)) {
      report.notes.push(
        `${what} made ${done} rounds, not ${asked}: more would have ended the bench after ${config.DEADLINE_S} s (BENCH_DEADLINE_S).`,
      );
      break;
    }
    const begin = Date.now();
    await phase(`${what} round ${round}`, async () => {
      for (const page of lh.roundOrder(pages, round))
        await visit(page, round).catch((error) => fail(`${what} ${page.key} round ${round}`, error));
    });
    [done, roundS] = [round, (Date.now() - begin) / 1000];
  }
  return done;
}

async function landings(): Promise<void> {
  const siteDir = sites.copyWorkingTree(ROOT);
  const bareDir = sites.createBaselineSite(ROOT);
  if (process.env.BENCH_KEEP !== '1') cleanups.push(() => [siteDir, bareDir].forEach(sites.removeDir));
  const cold = await phase('cold build', () => build('cold', siteDir));
  if (!cold) return;
  // The cold build as it was, for the publish phase: the release the warm build's edit is published over.
  const coldPublic = sites.makeTempDir('cold-public');
  cleanups.push(() => sites.removeDir(coldPublic));
  fs.cpSync(path.join(siteDir, 'public'), coldPublic, { recursive: true });
  const warm = await phase('warm build', () => {
    const edit = sites.applyEdit(siteDir, config.EDITED_ROW, 'date');
    log(`${Object.values(edit.row).join('/')} date ${edit.from} → ${edit.to}`);
    return build('warm', siteDir);
  });
  const published = warm && (await phase('publish', () => measurePublish(coldPublic, path.join(siteDir, 'public'), log)));
  if (published)
    report.tables.push({
      title: 'Publishing',
      text: 'npm run publish of the cold build onto an empty host folder, then of the warm build (the one-landing edit) over it behind nginx, then a rollback.',
      table: publishTable(published),
    });
  const bare = await phase('bare build', async () => {
    await build('bare', bareDir);
    // The stand-in serves every page under the site's policy (scripts by hash): without the deploy step
    // our build runs, the bare page's scripts would be blocked and the yardstick would have no JavaScript.
    writeCspFiles(path.join(bareDir, 'public'), PATH_PREFIX);
    const form = path.join(bareDir, 'public', config.PLAIN_FORM_PATH, 'index.html');
    fs.mkdirSync(path.dirname(form), { recursive: true });
    fs.writeFileSync(form, sites.plainFormPage(new BuiltSite(path.join(siteDir, 'public'), LANDING_GROUPS).html(SAMPLE_LANDINGS[0].path)));
    return new BuiltSite(path.join(bareDir, 'public'), BARE_GROUPS);
  });
  await phase('weights', () => {
    const site = new BuiltSite(path.join(siteDir, 'public'), LANDING_GROUPS);
    const bareJs = bare?.jsGzip('/') ?? null;
    for (const sample of SAMPLE_LANDINGS) report.budgets.push(...judgeWeight(sample.path, site.jsGzip(sample.path), bareJs, BUDGETS));
    const all = site.landings().map((page) => ({ page, bytes: site.jsGzip(page), files: site.firstLoad(page) }));
    if (all.length === 0) throw new Error('no landing pages found in the build');
    const heaviest = all.reduce((best, entry) => (entry.bytes > best.bytes ? entry : best));
    report.budgets.push(
      ...judgeWeight('all landings', heaviest.bytes, bareJs, BUDGETS, `heaviest of ${all.length} landings: ${heaviest.page}`),
    );
    const offenders = site.lazyOffenders(new Set(all.flatMap((entry) => entry.files)));
    const names = config.LAZY_FEATURES.map((feature) => feature.name).join(', ');
    report.budgets.push(row('lazy-chunks', names, offenders.length, 0, '<=', 'in first load', offenders.join('; ')));
  });
  report.budgets.push(row('cold-build', 'all pages, cache cleared', cold?.seconds, BUDGETS.coldBuildMaxS, '<=', 's'));
  report.budgets.push(row('warm-build', 'after one landing file edit', warm?.seconds, BUDGETS.warmBuildMaxS, '<=', 's'));

  const site = await phase('start stand-ins', async () => {
    const servers = [await sites.startStandIn(siteDir), await sites.startStandIn(siteDir, path.join(bareDir, 'public'))];
    cleanups.push(...servers.map((server) => server.stop));
    return { landing: `${servers[0].origin}${PATH_PREFIX}`, bare: `${servers[1].origin}${PATH_PREFIX}`, faults: servers[0].setFaults };
  });
  if (!site) return;
  await lighthouse(site.landing, bare ? site.bare : null);
  await firstTap(site.landing, bare ? `${site.bare}${config.PLAIN_FORM_PATH}` : null);
  await phase('preloader', async () => {
    const browser = await launchChromium();
    try {
      for (const delayMs of config.PRELOADER.delaysMs) {
        await site.faults(delayMs ? { '/ajax/data/country': { delayMs } } : {});
        const scenario = await preloaderScenario(browser, `${site.landing}${config.PRELOADER.page}`, delayMs);
        report.budgets.push(judgePreloader(delayMs, scenario, BUDGETS));
      }
    } finally {
      await Promise.all([site.faults({}), browser.close()]);
    }
  });
  // Last: its saves change the copy's tables and rebuild it.
  await editor(siteDir);
}

/** The editor's open and its save-to-preview beside the whole-site rebuild, on a built copy. */
async function editor(siteDir: string): Promise<void> {
  const measured = await phase('editor', async () => {
    const browser = await launchChromium();
    try {
      return await measureEditor(siteDir, browser, config.EDITOR_ROUNDS, log);
    } finally {
      await browser.close();
    }
  });
  if (!measured) return;
  report.tables.push({
    title: 'Editor',
    text: 'The promotions editor on the built copy, in Chromium: opening it to the list of landings (fresh context each round, login click included; when its parts had arrived), and a saved Kazakh headline from "Publish now" to the preview, beside the whole-site rebuild the save starts.',
    table: editorTable(measured),
  });
  const median = (values: number[]) => (values.length ? lh.median(values) : null);
  report.budgets.push(
    row(
      'editor-open',
      'the list of landings on screen',
      median(measured.opens.map((open) => open.listS)),
      BUDGETS.editorOpenMaxS,
      '<=',
      's',
    ),
  );
  report.budgets.push(
    row(
      'save-preview',
      'save → the saved landing in the preview',
      median(measured.saves.map((save) => save.previewS)),
      BUDGETS.savePreviewMaxS,
      '<=',
      's',
    ),
  );
}

/** `-- editor`: a cold build of a copy, then the editor phase alone. */
async function editorOnly(): Promise<void> {
  const siteDir = sites.copyWorkingTree(ROOT);
  if (process.env.BENCH_KEEP !== '1') cleanups.push(() => sites.removeDir(siteDir));
  if (await phase('cold build', () => build('cold', siteDir))) await editor(siteDir);
}

/**
 * Interleaved rounds over the bare page, the samples and the floor; every load is judged at 4× and kept,
 * then judged again calibrated to the phone by the host's speed during the rounds (the median of every
 * load's own benchmarkIndex), not by a few readings before them.
 */
async function lighthouse(landingUrl: string, bareUrl: string | null): Promise<void> {
  if (ROUNDS.lighthouse < ROUNDS.min)
    report.notes.push(`BENCH_LH_RUNS=${ROUNDS.lighthouse}: fewer than ${ROUNDS.min} rounds are a quick look, not a judgement.`);
  const page = (key: string, url: string, blocked: string[] = []) => ({ key, url, blocked });
  const pages = [
    ...(bareUrl ? [page('bare', `${bareUrl}/`)] : []),
    ...SAMPLE_LANDINGS.map((sample) => page(sample.path, `${landingUrl}${sample.path}`)),
    page('floor', `${landingUrl}${config.FLOOR.path}`, config.FLOOR.blocked),
  ];
  const name = (key: string, round: number) => `${key.replace(/\W+/g, '-')}-${round}`;
  const file = (pass: string, key: string, round: number) => path.join(OUT_DIR, 'lighthouse', `${pass}-${name(key, round)}.json`);
  const artifacts = path.join(OUT_DIR, 'artifacts');
  const removeArtifacts = () => fs.rmSync(artifacts, { recursive: true, force: true });
  cleanups.push(removeArtifacts);
  const [first] = lh.planPasses(null);
  const loads = new Map(pages.map((page) => [page.key, [] as Array<{ round: number; dir: string; run: lh.LighthouseRun }>]));
  // After Lighthouse, the calibrated audits, the first tap, the preloader and the report need about ten minutes.
  const rounds = await interleaved('lighthouse', pages, ROUNDS.lighthouse, 600, async (page, round) => {
    const dir = path.join(artifacts, name(page.key, round));
    const run = await lh.gatherAndAudit(page.url, dir, first.multiplier, file(first.id, page.key, round), page.blocked);
    loads.get(page.key)!.push({ round, dir, run });
  });
  const during = lh.hostIndexOf([...loads.values()].flat().map((load) => load.run));
  const plans = lh.planPasses(Number.isFinite(during) ? during : null);
  if (plans.length < 2) report.notes.push('The calibrated pass did not run: the host benchmarkIndex could not be measured.');
  const runs = [new Map([...loads].map(([key, done]) => [key, done.map((load) => load.run)])), new Map<string, lh.LighthouseRun[]>()];
  if (plans[1])
    await phase('calibrated audits', async () => {
      for (const { key, url, blocked } of pages) {
        const judged: lh.LighthouseRun[] = [];
        for (const load of loads.get(key)!)
          await lh.auditAt(url, load.dir, plans[1].multiplier, file(plans[1].id, key, load.round), blocked).then(
            (run) => judged.push(run),
            (error) => fail(`calibrated ${key} round ${load.round}`, error),
          );
        runs[1].set(key, judged);
      }
    });
  removeArtifacts();
  const passes: PassResult[] = plans.map((plan, index) => {
    const figures = (key: string) =>
      runs[index].get(key)?.length ? { median: lh.medianMetrics(runs[index].get(key)!), runs: runs[index].get(key)! } : null;
    const pass = { ...plan, rounds, bare: figures('bare'), floor: figures('floor') };
    return { ...pass, samples: SAMPLE_LANDINGS.map((sample) => ({ ...sample, figures: figures(sample.path) })) };
  });
  for (const pass of passes) {
    if (pass.bare && !pass.bare.runs.some((run) => run.scripts.some((url) => /\/framework-\w+\.js/.test(url))))
      fail(`${pass.id} pass`, 'the bare page ran no framework script, so it is no yardstick');
    if (pass.floor?.runs.some((run) => run.scripts.some((url) => /\.js(\?|$)/.test(url))))
      fail(`${pass.id} pass`, 'the floor ran a script file, so it is not the document alone');
    for (const sample of pass.samples)
      report.budgets.push(...judgeAgainstBare(sample.path, pass.id, sample.figures?.median ?? null, pass.bare?.median ?? null, BUDGETS));
  }
  report.passes = passes;
}

/** The first tap, the plain form and the samples in another order each round; a failed visit is reported and left out. */
async function firstTap(landingUrl: string, plainUrl: string | null): Promise<void> {
  const pages = [
    ...(plainUrl ? [{ key: 'plain', url: plainUrl }] : []),
    ...SAMPLE_LANDINGS.map((sample) => ({ key: sample.path, url: `${landingUrl}${sample.path}` })),
  ];
  const visits = new Map(pages.map((page) => [page.key, [] as Array<Awaited<ReturnType<typeof tapVisit>>>]));
  const browser = await launchChromium();
  const rounds = await interleaved('first tap', pages, ROUNDS.firstTap, 60, async (page) => {
    visits.get(page.key)!.push(await tapVisit(browser, page.url));
  }).finally(() => browser.close());
  const figure = (key: string) => (visits.get(key)?.length ? lh.median(visits.get(key)!.map((visit) => visit.ms)) : null);
  const landings = SAMPLE_LANDINGS.map(({ path: page }) => {
    const done = visits.get(page)!;
    const kept = done.filter((visit) => visit.keysKept).length;
    return { path: page, ms: figure(page), visits: done.map((visit) => visit.shown), keysKept: `${kept} of ${done.length}` };
  });
  report.budgets.push(...judgeFirstTap(figure('plain'), landings, BUDGETS));
  report.firstTap = { rounds, plainMs: figure('plain'), landings };
}

async function scale(): Promise<void> {
  const result = await phase('scale', () => runScale(scaleFactors(process.env.BENCH_SCALE_FACTORS), log));
  if (!result) return;
  report.errors.push(...result.errors);
  report.budgets.push(...result.verdicts);
  report.tables.push({ title: 'Scale row', text: 'Compare the sizes of one run, never two runs.', table: scaleTable(result) });
}

async function main(mode: string, args: string[]): Promise<number> {
  const version = (pkg: string) =>
    (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const chromium = execFileSync(config.CHROMIUM_PATH, ['--version'], { encoding: 'utf8' })
    .replace(/^Chromium /, '')
    .trim();
  report.versions = { Node: process.version, Chromium: chromium, Lighthouse: version('lighthouse'), Gatsby: version('gatsby') };
  fs.mkdirSync(OUT_DIR, { recursive: true });
  // Whatever the landings' phases could not catch is an error of the run; the report is still written.
  if (mode === 'landings') await landings().catch((error) => fail('landings', error));
  if (mode === 'editor') await editorOnly().catch((error) => fail('editor', error));
  if (mode === 'scale' || (mode === 'landings' && process.env.BENCH_SCALE !== '0')) await scale();
  if (mode === 'funnel') {
    const result = await phase('funnel', () => runFunnelScale(args.length ? args.map(Number) : [1_000_000, 10_000_000], log));
    report.errors.push(...(result?.errors ?? []));
    for (const { phase, runs } of result?.phases ?? [])
      report.tables.push({ title: `Funnel report at scale: ${phase}`, text: 'Medians of the rounds.', table: funnelTable(runs) });
  }
  Object.assign(report, { generatedAt: new Date().toISOString(), durationS: elapsedS(), summary: summarize(report.budgets) });
  const name = mode === 'landings' ? 'report' : `report-${mode}`;
  const markdown = renderMarkdown(report);
  fs.writeFileSync(path.join(config.REPORT_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(config.REPORT_DIR, `${name}.md`), `${markdown}\n`);
  console.log(`\n${markdown}\n`);
  log(`wrote bench/${name}.json and bench/${name}.md; build logs and raw Lighthouse reports in bench/out/`);
  return report.errors.length ? 1 : 0;
}

async function cleanup(): Promise<void> {
  for (const step of cleanups.reverse()) await (async () => step())().catch(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
const [mode = 'landings', ...args] = process.argv.slice(2);
if (!['landings', 'scale', 'funnel', 'editor'].includes(mode))
  throw new Error(`npm run bench -- [landings | scale | funnel [events…] | editor], not "${mode}"`);
main(mode, args).then(
  async (code) => (await cleanup(), process.exit(code)),
  async (error: unknown) => (console.error('[bench] could not run:', error), await cleanup(), process.exit(1)),
);
