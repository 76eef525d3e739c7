/**
 * What a marketer who reads the verdict every day would see, by simulation: 2,000 experiments, 30 days
 * each, the verdict taken at every day's end by the report's own day-by-day verdict (buildExperimentsReport,
 * as the QA page's plot takes it). Without a true difference, the sequential default may declare one at
 * some day in at most 5 % of them; the fixed-horizon test, read the same way, does far more often. With a
 * true lift of +20 % and the visitors `plan` gives, the sequential test finds it by the last day in at
 * least 80 %. The shares are judged by their Wilson intervals, so the seed's luck cannot pass a bad test.
 */
import {
  buildExperimentsReport,
  type DayLine,
  type ExperimentDayRow,
  type ExperimentDesign,
  type TestChoice,
} from '../../../../reports/experiments/report';
import { sequentialVisitorsPerVariant } from '../../../../reports/experiments/sequential';
import { wilsonInterval } from '../../../../reports/shared/wilson';
import { simulateExperiments } from '../../../fixtures/experiments/simulate';

const RUNS = 2000;
const DAYS = 30;
const BASELINE = 0.05;
const PLAN = { baseline: BASELINE, relativeEffect: 0.2, alpha: 0.05, power: 0.8 };
const PLANNED = Math.ceil(sequentialVisitorsPerVariant(PLAN));
const PER_DAY = Math.ceil(PLANNED / DAYS);

const DESIGN: ExperimentDesign = {
  name: 'simulated',
  control: 'control',
  variants: [
    { name: 'control', weight: 50 },
    { name: 'b', weight: 50 },
  ],
};
const SEQUENTIAL: TestChoice = { kind: 'sequential', plannedVisitors: PLANNED };
const FIXED: TestChoice = { kind: 'fixed', plannedVisitors: PLANNED };

/** The verdicts of one experiment at each day's end. */
function dailyVerdicts(dayRows: readonly ExperimentDayRow[], test: TestChoice) {
  const [line] = buildExperimentsReport([], [DESIGN], { test, dayRows }).experiments;
  return line.days;
}

const share = (hits: number) => {
  const interval = wilsonInterval(hits, RUNS);
  return {
    share: hits / RUNS,
    ...interval,
    text: `${hits} of ${RUNS} = ${((hits / RUNS) * 100).toFixed(1)} % (95 % CI ${(interval.low * 100).toFixed(1)}–${(interval.high * 100).toFixed(1)} %)`,
  };
};

const simulate = (variantRate: number, seed: number) =>
  simulateExperiments(
    {
      experiment: DESIGN.name,
      days: DAYS,
      visitorsPerArmPerDay: PER_DAY,
      arms: [
        { variant: 'control', rate: BASELINE },
        { variant: 'b', rate: variantRate },
      ],
    },
    RUNS,
    seed,
  );

describe(`${RUNS} simulated experiments, ${PER_DAY} visitors an arm a day for ${DAYS} days (plan: ${PLANNED} a variant), read every day`, () => {
  it('without a true difference, declares one at some day in at most 5 % under the sequential test, far more under --fixed', () => {
    const experiments = simulate(BASELINE, 46);
    const declared = (days: DayLine[]) => days.some((day) => day.verdict === 'variant wins' || day.verdict === 'control wins');
    const sequential = share(experiments.filter((rows) => declared(dailyVerdicts(rows, SEQUENTIAL))).length);
    const fixedDays = experiments.map((rows) => dailyVerdicts(rows, FIXED));
    const fixed = share(fixedDays.filter(declared).length);
    const fixedOnce = share(fixedDays.filter((days) => declared(days.slice(-1))).length);
    console.log(
      [
        `A/A at ${BASELINE * 100} %, a winner or loser declared on some day of ${DAYS}:`,
        `  sequential (default): ${sequential.text}`,
        `  fixed, read daily:    ${fixed.text}`,
        `  fixed, read once on day ${DAYS}: ${fixedOnce.text}`,
      ].join('\n'),
    );
    expect(sequential.high).toBeLessThanOrEqual(0.05);
    expect(fixed.low).toBeGreaterThan(0.15);
    // Read once, as it is meant to be, the fixed test keeps its 5 %.
    expect(fixedOnce.low).toBeLessThan(0.05);
    expect(fixedOnce.high).toBeGreaterThan(0.05);
  });

  it('with a true lift of +20 %, the sequential test names the variant the winner by the last day in at least 80 %', () => {
    const days = simulate(BASELINE * 1.2, 47).map((rows) => dailyVerdicts(rows, SEQUENTIAL));
    const power = share(days.filter((run) => run.some((day) => day.verdict === 'variant wins' && day.winner === 'b')).length);
    const wrongWay = days.filter((run) => run.some((day) => day.verdict === 'control wins')).length;
    console.log(`+20 % lift, variant named the winner by day ${DAYS} (sequential): ${power.text}; control named: ${wrongWay}`);
    expect(power.low).toBeGreaterThanOrEqual(0.8);
    expect(wrongWay).toBe(0);
  });
});
