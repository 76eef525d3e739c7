/** How the experiments' figures read, the same in the terminal and on the QA page. */
import { count, NOT_ENOUGH_DATA, vitalText } from '../shared/format';
import { VITAL_RULES } from '../shared/thresholds';
import type { ExperimentLine, ExperimentsReport, GuardrailCell, Lift, VariantLine } from './report';

/** Rates of a few percent need two decimals to tell variants apart. */
const rateText = (rate: number): string => `${(rate * 100).toFixed(2)}%`;
export const signed = (share: number): string => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(1)}%`;

export const weightText = (variant: VariantLine): string =>
  variant.weight === null ? 'not in design' : `${Math.round(variant.weight * 1000) / 10}%`;

/** "3.12% (2.90–3.35%)" */
export function variantRateText(variant: VariantLine): string {
  if (variant.rate === null || variant.interval === null) return NOT_ENOUGH_DATA;
  return `${rateText(variant.rate)} (${rateText(variant.interval.low)}–${rateText(variant.interval.high)})`;
}

/** "+10.2% (+3.1% to +17.5%)" */
export const liftValueText = (lift: Lift): string => `${signed(lift.value)} (${signed(lift.low)} to ${signed(lift.high)})`;

/** A lift's figure; the control gets "control", a variant without a verdict a dash. */
export function liftText(variant: VariantLine): string {
  if (variant.control) return 'control';
  if (!variant.lift) return '–';
  return liftValueText(variant.lift);
}

export function pValueText(pValue: number | null): string {
  if (pValue === null) return '–';
  return pValue < 0.0001 ? '< 0.0001' : pValue.toPrecision(2);
}

/** "p = 0.0031", "p < 0.0001". */
const pText = (pValue: number | null): string => (pValue !== null && pValue < 0.0001 ? 'p < 0.0001' : `p = ${pValueText(pValue)}`);

export const guardrailText = (cell: GuardrailCell): string => `${vitalText(cell.metric, cell.p75)}${cell.over ? ' !' : ''}`;

export function sampleRatioText(line: ExperimentLine): string {
  const unexpected = line.unexpectedVariants.length
    ? `; visitors in ${line.unexpectedVariants.join(', ')}, which the design does not name`
    : '';
  if (!line.sampleRatio) return `${line.variants.length < 2 ? 'one variant only' : 'no visitors'}, nothing to check${unexpected}`;
  const { statistic, degreesOfFreedom, pValue, mismatch } = line.sampleRatio;
  return `χ² = ${statistic.toFixed(2)}, df = ${degreesOfFreedom}, ${pText(pValue)}${mismatch ? ' (MISMATCH)' : ''}${unexpected}`;
}

/** "since 2026-03-04": the day a winner or loser was reached, when the days show it. */
const sinceText = (line: ExperimentLine): string =>
  line.verdictSince && (line.verdict === 'variant wins' || line.verdict === 'control wins') ? `, since ${line.verdictSince}` : '';

/** The verdict with what it rests on: "variant wins: b, +10.2% (p = 0.0031), since 2026-03-04". */
export function verdictText(line: ExperimentLine): string {
  const winner = line.variants.find((variant) => variant.name === line.winner);
  if (!winner) return `${line.verdict}${sinceText(line)}`;
  const guardrails = line.guardrailWarnings.length
    ? `; guardrail: ${line.guardrailWarnings.map((metric) => `${VITAL_RULES[metric].label} p75 over ${VITAL_RULES[metric].good}${VITAL_RULES[metric].unit ? ` ${VITAL_RULES[metric].unit}` : ''}`).join(', ')} where the control's is not`
    : '';
  return `${line.verdict}: ${winner.name}, ${winner.lift ? signed(winner.lift.value) : 'over a control without registrations'} (${pText(winner.pValue)})${sinceText(line)}${guardrails}`;
}

export const designText = (line: ExperimentLine): string =>
  line.design === 'tables'
    ? 'Weights and control from the tables'
    : 'Not in the tables: weights taken as equal over the variants the log shows';

/** The lift column's heading: "lift over control (95% always-valid CI)". */
export function liftHeading(report: ExperimentsReport, line: ExperimentLine, percent: string): string {
  const confidence = `${Math.round((1 - line.alpha) * 1000) / 10}${percent}`;
  return `lift over control (${confidence} ${report.test.kind === 'sequential' ? 'always-valid ' : ''}CI)`;
}

/** Which test the verdicts rest on, and what that allows the reader. */
export function testText(report: ExperimentsReport): string {
  return report.test.kind === 'sequential'
    ? `Test: sequential (always valid, tuned for ${count(report.test.plannedVisitors)} visitors per variant): the interval and p hold however often they are read, so a verdict may be acted on the day it appears.`
    : `Test: fixed horizon (--fixed): valid only when read once, at the visitors plan gave for it; read every day, it names winners that are not there.`;
}

/** The rules every reader needs, a sentence each. */
export function rulesText(report: ExperimentsReport): string[] {
  const interval =
    report.test.kind === 'sequential'
      ? `its interval the difference's confidence sequence (Waudby-Smith et al.) divided by the control's rate; p: the sequence's always-valid p-value.`
      : `its interval Newcombe's for the difference divided by the control's rate; p: the two-proportion test.`;
  return [
    testText(report),
    `A visitor counts in the variant of their first view in the experiment; a registration, for a visitor who sent registration_done in it.`,
    `Lift: the variant's registration rate over the control's, ${interval}`,
    `No verdict below ${count(report.minVisitors)} visitors in any variant, nor when the split of visitors fits the weights with p < ${report.srmAlpha} (sample ratio mismatch).`,
    `A variant wins or loses at p < ${report.significance}, shared among its experiment's comparisons. Vitals are p75 of the variant's page views ("!": over the good threshold).`,
  ];
}
