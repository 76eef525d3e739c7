/** The bench report's JSON shape. */
import type { BuildStep, HtmlStep } from './build';
import type { BudgetRow } from './budgets';
import type { Calibration, PassId, TargetPhone } from './calibration';
import type { LighthouseMetrics, LighthouseNotes } from './lighthouse';
import type { ChunkTimeline, PreloaderScenario } from './preloader';
import type { FirstTapFigures } from './report-first-tap';
import type { ChunkInfo, FirstLoadCheck, PageWeight } from './weights';
import type { ScaleReport } from './scale/run';

export interface LighthouseRatios {
  score: number | null;
  lcp: number | null;
  cls: number | null;
  tbt: number | null;
  speedIndex: number | null;
}

export interface BuildFigures {
  seconds: number;
  pages: number;
  pagesPerSecond: number;
  htmlStep: HtmlStep | null;
  steps: BuildStep[];
  exitCode: number;
}

export interface WeightRatios {
  jsRaw: number | null;
  jsGzip: number | null;
  jsBrotli: number | null;
  htmlGzip: number | null;
  inlineCss: number | null;
  /** Everything the first load fetches, gzip: HTML + JS + CSS files + page data. */
  totalGzip: number | null;
}

export interface SampleFigures {
  role: string;
  path: string;
  weight: PageWeight | null;
  weightRatios: WeightRatios | null;
}

/** One page's Lighthouse runs in one pass: the median of each metric, every run, notes of the median run. */
export interface LighthousePageFigures {
  median: LighthouseMetrics;
  runs: LighthouseMetrics[];
  notes: LighthouseNotes;
}

/** One Lighthouse pass: the bare page and the samples, measured in the same interleaved rounds. */
export interface LighthousePassFigures {
  id: PassId;
  title: string;
  cpuSlowdownMultiplier: number;
  calibration: Calibration | null;
  /** Rounds that ran (each: the bare page, then every sample). */
  rounds: number;
  bare: LighthousePageFigures | null;
  /** The first sample with its script files blocked: what its document costs before any bundle (config FLOOR_SAMPLE). */
  floor: (LighthousePageFigures & { path: string }) | null;
  samples: Array<{ role: string; path: string; lighthouse: LighthousePageFigures | null; ratios: LighthouseRatios | null }>;
}

/** The host's benchmarkIndex from short Lighthouse runs of the bare page. */
export interface IndexMeasure {
  median: number;
  runs: number[];
}

export interface LazyChunkFigures extends ChunkInfo {
  /** When the watched landing fetched it in Chromium. */
  fetched: string;
}

export interface BenchReport {
  generatedAt: string;
  durationS: number;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    chromium: string;
    lighthouse: string;
    gatsby: string;
    platform: string;
    /** 1-minute load average at the start of each phase: other work on the machine skews every figure. */
    loadAverage: Record<string, number>;
    /** Lighthouse's measure of the host CPU before the Lighthouse passes and after them (higher is faster). */
    benchmarkIndex: { before: IndexMeasure | null; after: IndexMeasure | null };
  };
  /** Wall-clock seconds of each phase of the bench. */
  phases: Record<string, number>;
  settings: {
    /** Lighthouse rounds asked per pass. */
    lighthouseRuns: number;
    targetPhone: TargetPhone;
    cpuMultiplierRange: { min: number; max: number };
    preloaderRuns: number;
    /** How the first-tap visits were made (config.ts FIRST_TAP). */
    firstTap?: Record<string, string | number>;
    blockedUrlPatterns: string[];
    compression: string;
    kb: number;
    samples: Array<{ role: string; path: string }>;
  };
  builds: {
    cold: BuildFigures | null;
    warm: (BuildFigures & { edit: { row: { brand: string; country: string; slug: string }; from: string; to: string } }) | null;
    baseline: BuildFigures | null;
  };
  weights: {
    baseline: PageWeight | null;
    allLandings: {
      count: number;
      jsGzipMin: number;
      jsGzipMax: { bytes: number; path: string };
      htmlGzipMax: { bytes: number; path: string };
      htmlRawMedian: number;
      inlineCssMax: { bytes: number; path: string };
    } | null;
    firstLoadChunks: ChunkInfo[];
    baselineChunks: ChunkInfo[];
    lazyChunks: LazyChunkFigures[];
    lazyCheck: FirstLoadCheck | null;
  };
  samples: SampleFigures[];
  /** The default pass, then the calibrated one. */
  lighthousePasses: LighthousePassFigures[];
  preloader: { page: string; scenarios: PreloaderScenario[] };
  /** The first tap on the registration form of each sample, against the plain form; null when it could not run. */
  firstTap?: FirstTapFigures | null;
  chunkTimeline: ChunkTimeline | null;
  budgets: BudgetRow[];
  summary: { pass: number; fail: number; notMeasured: number };
  /** The scale row; null when left out (BENCH_SCALE=0) or when it could not run. */
  scale?: ScaleReport | null;
  notes: string[];
  errors: string[];
}
