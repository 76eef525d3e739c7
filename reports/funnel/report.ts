/**
 * The report as figures a reader can trust: rates only over enough page views, registrations with their
 * interval, vitals judged at p75, and the problems first. Pure: takes the query's rows.
 */
import { consentLines, type ConsentLine } from './consent';
import { buildExperimentsReport, type ExperimentDesign, type ExperimentsReport, type TestChoice } from '../experiments/report';
import { FIELD_STEPS, FUNNEL_STEPS, PREVIEW, PROBLEM_KINDS, PROBLEM_LABELS, REGISTRATION_DONE, type ProblemKind } from './codes';
import { count, goodLimitText, vitalText } from '../shared/format';
import type { BadInputRow, CodeRow, Group, HistogramRow, Level, QueryResult, QueryTotals, VitalRow } from './query';
import { MIN_PAGE_VIEWS, VITAL_RULES, VITALS, type Vital } from '../shared/thresholds';
import { ratio, registrations, type Ratio, type Registrations } from '../shared/ratio';

export interface StepCell {
  code: string;
  pageViews: number;
  /** From the step before; null for the first step. */
  conversion: Ratio | null;
}

export interface FunnelLine extends Group {
  name: string;
  views: number;
  visitors: number;
  steps: StepCell[];
  fields: { code: string; pageViews: number }[];
  registrations: Registrations;
}

export interface VitalCell {
  metric: Vital;
  measured: number;
  /** Null without enough measured page views. */
  p75: number | null;
  good: Ratio;
  poor: Ratio;
  /** p75 over the "good" threshold, with enough data to say so. */
  overThreshold: boolean;
}

export interface VitalsLine extends Group {
  name: string;
  cells: VitalCell[];
}

export interface Problem {
  kind: 'bad_input' | 'vital_over_threshold' | 'more_than_step_before';
  text: string;
}

export interface BadInput {
  kind: ProblemKind;
  label: string;
  lines: number;
  firstLines: number[];
}

export interface Histogram {
  metric: Vital;
  /** Page views per bin, bin i holding [i, i + 1) × the rule's binWidth; the last one everything above. */
  bins: number[];
}

export interface FunnelReport {
  source: string;
  from: string | null;
  to: string | null;
  minPageViews: number;
  /** keptOut: lines kept out as bad input; previews: sound events of the editor's and the QA index's own views. */
  totals: QueryTotals & { keptOut: number; previews: number };
  problems: Problem[];
  badInput: BadInput[];
  funnel: Record<Level, FunnelLine[]>;
  vitals: Record<Level, VitalsLine[]>;
  /** Per group name; only when the plots were asked for. */
  histograms: Record<string, Histogram[]>;
  /** Which variant wins, per experiment (docs/funnel.md, "Experiments"). */
  experiments: ExperimentsReport;
  /** The consent choices per market (consent.ts). */
  consent: ConsentLine[];
}

export function groupName(group: Group): string {
  if (group.level === 'landing') return `${group.brand}/${group.country}/${group.slug}`;
  if (group.level === 'brand') return String(group.brand);
  if (group.level === 'country') return String(group.country);
  return 'all landings';
}

export { ratio, type Ratio, type Registrations };

const LEVELS: readonly Level[] = ['all', 'brand', 'country', 'landing'];

function byGroup<T extends Group>(rows: readonly T[]): Map<string, { group: Group; rows: T[] }> {
  const groups = new Map<string, { group: Group; rows: T[] }>();
  for (const row of rows) {
    const key = `${row.level}:${groupName(row)}`;
    const entry = groups.get(key) ?? { group: { level: row.level, brand: row.brand, country: row.country, slug: row.slug }, rows: [] };
    entry.rows.push(row);
    groups.set(key, entry);
  }
  return groups;
}

function funnelLine(group: Group, rows: readonly CodeRow[], visitors: number, min: number): FunnelLine {
  const of = (code: string) => rows.find((row) => row.code === code);
  const views = of(FUNNEL_STEPS[0])?.pageViews ?? 0;
  const steps = FUNNEL_STEPS.map((code, index): StepCell => {
    const pageViews = of(code)?.pageViews ?? 0;
    const before = index === 0 ? null : (of(FUNNEL_STEPS[index - 1])?.pageViews ?? 0);
    return { code, pageViews, conversion: before === null ? null : ratio(pageViews, before, min) };
  });
  return {
    ...group,
    name: groupName(group),
    views,
    visitors,
    steps,
    fields: FIELD_STEPS.map((code) => ({ code, pageViews: of(code)?.pageViews ?? 0 })),
    registrations: registrations(of(REGISTRATION_DONE)?.pageViews ?? 0, views, min),
  };
}

function vitalsLine(group: Group, rows: readonly VitalRow[], min: number): VitalsLine {
  const cells = VITALS.map((metric): VitalCell => {
    const row = rows.find((entry) => entry.metric === metric);
    const measured = row?.measured ?? 0;
    const p75 = row && measured >= min ? row.p75 : null;
    return {
      metric,
      measured,
      p75,
      good: ratio(row?.good ?? 0, measured, min),
      poor: ratio(row?.poor ?? 0, measured, min),
      overThreshold: p75 !== null && p75 > VITAL_RULES[metric].good,
    };
  });
  return { ...group, name: groupName(group), cells };
}

const compareGroups = (a: Group, b: Group): number =>
  `${a.brand ?? ''}/${a.country ?? ''}/${a.slug ?? ''}`.localeCompare(`${b.brand ?? ''}/${b.country ?? ''}/${b.slug ?? ''}`);

function perLevel<T extends Group, L extends Group>(rows: readonly T[], make: (group: Group, rows: T[]) => L): Record<Level, L[]> {
  const lines = [...byGroup(rows).values()].map(({ group, rows: groupRows }) => make(group, groupRows));
  return Object.fromEntries(LEVELS.map((level) => [level, lines.filter((line) => line.level === level).sort(compareGroups)])) as Record<
    Level,
    L[]
  >;
}

function badInputOf(rows: readonly BadInputRow[]): BadInput[] {
  return PROBLEM_KINDS.flatMap((kind) => {
    const row = rows.find((entry) => entry.problem === kind);
    return row ? [{ kind, label: PROBLEM_LABELS[kind], lines: row.lines, firstLines: row.firstLines }] : [];
  });
}

function problemsOf(badInput: readonly BadInput[], funnel: readonly FunnelLine[], vitals: readonly VitalsLine[]): Problem[] {
  const bad = badInput.map((entry) => ({
    kind: 'bad_input' as const,
    text: `${count(entry.lines)} ${entry.lines === 1 ? 'line' : 'lines'} kept out, ${entry.label}: line ${entry.firstLines.join(', ')}${entry.lines > entry.firstLines.length ? ', …' : ''}`,
  }));
  const slow = vitals
    .flatMap((line) =>
      line.cells.filter((cell) => cell.overThreshold).map((cell) => ({ line, cell, by: (cell.p75 ?? 0) / VITAL_RULES[cell.metric].good })),
    )
    .sort((a, b) => b.by - a.by)
    .map(({ line, cell }) => ({
      kind: 'vital_over_threshold' as const,
      text: `${line.name}: ${VITAL_RULES[cell.metric].label} p75 ${vitalText(cell.metric, cell.p75)} is over ${goodLimitText(cell.metric)} (${count(cell.measured)} page views measured)`,
    }));
  const lost = funnel.flatMap((line) =>
    line.steps
      .filter((step, index) => index > 0 && step.pageViews > line.steps[index - 1].pageViews)
      .map((step) => {
        const before = line.steps[line.steps.indexOf(step) - 1];
        return {
          kind: 'more_than_step_before' as const,
          text: `${line.name}: more page views sent ${step.code} (${count(step.pageViews)}) than ${before.code} (${count(before.pageViews)}): events lost, or a step skipped?`,
        };
      }),
  );
  return [...bad, ...slow, ...lost];
}

function histogramsOf(rows: readonly HistogramRow[]): Record<string, Histogram[]> {
  const out: Record<string, Histogram[]> = {};
  for (const { group, rows: groupRows } of byGroup(rows).values()) {
    out[`${group.level}:${groupName(group)}`] = VITALS.map((metric) => {
      const bins = new Array<number>(VITAL_RULES[metric].bins).fill(0);
      for (const row of groupRows) if (row.metric === metric && row.bin < bins.length) bins[row.bin] += row.pageViews;
      return { metric, bins };
    });
  }
  return out;
}

export interface ReportSource {
  source: string;
  from?: string;
  to?: string;
  /** The least page views a rate is shown over; MIN_PAGE_VIEWS unless a test needs figures from a small log. */
  minPageViews?: number;
  /** The experiments' weights and controls from the tables (reports/experiments/designs.ts); null or absent: from the log. */
  designs?: readonly ExperimentDesign[] | null;
  /** The test under the experiments' verdicts; the sequential one, tuned by default, when absent. */
  experimentTest?: TestChoice;
}

export function buildFunnelReport(
  result: QueryResult,
  { source, from, to, minPageViews = MIN_PAGE_VIEWS, designs = null, experimentTest }: ReportSource,
): FunnelReport {
  const badInput = badInputOf(result.badInput);
  const previews = result.badInput.find((row) => row.problem === PREVIEW)?.lines ?? 0;
  const visitors = new Map(result.visitors.map((row) => [`${row.level}:${groupName(row)}`, row.visitors]));
  const funnel = perLevel(result.codes, (group, rows) =>
    funnelLine(group, rows, visitors.get(`${group.level}:${groupName(group)}`) ?? 0, minPageViews),
  );
  const vitals = perLevel(result.vitals, (group, rows) => vitalsLine(group, rows, minPageViews));
  return {
    source,
    from: from ?? null,
    to: to ?? null,
    minPageViews,
    totals: { ...result.totals, keptOut: result.totals.lines - result.totals.events - previews, previews },
    problems: problemsOf(badInput, funnel.landing, vitals.landing),
    badInput,
    funnel,
    vitals,
    histograms: histogramsOf(result.histogram),
    experiments: buildExperimentsReport(result.experiments, designs, {
      minVisitors: minPageViews,
      test: experimentTest,
      dayRows: result.experimentDays,
    }),
    consent: consentLines(result.consent, funnel.country, minPageViews),
  };
}
