/**
 * The experiments for a terminal: per experiment its verdict in words and the visitors it still needs, then
 * the statistics (the test's verdict, the sample-ratio check, a row per variant), then how they are judged.
 */
import { count } from '../shared/format';
import { VITAL_RULES, VITALS } from '../shared/thresholds';
import {
  designText,
  guardrailText,
  liftHeading,
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

/** The funnel report's text table (reports/funnel/text.ts), handed in so both read alike. */
export type TextTable = (headers: string[], rows: string[][]) => string;

function experimentText(report: ExperimentsReport, line: ExperimentLine, table: TextTable): string {
  const headers = [
    'variant',
    'weight',
    'visitors',
    'registrations',
    'rate (95% CI)',
    liftHeading(report, line, '%'),
    'p',
    ...VITALS.map((metric) => `${VITAL_RULES[metric].label} p75`),
  ];
  const rows = line.variants.map((variant) => [
    variant.name,
    weightText(variant),
    count(variant.visitors),
    count(variant.registrations),
    variantRateText(variant),
    liftText(variant),
    pValueText(variant.pValue),
    ...variant.guardrails.map(guardrailText),
  ]);
  return [
    line.name,
    `  ${plainVerdict(line, report.minVisitors)}`,
    `  ${visitorsWords(line)}. ${plannedLiftWords(line)}`,
    `Statistics: ${verdictText(line)}. ${designText(line)}; sample ratio: ${sampleRatioText(line)}`,
    table(headers, rows),
  ].join('\n');
}

export function renderExperimentsText(report: ExperimentsReport, table: TextTable): string {
  if (!report.experiments.length) return 'EXPERIMENTS: none in the tables or the log.';
  return [
    `EXPERIMENTS (${report.experiments.length})`,
    ...readingOrder(report.experiments).map((line) => experimentText(report, line, table)),
    `How the experiments are judged:\n${rulesText(report).join('\n')}`,
  ].join('\n\n');
}
