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
  testText,
  variantRateText,
  verdictText,
  weightText,
} from './format';
import type { ExperimentLine, ExperimentsReport } from './report';
import { liftOverTime, liftSeries, reachedDay } from './svg';

/** reports/funnel/html.ts's helpers, handed in so both read alike. */
export interface HtmlTables {
  cell: (text: string, className?: string) => string;
  table: (caption: string, head: string[], rows: string[]) => string;
}

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
    `<h3>${escapeHtml(line.name)}: <span${flagged ? ' class="over"' : ''}>${escapeHtml(verdictText(line))}</span></h3>`,
    `<p>${escapeHtml(designText(line))}. Sample ratio: ${escapeHtml(sampleRatioText(line))}.</p>`,
    table(`${line.name} per variant`, head, rows),
    ...line.variants
      .filter((variant) => !variant.control && variant.weight !== null)
      .map((variant) => liftFigure(line, variant.name, tables)),
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
    `<p><strong>${escapeHtml(testText(report))}</strong></p>`,
    `<p>${escapeHtml(rulesText(report).slice(1).join(' '))}</p>`,
    ...report.experiments.map((line) => experimentHtml(report, line, tables)),
  ].join('\n');
}
