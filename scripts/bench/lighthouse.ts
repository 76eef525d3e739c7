/**
 * Lighthouse (the npm package, node API) with its default mobile settings and simulated throttling,
 * in Debian's Chromium, third-party hosts blocked. One fresh browser per run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BLOCKED_URL_PATTERNS, CHROMIUM_FLAGS, CHROMIUM_PATH, HOST_RESOLVER_RULES } from './config';
import { median } from './stats';

export interface LighthouseMetrics {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  ttiMs: number;
  /** Lighthouse's measure of the CPU at the time (higher is faster; a busy machine scores low). */
  benchmarkIndex: number;
}

/** What explains a run's figures: failing audits, the LCP element, shifts, long tasks, heavy scripts. */
export interface LighthouseNotes {
  /** What the unthrottled page load really did (Lighthouse simulates the throttled figures from it). */
  observed: { fcpMs: number | null; lcpMs: number | null; loadMs: number | null; cls: number | null };
  lcpElement: string | null;
  layoutShifts: Array<{ node: string; score: number }>;
  longTasks: Array<{ url: string; durationMs: number }>;
  bootup: Array<{ url: string; scriptingMs: number }>;
  /** mainthread-work-breakdown: main-thread time by kind of work (script evaluation, style & layout…), longest first. */
  mainThread: Array<{ group: string; ms: number }>;
  /** unused-javascript: bytes a script ships that the page did not run. */
  unusedJs: Array<{ url: string; wastedBytes: number }>;
  /** Performance audits scored below 0.9, with their display value. */
  weakAudits: Array<{ id: string; title: string; score: number | null; display: string }>;
  blockedRequests: string[];
  warnings: string[];
  benchmarkIndex: number | null;
  /** The CPU multiplier Lighthouse simulated with (from the report's settings). */
  cpuSlowdownMultiplier: number | null;
}

export interface LighthouseRun {
  metrics: LighthouseMetrics;
  notes: LighthouseNotes;
  seconds: number;
  reportFile: string | null;
}

export interface LighthouseResult {
  url: string;
  runs: LighthouseRun[];
  /** Median of each metric over the runs. */
  median: LighthouseMetrics;
  /** Notes of the run whose score is the median one. */
  notes: LighthouseNotes;
}

/* Only the parts of the LHR the bench reads. */
interface Audit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; items?: Array<Record<string, unknown>> };
}
interface Lhr {
  categories: { performance: { score: number | null; auditRefs: Array<{ id: string; weight: number }> } };
  audits: Record<string, Audit>;
  runWarnings?: string[];
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
}

function numeric(lhr: Lhr, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? value : Number.NaN;
}

function nodeLabel(item: Record<string, unknown> | undefined): string {
  const node = (item?.node ?? item) as { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
  if (!node) return '';
  return [node.selector, node.snippet ?? node.nodeLabel].filter(Boolean).join(' ').slice(0, 200);
}

/** Metrics and notes out of a Lighthouse result (pure, for one run). */
export function readLhr(lhr: Lhr): { metrics: LighthouseMetrics; notes: LighthouseNotes } {
  const metrics: LighthouseMetrics = {
    score: lhr.categories.performance.score ?? Number.NaN,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    ttiMs: numeric(lhr, 'interactive'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  // Lighthouse 13: the LCP breakdown insight lists its table of subparts, then the element as a node item.
  const lcpElement = nodeLabel(items('lcp-breakdown-insight').find((item) => item.type === 'node'));
  const perfIds = new Set(lhr.categories.performance.auditRefs.map((ref) => ref.id));
  const weakAudits = Object.values(lhr.audits)
    .filter((audit) => perfIds.has(audit.id) && audit.score !== null && audit.score < 0.9)
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, display: audit.displayValue ?? '' }));
  const observedItem = (items('metrics')[0] ?? {}) as Record<string, unknown>;
  const observed = (key: string) => (typeof observedItem[key] === 'number' ? (observedItem[key] as number) : null);
  const requests = items('network-requests') as Array<{ url?: string; statusCode?: number; resourceType?: string }>;
  return {
    metrics,
    notes: {
      observed: {
        fcpMs: observed('observedFirstContentfulPaint'),
        lcpMs: observed('observedLargestContentfulPaint'),
        loadMs: observed('observedLoad'),
        cls: observed('observedCumulativeLayoutShift'),
      },
      lcpElement: lcpElement || null,
      layoutShifts: items('layout-shifts')
        .map((item) => ({ node: nodeLabel(item), score: Number(item.score ?? 0) }))
        .filter((shift) => shift.score >= 0.001)
        .slice(0, 5),
      longTasks: items('long-tasks')
        .map((item) => ({ url: String(item.url ?? ''), durationMs: Math.round(Number(item.duration ?? 0)) }))
        .slice(0, 5),
      bootup: items('bootup-time')
        .map((item) => ({ url: String(item.url ?? ''), scriptingMs: Math.round(Number(item.scripting ?? 0)) }))
        .slice(0, 5),
      mainThread: items('mainthread-work-breakdown')
        .map((item) => ({ group: String(item.groupLabel ?? item.group ?? ''), ms: Math.round(Number(item.duration ?? 0)) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 4),
      unusedJs: items('unused-javascript')
        .map((item) => ({ url: String(item.url ?? ''), wastedBytes: Math.round(Number(item.wastedBytes ?? 0)) }))
        .slice(0, 5),
      weakAudits,
      blockedRequests: [
        ...new Set(
          requests.filter((request) => request.statusCode === -1 || request.statusCode === 0).map((request) => String(request.url)),
        ),
      ],
      warnings: [...(lhr.runWarnings ?? []), ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [])],
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      cpuSlowdownMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    },
  };
}

export function medianMetrics(list: LighthouseMetrics[]): LighthouseMetrics {
  const of = (key: keyof LighthouseMetrics) => median(list.map((metrics) => metrics[key]));
  return {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    speedIndexMs: of('speedIndexMs'),
    ttiMs: of('ttiMs'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

/** Chromium instances of runs in flight, so an interrupted bench leaves none behind. */
const running = new Set<{ kill: () => void | Promise<void> }>();

export async function killRunningChromium(): Promise<void> {
  await Promise.all([...running].map((chrome) => chrome.kill()));
  running.clear();
}

/**
 * Trace errors Lighthouse itself answers with "Please run Lighthouse again": Chromium here records a
 * trace without its navigation start now and then. A run that meets one is made once more in a fresh
 * browser; a second failure is an error of the bench, as before.
 */
const TRACE_HICCUPS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function runInFreshChromium(
  url: string,
  settings: Record<string, unknown>,
  extraBlocked: readonly string[] = [],
): Promise<{ lhr: Lhr; raw: unknown }> {
  try {
    return await runOnce(url, settings, extraBlocked);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError) || !TRACE_HICCUPS.has(error.code)) throw error;
    return runOnce(url, settings, extraBlocked);
  }
}

/** Lighthouse in a fresh Chromium, third parties blocked, with the given settings on top of the mobile defaults. */
async function runOnce(
  url: string,
  settings: Record<string, unknown>,
  extraBlocked: readonly string[] = [],
): Promise<{ lhr: Lhr; raw: unknown }> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await inFreshChromium((port) =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      blockedUrlPatterns: [...BLOCKED_URL_PATTERNS, ...extraBlocked],
      ...settings,
    }),
  );
  return { lhr: checked(url, result?.lhr as unknown as Lhr | undefined), raw: result!.lhr };
}

/** `work` with the port of a fresh Chromium, which is gone afterwards. */
async function inFreshChromium<T>(work: (port: number) => Promise<T>): Promise<T> {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, HOST_RESOLVER_RULES],
    logLevel: 'silent',
  });
  running.add(chrome);
  try {
    return await work(chrome.port);
  } finally {
    running.delete(chrome);
    await chrome.kill();
  }
}

/** The report, or the error Lighthouse reported instead of measuring. */
function checked(url: string, lhr: Lhr | undefined): Lhr {
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError)
    throw new LighthouseRuntimeError(
      lhr.runtimeError.code,
      `Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  return lhr;
}

/** One measure of a gathered page load: the CPU multiplier to simulate and where its raw report goes. */
export interface AuditOf {
  cpuSlowdownMultiplier: number;
  reportFile: string;
}

/**
 * One page load, judged once per CPU multiplier. Simulated throttling loads the page unthrottled and
 * simulates the phone afterwards from that load's trace, so the multiplier plays no part in gathering:
 * the load is gathered once (gatherMode) and audited per multiplier (auditMode, the saved settings set
 * to it; Lighthouse refuses settings that differ from the gathered ones). Every pass then judges the same
 * loads, and a round costs one load per page, not one per pass. extraBlocked adds URL patterns to block
 * (the floor blocks the page's script files). A load that meets a trace hiccup is gathered once more.
 */
export async function lighthouseRuns(
  url: string,
  artifactsDir: string,
  audits: readonly AuditOf[],
  extraBlocked: readonly string[] = [],
): Promise<LighthouseRun[]> {
  try {
    return await gatherAndAudit(url, artifactsDir, audits, extraBlocked);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError) || !TRACE_HICCUPS.has(error.code)) throw error;
    return gatherAndAudit(url, artifactsDir, audits, extraBlocked);
  }
}

async function gatherAndAudit(
  url: string,
  artifactsDir: string,
  audits: readonly AuditOf[],
  extraBlocked: readonly string[],
): Promise<LighthouseRun[]> {
  const { default: lighthouse } = await import('lighthouse');
  const settings = {
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    blockedUrlPatterns: [...BLOCKED_URL_PATTERNS, ...extraBlocked],
  };
  fs.rmSync(artifactsDir, { recursive: true, force: true });
  const started = Date.now();
  await inFreshChromium((port) => lighthouse(url, { ...settings, port, gatherMode: artifactsDir }));
  const gatherSeconds = (Date.now() - started) / 1000;
  const artifactsFile = path.join(artifactsDir, 'artifacts.json');
  const artifacts = JSON.parse(fs.readFileSync(artifactsFile, 'utf8')) as { settings: { throttling: Record<string, unknown> } };
  const runs: LighthouseRun[] = [];
  try {
    for (const audit of audits) {
      const auditStarted = Date.now();
      const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: audit.cpuSlowdownMultiplier };
      fs.writeFileSync(artifactsFile, JSON.stringify({ ...artifacts, settings: { ...artifacts.settings, throttling } }));
      const result = await lighthouse(undefined, { ...settings, throttling, auditMode: artifactsDir });
      const lhr = checked(url, result?.lhr as unknown as Lhr | undefined);
      fs.mkdirSync(path.dirname(audit.reportFile), { recursive: true });
      fs.writeFileSync(audit.reportFile, JSON.stringify(result!.lhr));
      runs.push({ ...readLhr(lhr), seconds: gatherSeconds + (Date.now() - auditStarted) / 1000, reportFile: audit.reportFile });
    }
  } finally {
    // A load's artifacts (its trace above all) are large and read only here.
    fs.rmSync(artifactsDir, { recursive: true, force: true });
  }
  return runs;
}

/**
 * The host's benchmarkIndex: Lighthouse measures it before it loads the page (lhr.environment), so a
 * run with a single cheap audit gives it without the cost of a performance run. The doctype audit
 * needs no trace (Lighthouse 13's viewport audit, the one used before, is an insight read from one).
 */
export async function benchmarkIndexRun(url: string): Promise<number> {
  const { lhr } = await runInFreshChromium(url, { onlyAudits: ['doctype'] });
  const index = lhr.environment?.benchmarkIndex;
  if (typeof index !== 'number' || !Number.isFinite(index)) throw new Error(`Lighthouse gave no benchmarkIndex for ${url}`);
  return index;
}

/** Median of each metric; the notes of the run whose score is the median one. */
export function summarizeRuns(url: string, runs: LighthouseRun[]): LighthouseResult {
  if (runs.length === 0) throw new Error(`no Lighthouse run of ${url} succeeded`);
  const medianRun = [...runs].sort((a, b) => a.metrics.score - b.metrics.score)[Math.floor((runs.length - 1) / 2)];
  return { url, runs, median: medianMetrics(runs.map((run) => run.metrics)), notes: medianRun.notes };
}
