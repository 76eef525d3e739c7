/**
 * The verdict in a marketer's words. The lifts and their intervals are worked by hand (Python's math
 * module) from the sequence's formula in docs/funnel.md, tuned for 2 × 15,616 visitors; the visitors a
 * 10 % lift needs at a 5 % control rate, 62,685.2 a variant, by scipy (outlook.test.ts).
 */
import { aboutCount, daysWords, plainVerdict, readingOrder, visitorsWords } from '../../../../reports/experiments/plain';
import {
  buildExperimentsReport,
  type ExperimentDayRow,
  type ExperimentDesign,
  type ExperimentRow,
  type ExperimentLine,
} from '../../../../reports/experiments/report';

const NO_VITALS = { lcp: { measured: 0, p75: null }, inp: { measured: 0, p75: null }, cls: { measured: 0, p75: null } };
const row = (variant: string, visitors: number, registrations: number): ExperimentRow => ({
  experiment: 'x',
  variant,
  visitors,
  registrations,
  vitals: NO_VITALS,
});
const design = (weights: Record<string, number>, plannedLift?: number): ExperimentDesign => ({
  name: 'x',
  control: 'control',
  variants: Object.entries(weights).map(([name, weight]) => ({ name, weight })),
  plannedLift,
});
const HALF = { control: 50, b: 50 };

function line(rows: ExperimentRow[], experimentDesign = design(HALF), dayRows: ExperimentDayRow[] = []): ExperimentLine {
  return buildExperimentsReport(rows, [experimentDesign], { dayRows }).experiments[0];
}

/** Four days of 500 visitors an arm: 1,000 a day. */
const fourDays = (rows: ExperimentRow[]): ExperimentDayRow[] =>
  ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'].flatMap((day) =>
    rows.map((entry) => ({
      experiment: 'x',
      variant: entry.variant,
      day,
      visitors: entry.visitors / 4,
      registrations: entry.registrations / 4,
    })),
  );

describe('the verdict in plain words', () => {
  it('says a winner brings more registrations, about how many more and between what', () => {
    // 8 % against 5 %: lift 0.6, interval (0.0329, 1.1671).
    expect(plainVerdict(line([row('control', 2000, 100), row('b', 2000, 160)]), 100)).toBe(
      'b brings more registrations than control: about 60% more (between 3% and 117%).',
    );
  });

  it('says the control brings more, how much fewer the variant brings, and to keep the control', () => {
    // 6 % against 10 %: lift −0.4, interval (−0.7118, −0.0882).
    expect(plainVerdict(line([row('control', 2000, 200), row('b', 2000, 120)]), 100)).toBe(
      'control brings more registrations than b: b about 40% fewer (between 9% and 71% fewer). Keep control.',
    );
  });

  it('says how many more visitors and days a 10 % lift needs while there is no difference yet', () => {
    // 5.2 % against 5 %: lift +0.04 (−0.4670, +0.5470). 62,686 a variant, 60,686 short each, 121,372 in
    // all; at 1,000 a day, 121.4 days.
    const rows = [row('control', 2000, 100), row('b', 2000, 104)];
    expect(plainVerdict(line(rows, design(HALF), fourDays(rows)), 100)).toBe(
      "No difference yet: about 120,000 more visitors — roughly 122 days at this week's traffic — before a 10% lift could show. b +4% so far (between −47% and +55%).",
    );
  });

  it("takes the planned lift from the experiment's design", () => {
    // +20 % at 5 %: 15,616 a variant, 13,616 short each, 27,232 in all: 27.2 days at 1,000 a day.
    const rows = [row('control', 2000, 100), row('b', 2000, 104)];
    expect(plainVerdict(line(rows, design(HALF, 0.2), fourDays(rows)), 100)).toMatch(
      /^No difference yet: about 27,000 more visitors — roughly 28 days at this week's traffic — before a 20% lift could show\./,
    );
  });

  it('says there is no difference once the visitors for the planned lift have come', () => {
    // 5.029 % against 5 %: lift +0.0057 (−0.0675, +0.0790); 70,000 a variant is past the 62,686 needed.
    expect(plainVerdict(line([row('control', 70_000, 3500), row('b', 70_000, 3520)]), 100)).toBe(
      'No difference: it has the visitors for a 10% lift to have shown, and none did. b +0.6% so far (between −7% and +8%).',
    );
  });

  it('says stop when the split is off, with the planned and the actual split', () => {
    expect(plainVerdict(line([row('control', 1500, 75), row('b', 1200, 120)]), 100)).toBe(
      'Stop: the split is off (sample-ratio mismatch) — check the set-up before reading. Planned control 50% / b 50%; came control 55.6% / b 44.4%.',
    );
  });

  it('says it is too early below the least visitors, naming the variant short of them', () => {
    // b, with 34 % of the visitors, is 62,626 short of 62,686: 184,194 visitors in all.
    expect(plainVerdict(line([row('control', 120, 6), row('b', 60, 3)], design({ control: 66, b: 34 })), 100)).toBe(
      'Too early: each variant needs 100 visitors before they are compared (b has 60); about 180,000 more visitors before a 10% lift could show (no visitors came lately to tell how long that takes).',
    );
  });

  it('counts the visitors so far, per variant', () => {
    expect(visitorsWords(line([row('control', 2000, 100), row('b', 1999, 160)]))).toBe('3,999 visitors so far (control 2,000, b 1,999)');
  });
});

describe('the order a marketer reads them in', () => {
  it('puts a broken split first, then winners, losers, what still runs, what is too early, and what has no visitor', () => {
    const named = (name: string, rows: ExperimentRow[]) => ({ ...line(rows), name });
    const lines = [
      named('a-empty', []),
      named('b-early', [row('control', 50, 2), row('b', 50, 3)]),
      named('c-running', [row('control', 2000, 100), row('b', 2000, 104)]),
      named('d-loses', [row('control', 2000, 200), row('b', 2000, 120)]),
      named('e-wins', [row('control', 2000, 100), row('b', 2000, 160)]),
      named('f-split', [row('control', 1500, 75), row('b', 1200, 120)]),
    ];
    expect(readingOrder(lines).map((entry) => entry.name)).toEqual(['f-split', 'e-wins', 'd-loses', 'c-running', 'b-early', 'a-empty']);
    expect(plainVerdict(lines[0], 100)).toBe('No visitors yet.');
  });
});

describe('figures in words', () => {
  it('rounds counts to two figures and days up', () => {
    expect([aboutCount(9_232), aboutCount(121_372), aboutCount(87.2), aboutCount(950)]).toEqual(['9,200', '120,000', '88', '950']);
    expect([daysWords(5.77), daysWords(0.2), daysWords(1), daysWords(400)]).toEqual([
      'roughly 6 days',
      'roughly 1 day',
      'roughly 1 day',
      'more than a year',
    ]);
  });
});

describe("the planned lift from the experiment's table row", () => {
  it('reads "lift": 20 as +20 %, and counts the days to it', async () => {
    const { designOf } = await import('../../../../reports/experiments/designs');
    const design = designOf({
      id: 'x',
      lift: 20,
      variants: [
        { id: 'control', weight: 50 },
        { id: 'b', weight: 50 },
      ],
    });
    expect(design.plannedLift).toBe(0.2);
    expect(
      designOf({
        id: 'x',
        variants: [
          { id: 'control', weight: 50 },
          { id: 'b', weight: 50 },
        ],
      }).plannedLift,
    ).toBeUndefined();
    const rows = [row('control', 2000, 100), row('b', 2000, 104)];
    expect(plainVerdict(line(rows, design, fourDays(rows)), 100)).toMatch(/before a 20% lift could show/);
    expect(line(rows, design).outlook.plannedLiftFrom).toBe('tables');
  });
});
