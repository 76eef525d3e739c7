/**
 * How many more visitors and days the planned lift needs, against figures worked independently: the
 * visitors by solving (c(2n) + z(0.8))·√((p1(1 − p1) + p2(1 − p2))/n) = |p1 − p2| with scipy's brentq
 * and normal quantile, c being the sequence's half-width in standard errors (the paper's eq. 9 with the
 * ρ of eq. 161 for the tuning); the days by hand from the counts below.
 */
import { DEFAULT_PLANNED_LIFT, neededPerVariant, outlookOf, trafficOf, type OutlookInput } from '../../../../reports/experiments/outlook';
import { sequentialVisitorsNeeded, sequentialVisitorsPerVariant } from '../../../../reports/experiments/sequential';
import { visitorsPerVariant } from '../../../../reports/experiments/stats';

const SEQUENTIAL = { kind: 'sequential' as const, plannedVisitors: 15_616 };
const plan = (baseline: number, relativeEffect: number, alpha = 0.05) => ({ baseline, relativeEffect, alpha, power: 0.8 });

describe('visitors per variant the sequential verdict needs', () => {
  it('is the plan of docs/funnel.md when the sequence is tuned for those visitors: 5 % → 6 %, 15,615.98', () => {
    expect(sequentialVisitorsNeeded(plan(0.05, 0.2), 2 * 15_615.98)).toBeCloseTo(15_615.98, 1);
    expect(sequentialVisitorsNeeded(plan(0.03, 0.1), 2 * 101_887.1)).toBeCloseTo(sequentialVisitorsPerVariant(plan(0.03, 0.1)), 0);
  });

  it('needs more than the self-tuned plan when the sequence is tuned for another count (scipy: 62,685.20; 110,529.30; 57,840.15)', () => {
    expect(sequentialVisitorsNeeded(plan(0.05, 0.1), 31_232)).toBeCloseTo(62_685.2, 1);
    expect(sequentialVisitorsNeeded(plan(0.03, 0.1), 31_232)).toBeCloseTo(110_529.3, 1);
    expect(sequentialVisitorsNeeded(plan(0.06, 0.1, 0.025), 31_232)).toBeCloseTo(57_840.15, 1);
    expect(sequentialVisitorsNeeded(plan(0.05, 0.1), 31_232)).toBeGreaterThan(sequentialVisitorsPerVariant(plan(0.05, 0.1)));
  });

  it('rounds up, takes the fixed formula under --fixed, and makes no plan without a control rate', () => {
    expect(neededPerVariant({ plannedLift: 0.1, alpha: 0.05, test: SEQUENTIAL }, 0.05)).toBe(62_686);
    expect(neededPerVariant({ plannedLift: 0.1, alpha: 0.05, test: { ...SEQUENTIAL, kind: 'fixed' } }, 0.03)).toBe(
      Math.ceil(visitorsPerVariant(plan(0.03, 0.1))),
    );
    expect(neededPerVariant({ plannedLift: 0.1, alpha: 0.05, test: SEQUENTIAL }, 0)).toBeNull();
    expect(DEFAULT_PLANNED_LIFT).toBe(0.1);
  });
});

describe("this week's traffic", () => {
  it('averages the last 7 calendar days up to the last day with visitors, a quiet day included', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'];
    // 03-03 to 03-09 is seven days, 03-04 without visitors: (300 + 400 × 5) / 7.
    const traffic = trafficOf(days.map((day, index) => ({ day, visitors: index < 2 ? 9_999 : index === 2 ? 300 : 400 })));
    expect(traffic.trafficDays).toBe(7);
    expect(traffic.visitorsPerDay).toBeCloseTo(2_300 / 7, 9);
  });

  it('averages fewer days for a younger experiment, and none without visitors', () => {
    expect(
      trafficOf([
        { day: '2026-03-01', visitors: 100 },
        { day: '2026-03-02', visitors: 300 },
      ]),
    ).toEqual({ visitorsPerDay: 200, trafficDays: 2 });
    expect(trafficOf([])).toEqual({ visitorsPerDay: null, trafficDays: 0 });
  });
});

describe('how many more visitors and days', () => {
  // Control at 5 % (550 of 11,000), b with 11,000, half and half, planned +20 %: 15,616 a variant (15,615.98
  // rounded up), 4,616 more each, so 9,232 more visitors in all; at 1,600 a day over the last week, 5.77 days.
  const days = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14'].map((day, index) => ({
    day: `2026-03-${day}`,
    visitors: index < 7 ? [1500, 1500, 1500, 1500, 1600, 1600, 1600][index] : 1600,
  }));
  const input: OutlookInput = {
    plannedLift: 0.2,
    plannedLiftFrom: 'tables',
    test: SEQUENTIAL,
    alpha: 0.05,
    control: { visitors: 11_000, registrations: 550 },
    variants: [
      { share: 0.5, visitors: 11_000 },
      { share: 0.5, visitors: 11_000 },
    ],
    days,
  };

  it('counts the visitors of every variant still missing, and the days at the week’s traffic', () => {
    const outlook = outlookOf(input);
    expect(outlook).toMatchObject({
      neededPerVariant: 15_616,
      visitors: 22_000,
      moreVisitors: 9_232,
      visitorsPerDay: 1_600,
      trafficDays: 7,
    });
    expect(outlook.moreDays).toBeCloseTo(9_232 / 1_600, 9);
  });

  it('is paced by the variant with the smallest share: 10 % of the visitors take ten times the visitors to fill', () => {
    const outlook = outlookOf({
      ...input,
      variants: [
        { share: 0.9, visitors: 19_800 },
        { share: 0.1, visitors: 2_200 },
      ],
    });
    // b: 15,616 − 2,200 = 13,416 short, at a tenth of the visitors: 134,160 in all.
    expect(outlook.moreVisitors).toBe(134_160);
  });

  it('needs nothing more once every variant has its visitors, and no days without traffic', () => {
    expect(outlookOf({ ...input, variants: input.variants.map((variant) => ({ ...variant, visitors: 16_000 })) }).moreVisitors).toBe(0);
    expect(outlookOf({ ...input, days: [] })).toMatchObject({ moreVisitors: 9_232, moreDays: null });
    expect(outlookOf({ ...input, control: { visitors: 11_000, registrations: 0 } })).toMatchObject({
      neededPerVariant: null,
      moreDays: null,
    });
  });
});
