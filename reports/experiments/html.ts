/** The experiments as a section of the QA page (/__qa/funnel), drawn with the funnel page's own cells and tables. */
import { escapeHtml } from '../../server/html-escape';
import { count } from '../funnel/format';
import { VITAL_RULES, VITALS } from '../funnel/thresholds';
import {
  designText,
  guardrailText,
  liftText,
  pValueText,
  rulesText,
  sampleRatioText,
  variantRateText,
  verdictText,
  weightText,
} from './format';
import type { ExperimentLine, ExperimentsReport } from './report';

/** reports/funnel/html.ts's helpers, handed in so both read alike. */
export interface HtmlTables {
  cell: (text: string, className?: string) => string;
  table: (caption: string, head: string[], rows: string[]) => string;
}

function experimentHtml(line: ExperimentLine, { cell, table }: HtmlTables): string {
  const confidence = `${Math.round((1 - line.alpha) * 1000) / 10} %`;
  const head = [
    'variant',
    'weight',
    'visitors',
    'registrations',
    'rate (95 % CI)',
    `lift over control (${confidence} CI)`,
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
  ].join('\n');
}

export function renderExperimentsHtml(report: ExperimentsReport, tables: HtmlTables): string {
  if (!report.experiments.length) return '<h2>Experiments</h2>\n<p>No experiment in the tables or the log.</p>';
  return [
    `<h2>Experiments (${report.experiments.length})</h2>`,
    `<p>${escapeHtml(rulesText(report).join(' '))}</p>`,
    ...report.experiments.map((line) => experimentHtml(line, tables)),
  ].join('\n');
}
