/**
 * The experiments' verdicts through the real query (DuckDB over a written log), on a log whose counts
 * per variant are chosen so each verdict is plain by construction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  DEFAULT_PLANNED_VISITORS,
  type ExperimentDesign,
  type ExperimentLine,
  type TestChoice,
} from '../../../../reports/experiments/report';
import { queryEventLog, type QueryResult } from '../../../../reports/funnel/query';
import { renderFunnelPage } from '../../../../reports/funnel/html';
import { buildFunnelReport } from '../../../../reports/funnel/report';
import { renderText } from '../../../../reports/funnel/text';
import { experimentLogLines, type ExperimentPlan } from '../../../fixtures/experiments/log';

const PLANS: ExperimentPlan[] = [
  // 5 % against 8 % over 2,000 visitors each: z ≈ 3.9. The winner's hero is slow: LCP 3 s against 1.5 s.
  {
    id: 'hero-headline',
    arms: [
      { variant: 'control', visitors: 2000, registered: 100 },
      { variant: 'bold', visitors: 2000, registered: 160, lcp: 3000 },
    ],
  },
  // The same counts on both sides.
  {
    id: 'cta-colour',
    arms: [
      { variant: 'control', visitors: 1500, registered: 90 },
      { variant: 'green', visitors: 1500, registered: 90 },
    ],
  },
  // 10 % against 6 %: z ≈ 4.7 the other way.
  {
    id: 'form-first',
    arms: [
      { variant: 'control', visitors: 2000, registered: 200 },
      { variant: 'short', visitors: 2000, registered: 120 },
    ],
  },
  // 1,500 against 1,200 visitors where the weights say half and half: χ² = 33.3. The variant's rate is
  // twice the control's, and still no verdict.
  {
    id: 'offer-order',
    arms: [
      { variant: 'control', visitors: 1500, registered: 75 },
      { variant: 'b', visitors: 1200, registered: 120 },
    ],
  },
  // 60 visitors a variant: under the least data.
  {
    id: 'tiny',
    arms: [
      { variant: 'control', visitors: 60, registered: 3 },
      { variant: 'b', visitors: 60, registered: 9 },
    ],
  },
  // Exactly 90/10, as the table's weights say; equal rates.
  {
    id: 'split-90',
    arms: [
      { variant: 'control', visitors: 1800, registered: 90 },
      { variant: 'new', visitors: 200, registered: 10 },
    ],
  },
];

const halfAndHalf = (name: string, variant: string): ExperimentDesign => ({
  name,
  control: 'control',
  variants: [
    { name: 'control', weight: 50 },
    { name: variant, weight: 50 },
  ],
});

/** As the tables would declare them; cta-colour is left out, so its weights come from the log. */
const DESIGNS: ExperimentDesign[] = [
  halfAndHalf('hero-headline', 'bold'),
  halfAndHalf('form-first', 'short'),
  halfAndHalf('offer-order', 'b'),
  halfAndHalf('tiny', 'b'),
  {
    name: 'split-90',
    control: 'control',
    variants: [
      { name: 'control', weight: 90 },
      { name: 'new', weight: 10 },
    ],
  },
];

let directory: string;
let result: QueryResult;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'experiments-report-'));
  const file = path.join(directory, 'events.jsonl');
  fs.writeFileSync(file, `${experimentLogLines(PLANS, 7).join('\n')}\n`);
  result = await queryEventLog(file);
}, 120_000);

afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const FIXED: TestChoice = { kind: 'fixed', plannedVisitors: DEFAULT_PLANNED_VISITORS };

const report = (designs: ExperimentDesign[] | null = DESIGNS, experimentTest?: TestChoice) =>
  buildFunnelReport(result, { source: 'events.jsonl', designs, experimentTest });
const experiment = (name: string, designs?: ExperimentDesign[] | null, experimentTest?: TestChoice): ExperimentLine => {
  const line = report(designs, experimentTest).experiments.experiments.find((entry) => entry.name === name);
  if (!line) throw new Error(`no experiment ${name} in the report`);
  return line;
};

describe('experiments through the query', () => {
  it('counts each visitor once, in the variant of their first view, with their registration wherever it happened', () => {
    for (const plan of PLANS) {
      for (const arm of plan.arms) {
        const row = result.experiments.find((entry) => entry.experiment === plan.id && entry.variant === arm.variant);
        expect({ experiment: plan.id, variant: arm.variant, visitors: row?.visitors, registrations: row?.registrations }).toEqual({
          experiment: plan.id,
          variant: arm.variant,
          visitors: arm.visitors,
          registrations: arm.registered,
        });
      }
    }
    expect(result.experiments).toHaveLength(PLANS.flatMap((plan) => plan.arms).length);
  });

  it('names the winner, its lift with an interval above zero, and the guardrail it breaks', () => {
    const line = experiment('hero-headline');
    expect(line.verdict).toBe('variant wins');
    expect(line.winner).toBe('bold');
    const bold = line.variants.find((variant) => variant.name === 'bold');
    expect(bold?.lift?.value).toBeCloseTo(0.6, 10);
    expect(bold?.lift?.low).toBeGreaterThan(0);
    // The sequential default's p (gbstats SequentialTwoSidedTTest, absolute, tuning 2 × 15,616: 0.033523);
    // the fixed test's is far smaller for the same counts.
    expect(bold?.pValue).toBeCloseTo(0.033523, 5);
    expect(experiment('hero-headline', DESIGNS, FIXED).variants.find((variant) => variant.name === 'bold')?.pValue).toBeLessThan(0.001);
    expect(bold?.guardrails.find((cell) => cell.metric === 'lcp')).toMatchObject({ p75: 3000, over: true });
    expect(line.guardrailWarnings).toEqual(['lcp']);
  });

  it('says "no difference yet" for equal rates, with an interval around zero', () => {
    const line = experiment('cta-colour');
    expect(line.verdict).toBe('no difference yet');
    expect(line.design).toBe('log');
    const green = line.variants.find((variant) => variant.name === 'green');
    expect(green?.pValue).toBe(1);
    expect(green?.lift?.low).toBeLessThan(0);
    expect(green?.lift?.high).toBeGreaterThan(0);
  });

  it('says "control wins" when the variant does worse', () => {
    const line = experiment('form-first');
    expect(line.verdict).toBe('control wins');
    expect(line.winner).toBeNull();
    expect(line.variants.find((variant) => variant.name === 'short')?.lift?.high).toBeLessThan(0);
  });

  it('withholds the verdict on a sample ratio mismatch, however good the variant looks', () => {
    const line = experiment('offer-order');
    expect(line.sampleRatio?.mismatch).toBe(true);
    expect(line.sampleRatio?.pValue).toBeLessThan(0.001);
    expect(line.verdict).toBe('sample ratio mismatch');
    expect(line.winner).toBeNull();
    expect(line.variants.every((variant) => variant.outcome === null && variant.lift === null)).toBe(true);
  });

  it('gives no verdict below the least visitors per variant', () => {
    const line = experiment('tiny');
    expect(line.enoughData).toBe(false);
    expect(line.verdict).toBe('not enough data');
    expect(line.variants.every((variant) => variant.rate === null)).toBe(true);
  });

  it("judges the split by the table's weights, and would flag it against equal ones", () => {
    expect(experiment('split-90').sampleRatio).toMatchObject({ mismatch: false, statistic: 0 });
    expect(experiment('split-90').verdict).toBe('no difference yet');
    expect(experiment('split-90', null).verdict).toBe('sample ratio mismatch');
  });

  it('prints each verdict in the terminal report, in words first and then as the test gives it', () => {
    const text = renderText(report());
    // 8 % against 5 % over 2,000 visitors each: the lift's interval (0.0329, 1.1671) by hand (plain.test.ts).
    expect(text).toMatch(
      /\nhero-headline\n {2}bold brings more registrations than control: about 60% more \(between 3% and 117%\), since \d{4}-\d{2}-\d{2}\. But its page shows its main content later than control's/,
    );
    expect(text).toContain('Statistics: variant wins: bold, +60.0%');
    expect(text).toContain('offer-order\n  Stop: the split is off (sample-ratio mismatch)');
    expect(text).toContain('Statistics: sample ratio mismatch.');
    expect(text).toContain('tiny\n  Too early: each variant needs 100 visitors');
  });

  it('shows the same verdicts on the QA page, a mismatch marked', () => {
    const page = renderFunnelPage(report(), { path: '/__qa/funnel', indexPath: '/__qa/' });
    expect(page).toContain('<p class="verdict">bold brings more registrations than control: about 60% more (between 3% and 117%)');
    expect(page).toContain('<p class="verdict over">Stop: the split is off (sample-ratio mismatch)');
    expect(page).toContain('<p>Verdict: variant wins: bold, +60.0%');
    expect(page).toContain('<caption>form-first per variant</caption>');
  });

  it('gives the same verdicts under the fixed-horizon test, and each report says which test it used', () => {
    for (const name of ['hero-headline', 'cta-colour', 'form-first', 'offer-order', 'tiny', 'split-90']) {
      expect({ name, verdict: experiment(name, DESIGNS, FIXED).verdict }).toEqual({ name, verdict: experiment(name).verdict });
    }
    expect(report().experiments.test).toEqual({ kind: 'sequential', plannedVisitors: 15_616 });
    expect(renderText(report())).toContain('Test: sequential (always valid, tuned for 15,616 visitors per variant)');
    expect(renderText(report(DESIGNS, FIXED))).toContain('Test: fixed horizon (--fixed)');
    expect(renderFunnelPage(report(DESIGNS, FIXED), { path: '/__qa/funnel', indexPath: '/__qa/' })).toContain(
      'lift over control (95 % CI)',
    );
    expect(renderFunnelPage(report(), { path: '/__qa/funnel', indexPath: '/__qa/' })).toContain('lift over control (95 % always-valid CI)');
  });

  it("takes the verdict at each day's end: the counts add up to the report's, and the interval narrows", () => {
    for (const name of ['hero-headline', 'cta-colour', 'form-first', 'offer-order']) {
      const line = experiment(name);
      const last = line.days.at(-1);
      expect(line.days.length).toBeGreaterThan(1);
      expect(last?.verdict).toBe(line.verdict);
      for (const variant of line.variants) {
        const counted = last?.variants.find((entry) => entry.name === variant.name);
        expect({ name, variant: variant.name, visitors: counted?.visitors, registrations: counted?.registrations }).toEqual({
          name,
          variant: variant.name,
          visitors: variant.visitors,
          registrations: variant.registrations,
        });
      }
    }
    const bold = experiment('hero-headline').days.flatMap((day) => day.variants.filter((entry) => entry.name === 'bold' && entry.lift));
    const width = (entry: (typeof bold)[number]) => (entry.lift ? entry.lift.high - entry.lift.low : 0);
    expect(width(bold[bold.length - 1])).toBeLessThan(width(bold[0]));
    // Days are whole UTC days, in order, one each.
    const days = experiment('hero-headline').days.map((day) => day.day);
    expect(days).toEqual([...new Set(days)].sort());
    expect(days.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))).toBe(true);
  });

  it('says since which day a winner has held, and a mismatch has no day', () => {
    const line = experiment('hero-headline');
    const since = line.days.findIndex((day) => day.day === line.verdictSince);
    expect(since).toBeGreaterThanOrEqual(0);
    expect(line.days.slice(since).every((day) => day.verdict === 'variant wins' && day.winner === 'bold')).toBe(true);
    if (since > 0) expect(line.days[since - 1].verdict).not.toBe('variant wins');
    expect(renderText(report())).toContain(`Statistics: variant wins: bold, +60.0% (p = 0.034), since ${line.verdictSince}`);
    expect(experiment('offer-order').days.every((day) => day.variants.every((variant) => variant.lift === null))).toBe(true);
  });

  it('plots the lift by day on the QA page, named for assistive technology and with its figures as a table', () => {
    const page = renderFunnelPage(report(), { path: '/__qa/funnel', indexPath: '/__qa/' });
    const line = experiment('hero-headline');
    expect(page).toContain('<title id="plot-');
    expect(page).toMatch(
      /<svg [^>]*role="img" aria-labelledby="plot-\d+-t plot-\d+-d"[^>]*><title id="plot-\d+-t">hero-headline: lift of bold over control by day/,
    );
    expect(page).toContain(`variant wins from ${line.verdictSince}`);
    expect(page).toContain('<caption>hero-headline: bold by day</caption>');
    expect(page).toContain(
      `<figcaption>bold against control, lift at each day&#39;s end with its interval; variant wins from ${line.verdictSince}.</figcaption>`,
    );
    expect(page).toContain('b against control: no day has had an interval yet (sample ratio mismatch).');
  });

  it('runs from the command line with --fixed or --planned-visitors, and refuses both at once', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'reports/funnel/cli.ts', '--events', path.join(directory, 'events.jsonl'), ...args], {
        cwd: path.resolve(__dirname, '../../../..'),
        encoding: 'utf8',
      });
    const fixed = run('--json', '--fixed');
    expect(fixed.status).toBe(0);
    expect(JSON.parse(fixed.stdout).experiments.test.kind).toBe('fixed');
    const planned = run('--planned-visitors', '40,000');
    expect(planned.status).toBe(0);
    expect(planned.stdout).toContain('tuned for 40,000 visitors per variant');
    const both = run('--fixed', '--planned-visitors', '1000');
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('give one of them');
    expect(run('--planned-visitors', 'many').stderr).toContain('takes a whole number of visitors above 0');
  }, 120_000);
});
