/**
 * Which variant wins, per experiment: the rates with their intervals, each variant's lift over the control
 * with its interval and p-value, the vitals as guardrails, and a verdict withheld while the split of
 * visitors does not match the weights or any variant has too few visitors. The test under the verdict is
 * the always-valid one (sequential.ts) unless the fixed-horizon test is asked for. The same verdict is
 * taken at each day's end, so a reader sees how the interval narrowed and since when the verdict holds.
 * Pure: takes the query's rows and the experiments' designs (weights and control).
 */
import { MIN_PAGE_VIEWS, VITAL_RULES, VITALS, type Vital } from '../shared/thresholds';
import { wilsonInterval, type Interval } from '../shared/wilson';
import { DEFAULT_PLANNED_LIFT, outlookOf, type Outlook } from './outlook';
import { sequentialDifference, sequentialVisitorsPerVariant } from './sequential';
import { equalProportionsTest, goodnessOfFit, newcombeDifference, normalQuantile, type ChiSquareResult, type PlanInput } from './stats';

/** The funnel's least-data rule, counted in visitors: below it a variant's rate is not shown and no verdict is given. */
export const MIN_VISITORS_PER_VARIANT = MIN_PAGE_VIEWS;
/** A split of visitors this unlikely under the weights means the assignment or the tracking is broken. */
export const SRM_ALPHA = 0.001;
/** Two-sided, shared among an experiment's comparisons with the control (Bonferroni). */
export const SIGNIFICANCE = 0.05;

/**
 * Without a plan of its own, the sequential test is tuned for the visitors `plan` asks to find a +20 %
 * change from a 5 % registration rate: the interval is narrowest there, and valid at every other count.
 */
export const DEFAULT_PLAN: PlanInput = { baseline: 0.05, relativeEffect: 0.2, alpha: SIGNIFICANCE, power: 0.8 };
export const DEFAULT_PLANNED_VISITORS = Math.ceil(sequentialVisitorsPerVariant(DEFAULT_PLAN));

/**
 * Which test the verdict rests on. "sequential": valid however often it is read, narrowest at
 * `plannedVisitors` per variant. "fixed": the two-proportion test, valid once, at the visitors planned.
 */
export interface TestChoice {
  kind: 'sequential' | 'fixed';
  /** Visitors per variant the experiment was planned for (`plan`); tunes the sequential test. */
  plannedVisitors: number;
}

export const DEFAULT_TEST: TestChoice = { kind: 'sequential', plannedVisitors: DEFAULT_PLANNED_VISITORS };

export const VERDICTS = ['variant wins', 'control wins', 'no difference yet', 'not enough data', 'sample ratio mismatch'] as const;
export type Verdict = (typeof VERDICTS)[number];
export type Outcome = Extract<Verdict, 'variant wins' | 'control wins' | 'no difference yet'>;

/** One row of reports/funnel/sql/experiment-days.sql: what one day added to a variant. */
export interface ExperimentDayRow {
  experiment: string;
  variant: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** Visitors whose first view in the experiment was that day. */
  visitors: number;
  /** Registrations of the variant's visitors counted that day: the later of their first view and their registration. */
  registrations: number;
}

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
  /** The relative lift the experiment is planned to find (0.1 for +10 %); DEFAULT_PLANNED_LIFT when absent. */
  plannedLift?: number;
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
  /** The difference's interval over the control rate. */
  low: number;
  high: number;
}

/** Variant rate − control rate with its interval: the sequence (sequential) or Newcombe's interval (fixed). */
export interface Difference {
  value: number;
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
  difference: Difference | null;
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
  /** The verdict at each day's end, from the first day with visitors to the last. */
  days: DayLine[];
  /** The first day of the run of days, up to the last, whose verdict is the verdict now; null without days. */
  verdictSince: string | null;
  /** How many more visitors and days the planned lift needs (outlook.ts). */
  outlook: Outlook;
}

/** The verdict as it read at one day's end, over the visitors and registrations counted by then. */
export interface DayLine {
  day: string;
  verdict: Verdict;
  winner: string | null;
  variants: { name: string; visitors: number; registrations: number; lift: Lift | null; pValue: number | null }[];
}

export interface ExperimentsReport {
  test: TestChoice;
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

interface Counts {
  visitors: number;
  registrations: number;
}

/** The variant against the control by the chosen test at level alpha. */
function compare(variant: Counts, control: Counts, alpha: number, test: TestChoice): { difference: Difference | null; pValue: number } {
  const change = variant.registrations / variant.visitors - control.registrations / control.visitors;
  if (test.kind === 'fixed') {
    const { pValue } = equalProportionsTest([variant.registrations, control.registrations], [variant.visitors, control.visitors]);
    const z = normalQuantile(1 - alpha / 2);
    const interval = newcombeDifference(variant.registrations, variant.visitors, control.registrations, control.visitors, z);
    return { difference: { value: change, ...interval }, pValue };
  }
  // Tuned for the visitors of both sides together, as the sequence counts them.
  const result = sequentialDifference(
    variant.registrations,
    variant.visitors,
    control.registrations,
    control.visitors,
    alpha,
    2 * test.plannedVisitors,
  );
  return result ? { difference: { value: change, ...result.interval }, pValue: result.pValue } : { difference: null, pValue: 1 };
}

function outcomeOf(change: number, pValue: number, alpha: number): Outcome {
  if (pValue >= alpha) return 'no difference yet';
  return change > 0 ? 'variant wins' : 'control wins';
}

type Judged = Omit<ExperimentLine, 'days' | 'verdictSince' | 'outlook'>;

function experimentLine(
  design: ExperimentDesign,
  from: ExperimentLine['design'],
  rows: readonly ExperimentRow[],
  minVisitors: number,
  test: TestChoice,
): Judged {
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
  const control = { visitors: visitorsOf(design.control), registrations: registrationsOf(design.control) };
  const controlRate = control.visitors > 0 ? control.registrations / control.visitors : 0;

  const variants = names.map((name): VariantLine => {
    const visitors = visitorsOf(name);
    const registrations = registrationsOf(name);
    const shown = visitors >= minVisitors;
    const compared = judged && name !== design.control && declared.includes(name);
    const comparison = compared ? compare({ visitors, registrations }, control, alpha, test) : null;
    const difference = comparison?.difference ?? null;
    const change = compared ? registrations / visitors - controlRate : 0;
    return {
      name,
      control: name === design.control,
      weight: declared.includes(name) ? (design.variants.find((variant) => variant.name === name)?.weight ?? 0) / weightTotal : null,
      visitors,
      registrations,
      rate: shown ? registrations / visitors : null,
      interval: shown ? wilsonInterval(registrations, visitors) : null,
      difference,
      // A control without a registration has no rate to be relative to; the test still speaks.
      lift:
        difference && controlRate > 0
          ? { value: change / controlRate, low: difference.low / controlRate, high: difference.high / controlRate }
          : null,
      pValue: comparison?.pValue ?? null,
      outcome: comparison ? outcomeOf(change, comparison.pValue, alpha) : null,
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

const NO_VITALS: ExperimentRow['vitals'] = Object.fromEntries(
  VITALS.map((metric) => [metric, { measured: 0, p75: null }]),
) as ExperimentRow['vitals'];

/** The verdict at each day's end: the days' additions summed up to it, judged as the whole report is. */
function daysOf(
  design: ExperimentDesign,
  from: ExperimentLine['design'],
  dayRows: readonly ExperimentDayRow[],
  minVisitors: number,
  test: TestChoice,
): DayLine[] {
  const days = [...new Set(dayRows.map((row) => row.day))].sort();
  const totals = new Map<string, Counts>();
  return days.map((day) => {
    for (const row of dayRows) {
      if (row.day !== day) continue;
      const total = totals.get(row.variant) ?? { visitors: 0, registrations: 0 };
      totals.set(row.variant, { visitors: total.visitors + row.visitors, registrations: total.registrations + row.registrations });
    }
    const rows = [...totals].map(([variant, counts]): ExperimentRow => ({
      experiment: design.name,
      variant,
      ...counts,
      vitals: NO_VITALS,
    }));
    const line = experimentLine(design, from, rows, minVisitors, test);
    return {
      day,
      verdict: line.verdict,
      winner: line.winner,
      variants: line.variants.map(({ name, visitors, registrations, lift, pValue }) => ({ name, visitors, registrations, lift, pValue })),
    };
  });
}

/** The first day of the last run of days that read as the verdict does now. */
function verdictSinceOf(line: Judged, days: readonly DayLine[]): string | null {
  let since: string | null = null;
  for (let index = days.length - 1; index >= 0; index--) {
    if (days[index].verdict !== line.verdict || days[index].winner !== line.winner) break;
    since = days[index].day;
  }
  return since;
}

/** The outlook of a judged line: its design's planned lift, its variants' shares and visitors, its days' traffic. */
function outlookFor(design: ExperimentDesign, line: Judged, dayRows: readonly ExperimentDayRow[], test: TestChoice): Outlook {
  const perDay = new Map<string, number>();
  for (const row of dayRows) if (row.experiment === design.name) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.visitors);
  const control = line.variants.find((variant) => variant.control);
  return outlookOf({
    plannedLift: design.plannedLift ?? DEFAULT_PLANNED_LIFT,
    plannedLiftFrom: design.plannedLift === undefined ? 'default' : 'tables',
    test,
    alpha: line.alpha,
    control: { visitors: control?.visitors ?? 0, registrations: control?.registrations ?? 0 },
    variants: line.variants.flatMap((variant) => (variant.weight === null ? [] : [{ share: variant.weight, visitors: variant.visitors }])),
    days: [...perDay].map(([day, visitors]) => ({ day, visitors })),
  });
}

export interface ExperimentsOptions {
  minVisitors?: number;
  test?: TestChoice;
  /** reports/funnel/sql/experiment-days.sql's rows; without them no day is judged. */
  dayRows?: readonly ExperimentDayRow[];
}

/**
 * One line per experiment the designs name or the log shows. `designs` is null when the tables declare no
 * experiments; then, and for an experiment the tables do not name, the weights come from the log (designFromLog).
 */
export function buildExperimentsReport(
  rows: readonly ExperimentRow[],
  designs: readonly ExperimentDesign[] | null,
  { minVisitors = MIN_VISITORS_PER_VARIANT, test = DEFAULT_TEST, dayRows = [] }: ExperimentsOptions = {},
): ExperimentsReport {
  if (test.kind === 'sequential' && !(Number.isInteger(test.plannedVisitors) && test.plannedVisitors > 0)) {
    throw new RangeError(`the planned visitors per variant must be a whole number above 0; got ${test.plannedVisitors}`);
  }
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
    const from = declared ? 'tables' : 'log';
    const line = experimentLine(design, from, own, minVisitors, test);
    const days = daysOf(
      design,
      from,
      dayRows.filter((row) => row.experiment === name),
      minVisitors,
      test,
    );
    return { ...line, days, verdictSince: verdictSinceOf(line, days), outlook: outlookFor(design, line, dayRows, test) };
  });
  return { test, minVisitors, srmAlpha: SRM_ALPHA, significance: SIGNIFICANCE, experiments };
}
