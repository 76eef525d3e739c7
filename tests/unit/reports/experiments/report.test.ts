/**
 * The experiments' verdicts through the real query (DuckDB over a written log), on a log whose counts
 * per variant are chosen so each verdict is plain by construction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExperimentDesign, ExperimentLine } from '../../../../reports/experiments/report';
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

const report = (designs: ExperimentDesign[] | null = DESIGNS) => buildFunnelReport(result, { source: 'events.jsonl', designs });
const experiment = (name: string, designs?: ExperimentDesign[] | null): ExperimentLine => {
  const line = report(designs).experiments.experiments.find((entry) => entry.name === name);
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
    expect(bold?.pValue).toBeLessThan(0.001);
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

  it('prints each verdict in the terminal report', () => {
    const text = renderText(report());
    expect(text).toContain('hero-headline: variant wins: bold, +60.0%');
    expect(text).toContain('offer-order: sample ratio mismatch');
    expect(text).toContain('tiny: not enough data');
  });

  it('shows the same verdicts on the QA page, a mismatch marked', () => {
    const page = renderFunnelPage(report(), { path: '/__qa/funnel', indexPath: '/__qa/' });
    expect(page).toContain('<h3>hero-headline: <span>variant wins: bold, +60.0%');
    expect(page).toContain('<h3>offer-order: <span class="over">sample ratio mismatch</span></h3>');
    expect(page).toContain('<caption>form-first per variant</caption>');
  });
});
