/** The report: its JSON shape, ratios to the bare Gatsby page, and the markdown table (pure). */
import type { BudgetRow } from './budgets';
import { NA, cell, cellMark, fmtKb, fmtLimit, fmtMeasured, fmtMs, fmtRatio, fmtSeconds, mark, table } from './format';
import type { Resize } from './preloader';
import { renderFirstTap } from './report-first-tap';
import { renderLighthouseDetails, renderLighthouseVerdicts, renderMachine } from './report-lighthouse';
import type { BuildFigures, WeightRatios, BenchReport } from './report-types';
import { ratio } from './stats';
import { LAZY_FEATURES, type ChunkInfo, type PageWeight } from './weights';
import { renderScaleMarkdown } from './scale/report';

export { cell, fmtKb, fmtLimit, fmtMeasured, fmtMs, fmtRatio, fmtSeconds, mark } from './format';
export { lighthouseRatios, starvedRuns } from './report-lighthouse';
export type * from './report-types';

export function weightRatios(page: PageWeight, baseline: PageWeight): WeightRatios {
  const total = (weight: PageWeight) => weight.html.gzip + weight.js.gzip + weight.css.gzip + weight.data.gzip;
  return {
    jsRaw: ratio(page.js.raw, baseline.js.raw),
    jsGzip: ratio(page.js.gzip, baseline.js.gzip),
    jsBrotli: ratio(page.js.brotli, baseline.js.brotli),
    htmlGzip: ratio(page.html.gzip, baseline.html.gzip),
    inlineCss: ratio(page.inlineCssBytes, baseline.inlineCssBytes),
    totalGzip: ratio(total(page), total(baseline)),
  };
}

/** What a first-load chunk is for: app, framework, webpack-runtime, or the page component. */
export function chunkRole(file: string): string {
  if (file.startsWith('component---')) return 'page component';
  return file.replace(/-[0-9a-f]{20}\.(js|css)$/, '');
}

/** Landing minus bare page, gzip bytes per chunk role, biggest difference first. */
export function chunkDifferences(
  landing: ChunkInfo[],
  baseline: ChunkInfo[],
): Array<{ role: string; landing: number; baseline: number; difference: number }> {
  const sum = (chunks: ChunkInfo[], role: string) =>
    chunks.filter((chunk) => chunkRole(chunk.file) === role).reduce((total, chunk) => total + chunk.sizes.gzip, 0);
  const roles = [...new Set([...landing, ...baseline].map((chunk) => chunkRole(chunk.file)))];
  return roles
    .map((role) => ({
      role,
      landing: sum(landing, role),
      baseline: sum(baseline, role),
      difference: sum(landing, role) - sum(baseline, role),
    }))
    .sort((a, b) => b.difference - a.difference);
}

/** Height changes in the frames leading to a layout shift (same frame or up to 250 ms before). */
export function resizesBefore(resizes: Resize[], shiftMs: number, windowMs = 250): Resize[] {
  return resizes.filter((resize) => resize.atMs <= shiftMs + 20 && resize.atMs >= shiftMs - windowMs);
}

/** First-load JS of a sample landing: judged once, not per Lighthouse pass. */
const LANDING_JS = ['js-gzip', 'js-ratio'];

function isLandingJs(entry: BudgetRow): boolean {
  return LANDING_JS.includes(entry.budget) && entry.subject !== 'all landings';
}

export function renderMarkdown(report: BenchReport): string {
  const out: string[] = [];
  const { machine } = report;
  out.push('# Landing performance bench');
  out.push('');
  out.push(
    `${report.generatedAt} · ${report.durationS.toFixed(0)} s in all · Node ${machine.node} · ${machine.chromium} · ` +
      `Lighthouse ${machine.lighthouse} · Gatsby ${machine.gatsby}`,
  );
  out.push('');
  out.push(...renderMachine(report));
  const phases = Object.entries(report.phases)
    .map(([phase, seconds]) => `${phase} ${seconds.toFixed(0)} s`)
    .join(', ');
  if (phases) {
    out.push(`Phases: ${phases}.`);
    out.push('');
  }
  out.push(`**Budgets: ${report.summary.pass} pass, ${report.summary.fail} fail, ${report.summary.notMeasured} not measured.**`);
  out.push('');
  for (const note of report.notes ?? []) {
    out.push(`> ${note}`);
    out.push('');
  }

  out.push(...renderLighthouseVerdicts(report));
  out.push(...renderFirstTap(report.firstTap, report.budgets));

  const landingJs = report.budgets.filter(isLandingJs);
  if (landingJs.length) {
    out.push('## First-load JavaScript of the sample landings');
    out.push('');
    const subjects = [...new Set(landingJs.map((entry) => entry.subject))];
    const find = (subject: string, budget: string) => landingJs.find((entry) => entry.subject === subject && entry.budget === budget);
    out.push(
      table(
        ['Landing', 'gzip ≤ 125 KB', '×bare ≤ 1.3'],
        subjects.map((subject) => {
          const role = report.samples.find((sample) => sample.path === subject)?.role;
          return [
            role ? `${subject} (${role})` : subject,
            ...LANDING_JS.map((budget) => {
              const entry = find(subject, budget);
              return entry ? `${fmtMeasured(entry)}${cellMark(entry.pass)}` : NA;
            }),
          ];
        }),
      ),
    );
    out.push('');
  }

  const global = report.budgets.filter((entry) => !entry.lighthousePass && entry.budget !== 'first-tap' && !isLandingJs(entry));
  out.push('## Other budgets');
  out.push('');
  out.push(
    table(
      ['Budget', 'Subject', 'Measured', 'Limit', 'Result', 'Detail'],
      global.map((entry) => [entry.budget, entry.subject, fmtMeasured(entry), fmtLimit(entry), mark(entry.pass), entry.detail ?? '']),
    ),
  );
  out.push('');

  out.push('## Builds');
  out.push('');
  const buildRow = (label: string, build: BuildFigures | null): string[] =>
    build
      ? [
          label,
          fmtSeconds(build.seconds),
          String(build.pages),
          build.pagesPerSecond.toFixed(1),
          build.htmlStep
            ? `${build.htmlStep.pages} pages in ${build.htmlStep.seconds.toFixed(1)} s (${build.htmlStep.perSecond.toFixed(1)}/s)`
            : NA,
          build.exitCode === 0 ? 'ok' : `exit ${build.exitCode}`,
        ]
      : [label, NA, NA, NA, NA, 'not run'];
  const warm = report.builds.warm;
  out.push(
    table(
      ['Build', 'Wall time', 'Pages', 'Pages/s', 'Gatsby HTML step', 'Status'],
      [
        buildRow('cold (fresh copy, no .cache, no public)', report.builds.cold),
        buildRow(
          warm
            ? `warm (${warm.edit.row.brand}/${warm.edit.row.country}/${warm.edit.row.slug} date ${warm.edit.from} → ${warm.edit.to})`
            : 'warm',
          warm,
        ),
        buildRow('bare Gatsby page', report.builds.baseline),
      ],
    ),
  );
  out.push('');
  for (const [label, build] of [
    ['cold', report.builds.cold],
    ['warm', report.builds.warm],
  ] as const) {
    if (build?.steps.length) {
      out.push(
        `Longest Gatsby steps, ${label} (they overlap: image jobs run beside bundling): ${build.steps
          .slice(0, 6)
          .map((step) => `${step.name} ${step.seconds.toFixed(1)} s`)
          .join('; ')}.`,
      );
      out.push('');
    }
  }

  out.push('## First-load weight');
  out.push('');
  out.push(
    `gzip -9 / brotli q11; KB = ${report.settings.kb} bytes. JS = the HTML's scripts + chunk groups "app" and the page component. Ratio columns are to the bare Gatsby page.`,
  );
  out.push('');
  const weightRow = (label: string, weight: PageWeight | null, ratios: WeightRatios | null): string[] =>
    weight
      ? [
          label,
          fmtKb(weight.js.gzip),
          fmtKb(weight.js.brotli),
          fmtKb(weight.js.raw),
          ratios ? fmtRatio(ratios.jsGzip) : '1.00×',
          weight.css.files.length ? fmtKb(weight.css.gzip) : 'none',
          fmtKb(weight.inlineCssBytes),
          fmtKb(weight.html.raw),
          fmtKb(weight.html.gzip),
          fmtKb(weight.html.brotli),
          ratios ? fmtRatio(ratios.htmlGzip) : '1.00×',
          fmtKb(weight.data.gzip),
          ratios ? fmtRatio(ratios.totalGzip) : '1.00×',
        ]
      : [label, ...Array(12).fill(NA)];
  out.push(
    table(
      [
        'Page',
        'JS gzip',
        'JS br',
        'JS raw',
        'JS gzip ×bare',
        'CSS files gzip',
        'inline CSS',
        'HTML raw',
        'HTML gzip',
        'HTML br',
        'HTML ×bare',
        'page data gzip',
        'total gzip ×bare',
      ],
      [
        ...report.samples.map((sample) => weightRow(`${sample.path} (${sample.role})`, sample.weight, sample.weightRatios)),
        weightRow('bare Gatsby page', report.weights.baseline, null),
      ],
    ),
  );
  out.push('');
  const all = report.weights.allLandings;
  if (all) {
    out.push(
      `All ${all.count} landings: first-load JS gzip ${fmtKb(all.jsGzipMin)} – ${fmtKb(all.jsGzipMax.bytes)} (${all.jsGzipMax.path}); ` +
        `heaviest HTML ${fmtKb(all.htmlGzipMax.bytes)} gzip (${all.htmlGzipMax.path}); median HTML ${fmtKb(all.htmlRawMedian)} raw; ` +
        `most inline CSS ${fmtKb(all.inlineCssMax.bytes)} (${all.inlineCssMax.path}).`,
    );
    out.push('');
  }
  if (report.weights.firstLoadChunks.length) {
    out.push('First-load chunks, landing and bare page:');
    out.push('');
    const chunkRow = (page: string, chunk: ChunkInfo) => [
      page,
      chunk.file,
      fmtKb(chunk.sizes.gzip),
      fmtKb(chunk.sizes.raw),
      chunk.packages.join(', ') || '(own code only)',
    ];
    out.push(
      table(
        ['Page', 'Chunk', 'gzip', 'raw', 'Packages'],
        [
          ...report.weights.firstLoadChunks.map((chunk) => chunkRow('landing', chunk)),
          ...report.weights.baselineChunks.map((chunk) => chunkRow('bare', chunk)),
        ],
      ),
    );
    out.push('');
    if (report.weights.baselineChunks.length) {
      const differences = chunkDifferences(report.weights.firstLoadChunks, report.weights.baselineChunks);
      out.push(
        `Landing minus bare page, gzip: ${differences.map((entry) => `${entry.role} ${entry.difference >= 0 ? '+' : '−'}${fmtKb(Math.abs(entry.difference))}`).join(', ')}.`,
      );
      out.push('');
    }
  }
  if (report.weights.lazyChunks.length) {
    out.push('## Chunks left out of the first load');
    out.push('');
    const timeline = report.chunkTimeline;
    out.push(
      timeline
        ? `"Fetched" is what ${timeline.url.replace(/^https?:\/\/[^/]+/, '')} did in Chromium (${timeline.viewport}, no throttling; load event at ${fmtMs(timeline.loadEventMs)}, preloader lifted at ${fmtMs(timeline.preloaderLiftMs)}): with no input for ${(timeline.interactionAtMs / 1000).toFixed(1)} s (idle work), then on interaction (${timeline.interactions.join(', ')}).`
        : 'The Chromium run that shows when each chunk is fetched did not happen.',
    );
    out.push('');
    const labels = Object.fromEntries(LAZY_FEATURES.map((feature) => [feature.id, feature.short]));
    out.push(
      table(
        ['Chunk', 'gzip', 'Holds', 'Packages', 'Fetched'],
        report.weights.lazyChunks.map((chunk) => [
          chunk.file,
          fmtKb(chunk.sizes.gzip),
          [...chunk.features.map((hit) => labels[hit.id] ?? hit.id), ...chunk.modules].join(', '),
          chunk.packages.length > 6
            ? `${chunk.packages.slice(0, 6).join(', ')} and ${chunk.packages.length - 6} more`
            : chunk.packages.join(', '),
          chunk.fetched,
        ]),
      ),
    );
    out.push('');
  }

  out.push(...renderLighthouseDetails(report));
  const timelineShifts = report.chunkTimeline?.layoutShifts ?? [];
  if (report.chunkTimeline) {
    out.push(
      `Layout shifts of ${report.chunkTimeline.url.replace(/^https?:\/\/[^/]+/, '')} in Chromium (${report.chunkTimeline.viewport}, no throttling), with the last script that arrived before each:`,
    );
    out.push('');
    if (timelineShifts.length === 0) out.push('none.');
    else {
      out.push(
        table(
          ['At', 'Shift', 'After input', 'What moved', 'What changed height just before', 'Last script before it'],
          timelineShifts.map((shift) => {
            const before = report
              .chunkTimeline!.scripts.filter((script) => script.endMs > 0 && script.endMs <= shift.startMs)
              .sort((a, b) => b.endMs - a.endMs)[0];
            const grew = resizesBefore(report.chunkTimeline!.resizes ?? [], shift.startMs)
              .map((resize) => `${resize.element} ${resize.from}→${resize.to} px at ${fmtMs(resize.atMs)}`)
              .join('; ');
            return [
              fmtMs(shift.startMs),
              shift.value.toFixed(3),
              shift.hadRecentInput ? 'yes' : 'no',
              shift.sources.join('; '),
              grew,
              before ? `${before.file} (${fmtMs(before.endMs)})` : '',
            ];
          }),
        ),
      );
    }
    out.push('');
  }

  out.push('## Preloader (Chromium, no throttling)');
  out.push('');
  out.push(
    table(
      [
        'Country call',
        'Lifted',
        'Call started',
        'Call settled',
        'Due: max(600 ms, settled)',
        'Lift − due',
        'Result',
        'Runs (lift / settle)',
        'Main thread after due (typical load)',
      ],
      report.preloader.scenarios.map((scenario) => [
        `answered after ${scenario.delayMs} ms`,
        fmtMs(scenario.median.liftMs),
        fmtMs(scenario.median.countryRequestMs),
        fmtMs(scenario.median.settleMs),
        fmtMs(scenario.median.expectedMs),
        fmtMs(scenario.median.deltaMs),
        mark(scenario.pass),
        scenario.runs.map((run) => `${Math.round(run.liftMs)}/${run.settleMs === null ? '–' : Math.round(run.settleMs)}`).join(', '),
        scenario.typical
          ? `${fmtMs(scenario.typical.busyAfterSettleMs)} in long frames${scenario.typical.busyScripts.length ? `: ${scenario.typical.busyScripts.map((entry) => `${entry.script} ${fmtMs(entry.ms)}`).join(', ')}` : ''}`
          : '',
      ]),
    ),
  );
  out.push('');
  out.push(
    `Page ${report.preloader.page}; ${report.settings.preloaderRuns} fresh loads each, medians shown (the verdict is on the median of each load's own lift − due); times from navigation start. ` +
      'The last column is what kept the main thread busy between the moment the lift was due and the lift (long animation frames, the scripts that ran in them).',
  );
  out.push('');

  if (report.scale) {
    out.push(renderScaleMarkdown(report.scale));
    out.push('');
  }

  if (report.errors.length) {
    out.push('## Errors');
    out.push('');
    for (const error of report.errors) out.push(`- ${cell(error)}`);
    out.push('');
  }
  return out.join('\n');
}
