/** The bench's report as markdown: the machine, each Lighthouse pass against its bare page, the first tap, every other budget (pure). */
import type { BudgetRow } from './budgets';
import { hostIndexOf, type LighthouseMetrics, type LighthouseRun } from './lighthouse';

export type PageFigures = { median: LighthouseMetrics; runs: LighthouseRun[] };

export interface PassResult {
  id: 'default' | 'calibrated';
  title: string;
  multiplier: number;
  rounds: number;
  bare: PageFigures | null;
  floor: PageFigures | null;
  samples: Array<{ role: string; path: string; figures: PageFigures | null }>;
}

export type Table = { header: string[]; rows: string[][] };

export interface BenchReport {
  generatedAt: string;
  durationS: number;
  versions: Record<string, string>;
  machine: { cpus: number; cpuModel: string; memoryGb: number; loadAverage: Record<string, number> };
  phases: Record<string, number>;
  passes: PassResult[];
  firstTap: {
    rounds: number;
    plainMs: number | null;
    landings: Array<{ path: string; ms: number | null; visits: string[]; keysKept: string }>;
  } | null;
  /** Further tables: the scale row, the funnel report at scale. */
  tables: Array<{ title: string; text: string; table: Table }>;
  budgets: BudgetRow[];
  summary: { pass: number; fail: number; notMeasured: number };
  notes: string[];
  errors: string[];
}

const ms = (value: number | null | undefined) => (value == null || !Number.isFinite(value) ? '—' : `${Math.round(value)} ms`);
const times = (value: number | null | undefined) => (value == null || !Number.isFinite(value) ? '' : ` (${value.toFixed(2)}×)`);
const mark = (pass: boolean | null) => (pass === null ? '–' : pass ? '✓' : '✗');
const num = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '—');

/** A measured figure in its unit: 101.2 KB, 276 ms, 0.94, 1.15×. */
export function figure(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return 'not measured';
  if (unit === 'bytes') return `${(value / 1024).toFixed(1)} KB`;
  if (unit === 'score') return value.toFixed(2);
  if (unit === '') return value.toFixed(3);
  if (unit === '×') return `${value.toFixed(2)}×`;
  return unit === 'ms' || unit === 's'
    ? `${unit === 's' ? value.toFixed(1) : Math.round(value)} ${unit}`
    : `${Number(value.toFixed(2))} ${unit}`;
}

/** A Markdown table; a `|` inside a cell (a URL's query, a detail) is escaped so it cannot split the cell. */
export function markdownTable({ header, rows }: Table): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.map(cell).join(' | ')} |`).join('\n');
}

/** The longest tasks of a page's median-TBT run: what its blocking time is made of. */
function longTasks(figures: PageFigures | null): string {
  if (!figures?.runs.length) return 'not measured';
  const run = [...figures.runs].sort((a, b) => a.metrics.tbtMs - b.metrics.tbtMs)[Math.floor((figures.runs.length - 1) / 2)];
  const name = (url: string) => (url.endsWith('/') ? 'the document' : url.split(/[?#]/)[0].split('/').pop() || '(page)');
  return run.longTasks.map((task) => `${name(task.url)} ${task.ms} ms`).join(', ') || 'none';
}

function passSection(pass: PassResult, budgets: BudgetRow[]): string[] {
  const bare = pass.bare?.median;
  const limits = budgets.find((entry) => entry.lighthousePass === pass.id && entry.budget === 'tbt');
  const rows = pass.samples.map(({ role, path }) => {
    const own = budgets.filter((entry) => entry.lighthousePass === pass.id && entry.subject === path);
    const cell = (budget: string) => {
      const entry = own.find((candidate) => candidate.budget === budget)!;
      return `${figure(entry.measured, entry.unit)}${times(entry.timesBare)} ${mark(entry.pass)}`;
    };
    const failed = own.filter((entry) => entry.pass === false).map((entry) => entry.budget);
    return [
      `${path} (${role})`,
      cell('lighthouse-score'),
      cell('tbt'),
      cell('lcp'),
      cell('cls'),
      failed.length ? `**FAIL** (${failed.join(', ')})` : own.some((entry) => entry.pass === null) ? 'not judged' : 'pass',
    ];
  });
  const floor = pass.floor?.median;
  const simulated = pass.bare ? Math.round(pass.bare.median.benchmarkIndex / pass.multiplier) : null;
  return [
    `## Lighthouse, ${pass.title}`,
    `${pass.rounds} interleaved rounds, medians; Lighthouse's mobile preset, simulated throttling, third parties blocked. The bare page's runs measured the host at ${num(pass.bare?.median.benchmarkIndex ?? NaN)}, so the phone simulated was about ${simulated ?? '—'}.`,
    bare
      ? `Bare Gatsby page: score ${bare.score.toFixed(2)}, TBT ${ms(bare.tbtMs)}, LCP ${ms(bare.lcpMs)}, CLS ${bare.cls.toFixed(3)}. TBT limit ${ms(limits?.limit)} (${limits?.detail}).`
      : 'Bare Gatsby page: not measured.',
    floor
      ? `Floor (the first sample without its script files, never judged): score ${floor.score.toFixed(2)}, TBT ${ms(floor.tbtMs)}, LCP ${ms(floor.lcpMs)}.`
      : '',
    markdownTable({ header: ['Landing', 'Score', 'TBT', 'LCP', 'CLS', 'Result'], rows }),
    `Long tasks of the median-TBT run, as Lighthouse simulates them: bare page: ${longTasks(pass.bare)}; floor: ${longTasks(pass.floor)}; ${pass.samples[0]?.path}: ${longTasks(pass.samples[0]?.figures ?? null)}.`,
  ].filter(Boolean);
}

const pairs = (entries: Record<string, number | string>, show: (value: never) => string) =>
  Object.entries(entries)
    .map(([name, value]) => `${name} ${show(value as never)}`)
    .join(', ');

function budgetCells(entry: BudgetRow): string[] {
  const result = entry.pass === false ? '**FAIL**' : entry.pass ? 'pass' : 'not measured';
  return [
    entry.budget,
    entry.subject,
    figure(entry.measured, entry.unit),
    `${entry.comparator === '<=' ? '≤' : '≥'} ${figure(entry.limit, entry.unit)}`,
    result,
    entry.detail ?? '',
  ];
}

export function renderMarkdown(report: BenchReport): string {
  const pages = report.passes[0] ? [report.passes[0].bare, report.passes[0].floor, ...report.passes[0].samples.map((s) => s.figures)] : [];
  const host = (pick: (runs: LighthouseRun[]) => LighthouseRun[]) => hostIndexOf(pages.flatMap((page) => pick(page?.runs ?? [])));
  const [all, first, last] = [host((runs) => runs), host((runs) => runs.slice(0, 1)), host((runs) => runs.slice(-1))];
  const drift = Math.abs(last / first - 1) > 0.25;
  const tap = report.firstTap;
  const tapRows = (tap?.landings ?? []).map((landing) => {
    const entry = report.budgets.find((candidate) => candidate.budget === 'first-tap' && candidate.subject === landing.path);
    return [
      landing.path,
      `${ms(landing.ms)}${times(entry?.timesBare)} ${mark(entry?.pass ?? null)}`,
      landing.visits.join(', '),
      landing.keysKept,
    ];
  });
  return [
    '# Landing performance bench',
    `${report.generatedAt} · ${Math.round(report.durationS)} s · ${pairs(report.versions, String)}`,
    '## Machine',
    `${report.machine.cpus} cores (${report.machine.cpuModel}), ${Math.round(report.machine.memoryGb)} GB, shared: every figure depends on what else ran. Load average (1 min) as each phase began: ${pairs(report.machine.loadAverage, (load: number) => load.toFixed(1))}.`,
    `Host benchmarkIndex (higher is faster) as the loads read it: ${num(all)} over the rounds, ${num(first)} in the first, ${num(last)} in the last.${drift ? ' **The host changed speed by over 25 % meanwhile.**' : ''}`,
    `Phases: ${pairs(report.phases, (seconds: number) => `${Math.round(seconds)} s`)}.`,
    `**Budgets: ${report.summary.pass} pass, ${report.summary.fail} fail, ${report.summary.notMeasured} not measured.**`,
    ...report.notes.map((note) => `> ${note}`),
    ...report.passes.flatMap((pass) => passSection(pass, report.budgets)),
    ...(tap
      ? [
          '## First tap on the registration form',
          `Chromium slowed down 4× for real; a fresh visitor per visit taps the phone field and types three digits; a visit's figure is its worst interaction (Event Timing: the wait for the main thread + the handlers + until the paint); the median of ${tap.rounds} interleaved rounds is judged against the plain form (the same form, no script): ${ms(tap.plainMs)}.`,
          markdownTable({ header: ['Landing', 'First tap (×plain)', 'Visits', 'Keys kept'], rows: tapRows }),
        ]
      : []),
    '## Other budgets',
    markdownTable({
      header: ['Budget', 'Subject', 'Measured', 'Limit', 'Result', 'Detail'],
      rows: report.budgets
        .filter((entry) => !['lighthouse-score', 'tbt', 'lcp', 'cls', 'first-tap'].includes(entry.budget))
        .map(budgetCells),
    }),
    ...report.tables.flatMap(({ title, text, table }) => [`## ${title}`, text, markdownTable(table)]),
    ...(report.errors.length ? ['## Errors', report.errors.map((error) => `- ${error.replace(/\n/g, ' ')}`).join('\n')] : []),
  ]
    .filter(Boolean)
    .join('\n\n');
}
