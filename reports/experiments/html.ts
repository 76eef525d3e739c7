/** The experiments as a section of the QA page (/__qa/funnel), drawn with the funnel page's own cells and tables. */
import { escapeHtml } from '../../lib/html-escape';
import { count } from '../shared/format';
import { VITAL_RULES, VITALS } from '../shared/thresholds';
import {
  designText,
  guardrailText,
  liftHeading,
  liftValueText,
  liftText,
  pValueText,
  rulesText,
  sampleRatioText,
  variantRateText,
  verdictText,
  weightText,
} from './format';
import { plainVerdict, plannedLiftWords, readingOrder, visitorsWords } from './plain';
import type { ExperimentLine, ExperimentsReport } from './report';
import { liftOverTime, liftSeries, reachedDay } from './svg';

/** reports/funnel/html.ts's helpers, handed in so both read alike. */
export interface HtmlTables {
  cell: (text: string, className?: string) => string;
  table: (caption: string, head: string[], rows: string[]) => string;
}

/**
 * One experiment as a marketer reads it: the verdict in words, the visitors so far with what the planned
 * lift still needs, the lift by day; then the statistics under their own names for those who want them.
 */
function experimentHtml(report: ExperimentsReport, line: ExperimentLine, tables: HtmlTables): string {
  const { cell, table } = tables;
  const head = [
    'variant',
    'weight',
    'visitors',
    'registrations',
    'rate (95 % CI)',
    liftHeading(report, line, ' %'),
    'p',
    ...VITALS.map((metric) => `${VITAL_RULES[metric].label} p75`),
  ];
  const rows = line.variants.map((variant) =>
    [
      `<th scope="row">${escapeHtml(variant.name)}</th>`,
      cell(weightText(variant)),
      cell(count(variant.visitors)),
      cell(count(variant.registrations)),
      cell(variantRateText(variant)),
      cell(liftText(variant)),
      cell(pValueText(variant.pValue)),
      ...variant.guardrails.map((guardrail) => cell(guardrailText(guardrail), guardrail.over ? 'over' : '')),
    ].join(''),
  );
  const flagged = line.verdict === 'sample ratio mismatch';
  return [
    `<section class="experiment" aria-labelledby="experiment-${escapeHtml(line.name)}">`,
    `<h3 id="experiment-${escapeHtml(line.name)}">${escapeHtml(line.name)}</h3>`,
    `<p class="verdict${flagged ? ' over' : ''}">${escapeHtml(plainVerdict(line, report.minVisitors))}</p>`,
    `<p>${escapeHtml(`${visitorsWords(line)}. ${plannedLiftWords(line)}`)}</p>`,
    ...line.variants
      .filter((variant) => !variant.control && variant.weight !== null)
      .map((variant) => liftFigure(line, variant.name, tables)),
    `<h4>${escapeHtml(`${line.name}: the statistics`)}</h4>`,
    `<p>${escapeHtml(`Verdict: ${verdictText(line)}. ${designText(line)}. Sample ratio: ${sampleRatioText(line)}.`)}</p>`,
    table(`${line.name} per variant`, head, rows),
    '</section>',
  ].join('\n');
}

/** The lift by day as a plot, with its figures in a table for those who cannot see the plot or enlarge only text. */
function liftFigure(line: ExperimentLine, variant: string, { cell, table }: HtmlTables): string {
  const points = liftSeries(line, variant);
  if (!points.some((point) => point.lift)) {
    return `<p>${escapeHtml(`${variant} against ${line.control}: no day has had an interval yet (${line.verdict}).`)}</p>`;
  }
  const reached = reachedDay(line, variant);
  const caption = `${variant} against ${line.control}, lift at each day's end with its interval${reached ? `; ${line.verdict} from ${reached}` : `; ${line.verdict}`}.`;
  const rows = points.map((point) =>
    [
      `<th scope="row">${escapeHtml(point.day)}</th>`,
      cell(count(point.visitors)),
      cell(count(point.controlVisitors)),
      cell(point.lift ? liftValueText(point.lift) : '–'),
    ].join(''),
  );
  return [
    `<figure>${liftOverTime(line, variant)}<figcaption>${escapeHtml(caption)}</figcaption></figure>`,
    `<details><summary>${escapeHtml(`${variant}: the lift by day as a table`)}</summary>`,
    table(`${line.name}: ${variant} by day`, ['day', `${variant} visitors`, `${line.control} visitors`, 'lift (interval)'], rows),
    '</details>',
  ].join('\n');
}

export function renderExperimentsHtml(report: ExperimentsReport, tables: HtmlTables): string {
  if (!report.experiments.length) return '<h2>Experiments</h2>\n<p>No experiment in the tables or the log.</p>';
  return [
    `<h2>Experiments (${report.experiments.length})</h2>`,
    ...readingOrder(report.experiments).map((line) => experimentHtml(report, line, tables)),
    '<h3>How the experiments are judged</h3>',
    `<p>${escapeHtml(rulesText(report).join(' '))}</p>`,
  ].join('\n');
}
