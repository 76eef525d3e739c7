/**
 * Which variant wins, per experiment: the rates with their intervals, each variant's lift over the control
 * with its interval and p-value, the vitals as guardrails, and a verdict withheld while the split of
 * visitors does not match the weights or any variant has too few visitors. Pure: takes the query's rows
 * and the experiments' designs (weights and control).
 */
import { MIN_PAGE_VIEWS, VITAL_RULES, VITALS, type Vital } from '../funnel/thresholds';
import { wilsonInterval, type Interval } from '../funnel/wilson';
import { equalProportionsTest, goodnessOfFit, newcombeDifference, normalQuantile, type ChiSquareResult } from './stats';

/** The funnel's least-data rule, counted in visitors: below it a variant's rate is not shown and no verdict is given. */
export const MIN_VISITORS_PER_VARIANT = MIN_PAGE_VIEWS;
/** A split of visitors this unlikely under the weights means the assignment or the tracking is broken. */
export const SRM_ALPHA = 0.001;
/** Two-sided, shared among an experiment's comparisons with the control (Bonferroni). */
export const SIGNIFICANCE = 0.05;

export const VERDICTS = ['variant wins', 'control wins', 'no difference yet', 'not enough data', 'sample ratio mismatch'] as const;
export type Verdict = (typeof VERDICTS)[number];
export type Outcome = Extract<Verdict, 'variant wins' | 'control wins' | 'no difference yet'>;

/** One row of reports/funnel/sql/experiments.sql. */
export interface ExperimentRow {
  experiment: string;
  variant: string;
  visitors: number;
  registrations: number;
  vitals: Record<Vital, { measured: number; p75: number | null }>;
}

export interface ExperimentDesign {
  name: string;
  control: string;
  variants: { name: string; weight: number }[];
}

export interface GuardrailCell {
  metric: Vital;
  measured: number;
  /** Null below the least data. */
  p75: number | null;
  /** p75 over the metric's "good" threshold. */
  over: boolean;
}

export interface Lift {
  /** (variant rate − control rate) / control rate. */
  value: number;
  /** The difference's Newcombe interval over the control rate. */
  low: number;
  high: number;
}

export interface VariantLine {
  name: string;
  control: boolean;
  /** Its share of visitors by the design; null for a variant the design does not name. */
  weight: number | null;
  visitors: number;
  registrations: number;
  /** Registrations per visitor and its Wilson interval; null below the least data. */
  rate: number | null;
  interval: Interval | null;
  /** Against the control; null for the control itself and without a verdict. */
  lift: Lift | null;
  pValue: number | null;
  outcome: Outcome | null;
  guardrails: GuardrailCell[];
}

export interface ExperimentLine {
  name: string;
  /** Where the weights and the control come from. */
  design: 'tables' | 'log';
  control: string;
  variants: VariantLine[];
  /** Goodness of fit of visitors per variant to the weights; null without visitors. */
  sampleRatio: (ChiSquareResult & { mismatch: boolean }) | null;
  /** Variants with visitors that the design does not name (a mismatch on their own). */
  unexpectedVariants: string[];
  enoughData: boolean;
  /** The significance level of each comparison with the control, and the interval's confidence (1 − alpha). */
  alpha: number;
  verdict: Verdict;
  /** The winning variant, when one wins: the highest rate among those that beat the control. */
  winner: string | null;
  /** Vitals the winner has over their threshold where the control has not. */
  guardrailWarnings: Vital[];
}

export interface ExperimentsReport {
  minVisitors: number;
  srmAlpha: number;
  significance: number;
  experiments: ExperimentLine[];
}

/** Equal weights over the variants the log shows, the one named "control" (else the first by name) as control. */
export function designFromLog(name: string, variants: readonly string[]): ExperimentDesign {
  const names = [...new Set(variants)].sort((a, b) => a.localeCompare(b));
  return {
    name,
    control: names.includes('control') ? 'control' : (names[0] ?? ''),
    variants: names.map((variant) => ({ name: variant, weight: 1 })),
  };
}

function guardrailsOf(row: ExperimentRow | undefined, minData: number): GuardrailCell[] {
  return VITALS.map((metric) => {
    const measured = row?.vitals[metric].measured ?? 0;
    const p75 = measured >= minData ? (row?.vitals[metric].p75 ?? null) : null;
    return { metric, measured, p75, over: p75 !== null && p75 > VITAL_RULES[metric].good };
  });
}

function outcomeOf(change: number, pValue: number, alpha: number): Outcome {
  if (pValue >= alpha) return 'no difference yet';
  return change > 0 ? 'variant wins' : 'control wins';
}

function experimentLine(
  design: ExperimentDesign,
  from: ExperimentLine['design'],
  rows: readonly ExperimentRow[],
  minVisitors: number,
): ExperimentLine {
  const rowOf = (variant: string) => rows.find((row) => row.variant === variant);
  const weightTotal = design.variants.reduce((total, variant) => total + variant.weight, 0);
  const declared = design.variants.map((variant) => variant.name);
  const unexpectedVariants = rows.filter((row) => !declared.includes(row.variant) && row.visitors > 0).map((row) => row.variant);
  // The control first, then the design's order, then what the design does not name.
  const names = [
    ...declared.filter((name) => name === design.control),
    ...declared.filter((name) => name !== design.control),
    ...unexpectedVariants,
  ];
  const visitorsOf = (variant: string) => rowOf(variant)?.visitors ?? 0;
  const registrationsOf = (variant: string) => rowOf(variant)?.registrations ?? 0;

  const totalVisitors = names.reduce((total, variant) => total + visitorsOf(variant), 0);
  const fit =
    declared.length >= 2 && totalVisitors > 0
      ? goodnessOfFit(
          declared.map(visitorsOf),
          design.variants.map((variant) => variant.weight),
        )
      : null;
  const sampleRatio = fit && { ...fit, mismatch: fit.pValue < SRM_ALPHA || unexpectedVariants.length > 0 };
  const enoughData = declared.length >= 2 && declared.every((variant) => visitorsOf(variant) >= minVisitors);
  const judged = enoughData && !sampleRatio?.mismatch;

  const alpha = SIGNIFICANCE / Math.max(1, declared.length - 1);
  const z = normalQuantile(1 - alpha / 2);
  const control = { visitors: visitorsOf(design.control), registrations: registrationsOf(design.control) };
  const controlRate = control.visitors > 0 ? control.registrations / control.visitors : 0;

  const variants = names.map((name): VariantLine => {
    const visitors = visitorsOf(name);
    const registrations = registrationsOf(name);
    const shown = visitors >= minVisitors;
    const compared = judged && name !== design.control && declared.includes(name);
    const test = compared ? equalProportionsTest([registrations, control.registrations], [visitors, control.visitors]) : null;
    const difference = compared ? newcombeDifference(registrations, visitors, control.registrations, control.visitors, z) : null;
    const change = compared ? registrations / visitors - controlRate : 0;
    return {
      name,
      control: name === design.control,
      weight: declared.includes(name) ? (design.variants.find((variant) => variant.name === name)?.weight ?? 0) / weightTotal : null,
      visitors,
      registrations,
      rate: shown ? registrations / visitors : null,
      interval: shown ? wilsonInterval(registrations, visitors) : null,
      // A control without a registration has no rate to be relative to; the test still speaks.
      lift:
        difference && controlRate > 0
          ? { value: change / controlRate, low: difference.low / controlRate, high: difference.high / controlRate }
          : null,
      pValue: test?.pValue ?? null,
      outcome: test ? outcomeOf(change, test.pValue, alpha) : null,
      guardrails: guardrailsOf(rowOf(name), minVisitors),
    };
  });

  const challengers = variants.filter((variant) => !variant.control && declared.includes(variant.name));
  const winners = challengers.filter((variant) => variant.outcome === 'variant wins').sort((a, b) => (b.rate ?? 0) - (a.rate ?? 0));
  let verdict: Verdict;
  if (sampleRatio?.mismatch) verdict = 'sample ratio mismatch';
  else if (!enoughData) verdict = 'not enough data';
  else if (winners.length) verdict = 'variant wins';
  else if (challengers.length && challengers.every((variant) => variant.outcome === 'control wins')) verdict = 'control wins';
  else verdict = 'no difference yet';

  const winner = verdict === 'variant wins' ? winners[0] : null;
  const controlLine = variants.find((variant) => variant.control);
  const guardrailWarnings = winner
    ? winner.guardrails
        .filter((cell) => cell.over && !controlLine?.guardrails.find((other) => other.metric === cell.metric)?.over)
        .map((cell) => cell.metric)
    : [];
  return {
    name: design.name,
    design: from,
    control: design.control,
    variants,
    sampleRatio,
    unexpectedVariants,
    enoughData,
    alpha,
    verdict,
    winner: winner?.name ?? null,
    guardrailWarnings,
  };
}

/**
 * One line per experiment the designs name or the log shows. `designs` is null when the tables declare no
 * experiments; then, and for an experiment the tables do not name, the weights come from the log (designFromLog).
 */
export function buildExperimentsReport(
  rows: readonly ExperimentRow[],
  designs: readonly ExperimentDesign[] | null,
  minVisitors: number = MIN_VISITORS_PER_VARIANT,
): ExperimentsReport {
  const names = [...new Set([...(designs ?? []).map((design) => design.name), ...rows.map((row) => row.experiment)])].sort((a, b) =>
    a.localeCompare(b),
  );
  const experiments = names.map((name) => {
    const own = rows.filter((row) => row.experiment === name);
    const declared = designs?.find((design) => design.name === name);
    const design =
      declared ??
      designFromLog(
        name,
        own.map((row) => row.variant),
      );
    return experimentLine(design, declared ? 'tables' : 'log', own, minVisitors);
  });
  return { minVisitors, srmAlpha: SRM_ALPHA, significance: SIGNIFICANCE, experiments };
}
