/**
 * The Lighthouse parts of the report (pure): the machine it ran on, each pass's landings judged against
 * the bare page of that pass, and what the runs of each pass show.
 */
import type { BudgetRow } from './budgets';
import { fmtMultiplier, simulatedIndex } from './calibration';
import { NA, fmtKb, fmtMs, fmtNumber, fmtRatio, table } from './format';
import type { LighthouseMetrics } from './lighthouse';
import type { BenchReport, IndexMeasure, LighthousePageFigures, LighthousePassFigures, LighthouseRatios } from './report-types';
import { median, ratio } from './stats';

export function lighthouseRatios(page: LighthouseMetrics, baseline: LighthouseMetrics): LighthouseRatios {
  return {
    score: ratio(page.score, baseline.score),
    lcp: ratio(page.lcpMs, baseline.lcpMs),
    cls: ratio(page.cls, baseline.cls),
    tbt: ratio(page.tbtMs, baseline.tbtMs),
    speedIndex: ratio(page.speedIndexMs, baseline.speedIndexMs),
  };
}

/**
 * Pages whose Lighthouse runs had much less CPU than the bare page's (benchmarkIndex under `share`
 * of the bare page's median): their TBT and score say more about the machine than about the code.
 */
export function starvedRuns(
  samples: Array<{ path: string; runs: Array<{ benchmarkIndex: number }> }>,
  bareIndex: number | null,
  share = 0.6,
): string[] {
  if (bareIndex === null || !Number.isFinite(bareIndex) || bareIndex <= 0) return [];
  return samples
    .map((sample) => ({
      path: sample.path,
      starved: sample.runs.filter((run) => Number.isFinite(run.benchmarkIndex) && run.benchmarkIndex < share * bareIndex).length,
      total: sample.runs.length,
    }))
    .filter((entry) => entry.starved > 0)
    .map((entry) => `${entry.path} (${entry.starved} of ${entry.total})`);
}

/** Every benchmarkIndex the runs of a pass reported (bare page and samples). */
export function passIndexes(pass: LighthousePassFigures): number[] {
  const pages = [pass.bare, ...pass.samples.map((sample) => sample.lighthouse)];
  return pages.flatMap((page) => page?.runs.map((run) => run.benchmarkIndex) ?? []).filter((value) => Number.isFinite(value));
}

function fmtIndex(measure: IndexMeasure | null): string {
  if (!measure) return 'not measured';
  return `${Math.round(measure.median)} (runs ${measure.runs.map((run) => Math.round(run)).join(', ')})`;
}

/** Whether the host's speed moved by more than `share` between before and after. */
export function hostDrifted(before: IndexMeasure | null, after: IndexMeasure | null, share = 0.25): boolean {
  if (!before || !after || !(before.median > 0)) return false;
  return Math.abs(after.median - before.median) / before.median > share;
}

export function renderMachine(report: BenchReport): string[] {
  const { machine } = report;
  const out: string[] = ['## Machine', ''];
  out.push(
    `- ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb.toFixed(0)} GB, ${machine.platform}. Shared with other work: every figure depends on what else ran.`,
  );
  const loads = Object.entries(machine.loadAverage)
    .map(([phase, load]) => `${phase} ${load.toFixed(1)}`)
    .join(', ');
  out.push(`- Load average (1 min) when each phase began: ${loads || NA}.`);
  const { before, after } = machine.benchmarkIndex ?? { before: null, after: null };
  out.push(
    `- Host benchmarkIndex (Lighthouse's CPU measure, higher is faster; short runs of the bare page): ${fmtIndex(before)} before the Lighthouse passes, ${fmtIndex(after)} after them.` +
      (hostDrifted(before, after)
        ? ' **The host changed speed during the passes**: the calibrated pass simulated another phone than planned (see its runs).'
        : ''),
  );
  for (const pass of report.lighthousePasses) {
    const simulated = simulatedIndex(median(passIndexes(pass)), pass.cpuSlowdownMultiplier);
    out.push(
      `- ${capitalized(pass.title)}: its runs measured the host at ${fmtNumber(median(passIndexes(pass)), 0)} (median), so the simulated phone was about ${fmtNumber(simulated, 0)}.`,
    );
  }
  out.push('');
  return out;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "454 ms (7.09×) ✗": the figure, measured ÷ bare, pass or fail. */
export function verdictCell(entry: BudgetRow | undefined, format: (value: number) => string): string {
  if (!entry || entry.measured === null) return NA;
  const times = entry.timesBare ?? null;
  const bare = times !== null ? fmtRatio(times) : entry.bare === 0 ? 'bare 0' : '×bare n/a';
  const verdict = entry.pass === null ? ' (not judged)' : entry.pass ? ' ✓' : ' ✗';
  return `${format(entry.measured)} (${bare})${verdict}`;
}

const fmtScore = (value: number) => value.toFixed(2);
const fmtLcp = (value: number) => `${(value / 1000).toFixed(1)} s`;
const fmtCls = (value: number) => value.toFixed(3);

const VERDICT_COLUMNS: Array<{ budget: string; format: (value: number) => string }> = [
  { budget: 'lighthouse-score', format: fmtScore },
  { budget: 'tbt', format: (value) => fmtMs(value) },
  { budget: 'lcp', format: fmtLcp },
  { budget: 'cls', format: fmtCls },
];

const BUDGET_NAMES: Record<string, string> = { 'lighthouse-score': 'score', tbt: 'TBT', lcp: 'LCP', cls: 'CLS' };

/**
 * The floor of a pass in one sentence: what the first sample's document costs with no script file, so
 * a reader sees how much of a landing's figure is its HTML and CSS and how much its JavaScript.
 */
export function renderFloor(pass: LighthousePassFigures): string | null {
  const floor = pass.floor?.median;
  if (!floor) return null;
  const bare = pass.bare?.median;
  const times = bare ? ratio(floor.tbtMs, bare.tbtMs) : null;
  return (
    `Floor: ${pass.floor!.path} with its script files blocked (its HTML, CSS and the inline first-screen script only): ` +
    `score ${fmtScore(floor.score)}, TBT ${fmtMs(floor.tbtMs)}${times === null ? '' : ` (${fmtRatio(times)})`}, LCP ${fmtLcp(floor.lcpMs)}. ` +
    'No landing can be lighter than its own document; what a landing has above this is its JavaScript.'
  );
}

/** One section per pass: the limits its bare page sets, and every landing's four figures against them. */
export function renderLighthouseVerdicts(report: BenchReport): string[] {
  const out: string[] = [];
  for (const pass of report.lighthousePasses) {
    const rows = report.budgets.filter((entry) => entry.lighthousePass === pass.id);
    out.push(`## Lighthouse against the bare Gatsby page: ${pass.title}`);
    out.push('');
    out.push(
      `Mobile preset, simulated throttling (Slow 4G, CPU ${fmtMultiplier(pass.cpuSlowdownMultiplier)}), third parties blocked; ` +
        `${pass.rounds} interleaved round(s) (the bare page, the samples, then the floor); medians. ×bare = landing ÷ bare page of this pass.`,
    );
    out.push('');
    const bare = pass.bare?.median;
    const limitOf = (budget: string) => rows.find((entry) => entry.budget === budget);
    const tbtLimit = limitOf('tbt');
    const scoreLimit = limitOf('lighthouse-score');
    out.push(
      bare
        ? `Bare Gatsby page: score ${fmtScore(bare.score)}, TBT ${fmtMs(bare.tbtMs)}, LCP ${fmtLcp(bare.lcpMs)}, CLS ${fmtCls(bare.cls)}. ` +
            `Limits: score ≥ ${scoreLimit && Number.isFinite(scoreLimit.limit) ? fmtScore(scoreLimit.limit) : NA} (${scoreLimit?.detail ?? NA}), ` +
            `TBT ≤ ${tbtLimit ? fmtMs(tbtLimit.limit) : NA} (${tbtLimit?.detail ?? NA}), LCP ≤ ${fmtLcp(limitOf('lcp')?.limit ?? Number.NaN)}, CLS ≤ ${limitOf('cls')?.limit ?? NA}.`
        : 'The bare Gatsby page was not measured in this pass: the score and TBT budgets are not judged.',
    );
    out.push('');
    const floorLine = renderFloor(pass);
    if (floorLine) out.push(floorLine, '');
    const subjects = [...new Set(rows.map((entry) => entry.subject))];
    out.push(
      table(
        ['Landing', 'Score', 'TBT', 'LCP', 'CLS', 'Result'],
        subjects.map((subject) => {
          const own = rows.filter((entry) => entry.subject === subject);
          const role = report.samples.find((sample) => sample.path === subject)?.role;
          const failed = own.filter((entry) => entry.pass === false).map((entry) => BUDGET_NAMES[entry.budget] ?? entry.budget);
          const unjudged = own.filter((entry) => entry.pass === null).length;
          const result = failed.length ? `**FAIL** (${failed.join(', ')})` : unjudged ? `${unjudged} not judged` : 'pass';
          return [
            role ? `${subject} (${role})` : subject,
            ...VERDICT_COLUMNS.map((column) =>
              verdictCell(
                own.find((entry) => entry.budget === column.budget),
                column.format,
              ),
            ),
            result,
          ];
        }),
      ),
    );
    out.push('');
  }
  return out;
}

function notesLine(label: string, page: LighthousePageFigures): string {
  const notes = page.notes;
  const parts: string[] = [];
  parts.push(`observed FCP ${fmtMs(notes.observed.fcpMs)}, LCP ${fmtMs(notes.observed.lcpMs)}, load ${fmtMs(notes.observed.loadMs)}`);
  if (notes.lcpElement) parts.push(`LCP element \`${notes.lcpElement.replace(/`/g, "'")}\``);
  if (notes.layoutShifts.length)
    parts.push(
      `shifted: ${notes.layoutShifts.map((shift) => `\`${shift.node.split(' <')[0].replace(/`/g, "'")}\` ${shift.score.toFixed(3)}`).join(', ')}`,
    );
  if (notes.bootup.length)
    parts.push(
      `script time: ${notes.bootup
        .slice(0, 4)
        .map((entry) => `${entry.url.replace(/^https?:\/\/[^/]+\/(promo\/)?/, '') || '(page)'} ${entry.scriptingMs} ms`)
        .join(', ')}`,
    );
  if (notes.mainThread?.length) parts.push(`main thread: ${notes.mainThread.map((entry) => `${entry.group} ${entry.ms} ms`).join(', ')}`);
  if (notes.unusedJs?.length)
    parts.push(
      `unused JS: ${notes.unusedJs
        .slice(0, 3)
        .map((entry) => `${entry.url.replace(/^https?:\/\/[^/]+\/(promo\/)?/, '')} ${fmtKb(entry.wastedBytes)}`)
        .join(', ')}`,
    );
  const weak = notes.weakAudits.map((audit) => `${audit.id}${audit.display ? ` (${audit.display})` : ''}`).join(', ');
  if (weak) parts.push(`below 0.9: ${weak}`);
  if (notes.blockedRequests.length) parts.push(`blocked: ${notes.blockedRequests.join(', ')}`);
  return `- ${label}: ${parts.join('; ')}`;
}

/** Every metric, every run's score and benchmarkIndex, and what the median run shows, per pass. */
export function renderLighthouseDetails(report: BenchReport): string[] {
  const out: string[] = [];
  for (const pass of report.lighthousePasses) {
    out.push(`## Lighthouse details: ${pass.title}`);
    out.push('');
    out.push(
      "Median of each metric over the rounds (the Runs column gives each run's score). benchmarkIndex is Lighthouse's measure of the host CPU at the start of each run; " +
        'simulated throttling multiplies the CPU time it observes, so a run with a much lower index than the bare page had less CPU, and its TBT and score overstate the code.',
    );
    const bareIndex = pass.bare?.median.benchmarkIndex ?? null;
    const starved = starvedRuns(
      pass.samples.map((sample) => ({ path: sample.path, runs: sample.lighthouse?.runs ?? [] })),
      bareIndex,
    );
    if (starved.length) {
      out.push('');
      out.push(`**CPU-starved runs** (benchmarkIndex under 60% of the bare page's ${Math.round(bareIndex!)}): ${starved.join(', ')}.`);
    }
    out.push('');
    const lhRow = (label: string, lh: LighthousePageFigures | null, ratios: LighthouseRatios | null): string[] =>
      lh
        ? [
            label,
            fmtNumber(lh.median.score, 2),
            fmtMs(lh.median.fcpMs),
            fmtMs(lh.median.lcpMs),
            fmtNumber(lh.median.cls, 3),
            fmtMs(lh.median.tbtMs),
            fmtMs(lh.median.speedIndexMs),
            ratios
              ? `${fmtRatio(ratios.score)} / ${fmtRatio(ratios.lcp)} / ${fmtRatio(ratios.cls)} / ${fmtRatio(ratios.tbt)} / ${fmtRatio(ratios.speedIndex)}`
              : '',
            `${lh.runs.length}: ${lh.runs.map((run) => run.score.toFixed(2)).join(', ')}`,
            lh.runs.map((run) => (Number.isFinite(run.benchmarkIndex) ? Math.round(run.benchmarkIndex) : NA)).join(', '),
          ]
        : [label, ...Array(6).fill(NA), '', '0', NA];
    out.push(
      table(
        [
          'Page',
          'Score',
          'FCP',
          'LCP',
          'CLS',
          'TBT',
          'Speed Index',
          '×bare: score / LCP / CLS / TBT / SI',
          'Runs (scores)',
          'benchmarkIndex per run',
        ],
        [
          ...pass.samples.map((sample) => lhRow(`${sample.path} (${sample.role})`, sample.lighthouse, sample.ratios)),
          ...(pass.floor
            ? [
                lhRow(
                  `floor: ${pass.floor.path} without script files`,
                  pass.floor,
                  pass.bare ? lighthouseRatios(pass.floor.median, pass.bare.median) : null,
                ),
              ]
            : []),
          lhRow('bare Gatsby page', pass.bare, null),
        ],
      ),
    );
    out.push('');
    const pages = [
      ...pass.samples.map((sample) => ({ label: sample.path, page: sample.lighthouse })),
      { label: 'bare Gatsby page', page: pass.bare },
    ].filter((entry): entry is { label: string; page: LighthousePageFigures } => entry.page !== null);
    if (pages.length) {
      out.push(
        'What the runs show (the run with the median score): audits below 0.9, unthrottled FCP/LCP as observed, elements that shifted, heaviest scripts.',
      );
      out.push('');
      for (const entry of pages) out.push(notesLine(entry.label, entry.page));
      out.push('');
    }
  }
  return out;
}
