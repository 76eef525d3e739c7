/**
 * Lighthouse through its node API (mobile preset, simulated throttling) in Debian's Chromium, third
 * parties blocked, one fresh browser per load: each load gathered once and judged per pass, the calibrated
 * multiplier from the host's speed the loads read, the order of the rounds.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as config from './config';

/** benchmarkIndex: Lighthouse's measure of the host CPU at the time (higher is faster). */
export type LighthouseMetrics = Record<'score' | 'fcpMs' | 'lcpMs' | 'cls' | 'tbtMs' | 'benchmarkIndex', number>;

export interface LighthouseRun {
  metrics: LighthouseMetrics;
  /** The long main-thread tasks as Lighthouse simulates them, and the scripts that ran: what TBT is made of. */
  longTasks: Array<{ url: string; ms: number }>;
  scripts: string[];
}

interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** What the bench reads of one Lighthouse result (pure). */
export function readLhr(lhr: Lhr): LighthouseRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  return {
    metrics: {
      score: lhr.categories.performance.score ?? NaN,
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    },
    longTasks: items('long-tasks').map((item) => ({ url: String(item.url ?? ''), ms: Math.round(Number(item.duration ?? 0)) })),
    scripts: items('bootup-time').map((item) => String(item.url ?? '')),
  };
}

/** The host's speed as loads read it: Lighthouse measures its benchmarkIndex before each load. */
export const hostIndexOf = (runs: LighthouseRun[]) => median(runs.map((run) => run.metrics.benchmarkIndex));

/** Median of each metric over the runs. */
export function medianMetrics(runs: LighthouseRun[]): LighthouseMetrics {
  const keys = Object.keys(runs[0]?.metrics ?? {}) as Array<keyof LighthouseMetrics>;
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run.metrics[key]))])) as unknown as LighthouseMetrics;
}

/**
 * The pages of one round in the order they run: each round starts one place further on and steps through
 * the list by another stride prime to its length, so whatever a place in the order costs (the last browser
 * still shutting down, a burst as a round starts) falls on every page in turn.
 */
export function roundOrder<T>(pages: readonly T[], round: number): T[] {
  const count = pages.length;
  if (count < 2) return [...pages];
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const strides = Array.from({ length: count - 1 }, (_, index) => index + 1).filter((stride) => gcd(stride, count) === 1);
  const index = Math.max(0, round - 1);
  return pages.map((_, place) => pages[(index + place * strides[index % strides.length]) % count]);
}

/**
 * Whether one more round may start. Past the minimum, rounds come in pairs, so the deadline leaves an odd
 * count and each median is one load's figure (the mean of two middle scores is a score no load had).
 */
export function anotherRound(done: number, asked: number, spentS: number, roundS: number, deadlineS: number) {
  if (done >= asked || done < config.ROUNDS.min || done % 2 === 0) return done < asked;
  return spentS + Math.min(2, asked - done) * roundS <= deadlineS;
}

/**
 * The calibrated pass's multiplier: host index ÷ the phone's, truncated to hundredths as Chromium keeps it,
 * within config.CPU_MULTIPLIER_RANGE; null when the host index is unknown.
 */
export function chooseMultiplier(hostIndex: number | null, phoneIndex: number) {
  if (hostIndex === null || !Number.isFinite(hostIndex) || hostIndex <= 0) return null;
  const exact = hostIndex / phoneIndex;
  const { min, max } = config.CPU_MULTIPLIER_RANGE;
  const clamped = exact < min ? ('min' as const) : exact > max ? ('max' as const) : null;
  return { exact, clamped, multiplier: clamped === 'min' ? min : clamped === 'max' ? max : Math.floor(exact * 100 + 1e-9) / 100 };
}

/** The default pass at Lighthouse's own 4×, and the calibrated one when the host's index is known. */
export function planPasses(hostIndex: number | null) {
  const passes = [
    { id: 'default' as const, multiplier: config.DEFAULT_CPU_MULTIPLIER, title: `default pass (CPU ${config.DEFAULT_CPU_MULTIPLIER}×)` },
  ];
  const calibration = chooseMultiplier(hostIndex, config.TARGET_PHONE.benchmarkIndex);
  if (!calibration) return passes;
  const { multiplier, clamped, exact } = calibration;
  const clamp = clamped ? `, ${clamped === 'min' ? 'raised' : 'capped'} from ${exact.toFixed(2)}` : '';
  const title = `calibrated pass (CPU ${multiplier}×: host ${Math.round(hostIndex!)} / ${config.TARGET_PHONE.name} ${config.TARGET_PHONE.benchmarkIndex}${clamp})`;
  return [...passes, { id: 'calibrated' as const, multiplier, title }];
}

/** Chromium instances in flight, so an interrupted bench leaves none behind. */
const running = new Set<{ kill: () => void | Promise<void> }>();

export async function killRunningChromium(): Promise<void> {
  await Promise.all([...running].map((chrome) => chrome.kill()));
  running.clear();
}

function checked(url: string, lhr: unknown): Lhr {
  const result = lhr as Lhr | undefined;
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { code, message } = result.runtimeError ?? {};
  if (code) throw Object.assign(new Error(`Lighthouse could not measure ${url}: ${code} ${message}`), { code });
  return result;
}

/**
 * Chromium here now and then records a trace without its navigation start, which Lighthouse answers with
 * "please run Lighthouse again": such a load is made once more in a fresh browser.
 */
async function onHiccupTryAgain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!['NO_NAVSTART', 'NO_TRACING_STARTED'].includes((error as { code?: string }).code ?? '')) throw error;
    return work();
  }
}

/** Lighthouse at url in a fresh Chromium with the given flags on top of the mobile defaults. */
async function lighthouseIn(url: string, flags: Record<string, unknown>, blocked: readonly string[] = []) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: config.CHROMIUM_PATH,
    chromeFlags: [...config.CHROMIUM_FLAGS, config.HOST_RESOLVER_RULES],
    logLevel: 'silent',
  });
  running.add(chrome);
  try {
    const blockedUrlPatterns = [...config.BLOCKED_URL_PATTERNS, ...blocked];
    return (await lighthouse(url, { port: chrome.port, logLevel: 'error', blockedUrlPatterns, ...flags }))?.lhr;
  } finally {
    running.delete(chrome);
    await chrome.kill();
  }
}

const FLAGS = { output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };

/**
 * One page load gathered into `dir` (gatherMode) and audited at a CPU multiplier (auditMode). Simulated
 * throttling simulates the phone from the unthrottled load's trace, so auditAt can judge the same load
 * again at another multiplier. The caller removes `dir`.
 */
export async function gatherAndAudit(url: string, dir: string, multiplier: number, reportFile: string, blocked: readonly string[] = []) {
  // A trace hiccup shows when the load is audited, so a retry gathers it again.
  return onHiccupTryAgain(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await lighthouseIn(url, { ...FLAGS, gatherMode: dir }, blocked);
    return auditAt(url, dir, multiplier, reportFile, blocked);
  });
}

/** The load saved in `dir` judged at `multiplier`; the saved settings are rewritten, as Lighthouse refuses others. */
export async function auditAt(url: string, dir: string, multiplier: number, reportFile: string, blocked: readonly string[] = []) {
  const { default: lighthouse } = await import('lighthouse');
  const file = path.join(dir, 'artifacts.json');
  const artifacts = JSON.parse(fs.readFileSync(file, 'utf8')) as { settings: { throttling: Record<string, unknown> } };
  const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplier };
  fs.writeFileSync(file, JSON.stringify({ ...artifacts, settings: { ...artifacts.settings, throttling } }));
  const blockedUrlPatterns = [...config.BLOCKED_URL_PATTERNS, ...blocked];
  const lhr = checked(url, (await lighthouse(undefined, { ...FLAGS, throttling, blockedUrlPatterns, auditMode: dir }))?.lhr);
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.writeFileSync(reportFile, JSON.stringify(lhr));
  return readLhr(lhr);
}
