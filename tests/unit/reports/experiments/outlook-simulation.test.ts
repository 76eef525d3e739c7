/**
 * How often "about N more days" is right when a marketer reads it every day, by simulation: 1,000
 * experiments of two arms at a 5 % registration rate whose variant truly lifts it by the planned +20 %,
 * 521 visitors an arm a day, the report's default tuning (15,616 a variant, the plan for exactly this
 * lift, so the lift's visitors are in on day 30). Each day until the variant is named the winner, the
 * report's own outlook (outlookOf) over the counts so far gives a day the lift could show by. Two checks:
 * that day against day 30, where the true rate puts it; and whether the verdict had come by it.
 * The shares are judged by their Wilson intervals, so the seed's luck cannot pass a bad estimate.
 */
import { outlookOf } from '../../../../reports/experiments/outlook';
import { buildExperimentsReport, DEFAULT_TEST, type ExperimentDesign } from '../../../../reports/experiments/report';
import { wilsonInterval } from '../../../../reports/shared/wilson';
import { simulateExperiments } from '../../../fixtures/experiments/simulate';

const RUNS = 1000;
const DAYS = 60;
const PER_ARM = 521;
const BASELINE = 0.05;
const LIFT = 0.2;
/** 15,616 visitors an arm at 521 a day. */
const TRUE_DAY = 30;

const DESIGN: ExperimentDesign = {
  name: 'simulated',
  control: 'control',
  variants: [
    { name: 'control', weight: 50 },
    { name: 'b', weight: 50 },
  ],
  plannedLift: LIFT,
};

interface Tally {
  estimates: number;
  /** The day named within a fifth of the days truly left (at least a day). */
  close: number;
  /** The variant named the winner by the day named. */
  shown: number;
}

function simulate(): Map<number, Tally> {
  const tallies = new Map<number, Tally>();
  const experiments = simulateExperiments(
    {
      experiment: DESIGN.name,
      days: DAYS,
      visitorsPerArmPerDay: PER_ARM,
      arms: [
        { variant: 'control', rate: BASELINE },
        { variant: 'b', rate: BASELINE * (1 + LIFT) },
      ],
    },
    RUNS,
    5,
  );
  for (const rows of experiments) {
    const [line] = buildExperimentsReport([], [DESIGN], { dayRows: rows }).experiments;
    const found = line.days.findIndex((day) => day.verdict === 'variant wins' && day.winner === 'b') + 1;
    const control = { visitors: 0, registrations: 0 };
    let variant = 0;
    for (let day = 1; day <= DAYS && !(found && found <= day); day++) {
      for (const row of rows.filter((entry) => entry.day === line.days[day - 1].day)) {
        if (row.variant === 'control') {
          control.visitors += row.visitors;
          control.registrations += row.registrations;
        } else variant += row.visitors;
      }
      const outlook = outlookOf({
        plannedLift: LIFT,
        plannedLiftFrom: 'tables',
        test: DEFAULT_TEST,
        alpha: 0.05,
        control,
        variants: [
          { share: 0.5, visitors: control.visitors },
          { share: 0.5, visitors: variant },
        ],
        days: line.days.slice(0, day).map((entry) => ({ day: entry.day, visitors: 2 * PER_ARM })),
      });
      if (outlook.moreDays === null || outlook.moreVisitors === 0) continue;
      const named = day + Math.ceil(outlook.moreDays);
      const tally = tallies.get(day) ?? { estimates: 0, close: 0, shown: 0 };
      tally.estimates++;
      if (Math.abs(named - TRUE_DAY) <= Math.max(1, 0.2 * (TRUE_DAY - day))) tally.close++;
      if (found && found <= named) tally.shown++;
      tallies.set(day, tally);
    }
  }
  return tallies;
}

const share = (hits: number, of: number) => ({ share: hits / of, ...wilsonInterval(hits, of) });
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

describe(`${RUNS} experiments with the planned +20 % lift, the estimate read every day`, () => {
  const tallies = simulate();
  const at = (day: number) => tallies.get(day) as Tally;

  it('reports its figures', () => {
    const lines = [1, 3, 7, 14, 21, 28].map((day) => {
      const { estimates, close, shown } = at(day);
      const [near, by] = [share(close, estimates), share(shown, estimates)];
      return `day ${day}: ${estimates} not yet shown; day named within a fifth of the days left ${percent(near.share)} (${percent(near.low)}–${percent(near.high)}); lift shown by it ${percent(by.share)} (${percent(by.low)}–${percent(by.high)})`;
    });
    console.log(lines.join('\n'));
    expect(lines).toHaveLength(6);
  });

  it('names the right day within a fifth of the days left in at least 90 % of the estimates read from day 7 to 14', () => {
    for (const day of [7, 14]) expect(share(at(day).close, at(day).estimates).low).toBeGreaterThanOrEqual(0.9);
  });

  it('read in the first week, has the lift shown by the day it names about as often as the planned power, 80 %', () => {
    for (const day of [3, 7]) {
      const by = share(at(day).shown, at(day).estimates);
      expect(by.low).toBeGreaterThanOrEqual(0.75);
      expect(by.high).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('read late in an experiment that has not shown the lift yet, is optimistic: the lift shows by the day named far less often', () => {
    expect(share(at(21).shown, at(21).estimates).high).toBeLessThan(0.7);
  });
});
