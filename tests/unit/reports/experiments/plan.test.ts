/** `npm run funnel -- plan`: the visitors a variant needs, as a reader types the question. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parsePlanArgs, parseShare, renderPlan } from '../../../../reports/experiments/plan';

const ROOT = path.resolve(__dirname, '../../../..');

describe('plan', () => {
  it('answers --baseline 3% --mde 10% with 53,211 visitors a variant (R power.prop.test: n = 53210.3, rounded up)', () => {
    const input = parsePlanArgs(['--baseline', '3%', '--mde', '10%']);
    expect(input).toEqual({ baseline: 0.03, relativeEffect: 0.1, alpha: 0.05, power: 0.8 });
    expect(renderPlan(input as Exclude<typeof input, 'help'>)).toMatch(/^53,211 visitors per variant for the fixed-horizon test/m);
  });

  it('gives the sequential test its visitors first, 101,888 (101,887.10 by hand from the formula), and what reading as you go costs', () => {
    const input = parsePlanArgs(['--baseline', '3%', '--mde', '10%']);
    const text = renderPlan(input as Exclude<typeof input, 'help'>);
    expect(text).toMatch(/^101,888 visitors per variant for the sequential test \(the report's default\)/);
    expect(text).toContain('npm run funnel -- --planned-visitors 101888');
    // 101,888 / 53,211 = 1.915
    expect(text).toContain('reading as you go costs 91% more visitors');
  });

  it('answers power 0.9 at p 0.50 → 0.75 with 77 (R ?power.prop.test: n = 76.7)', () => {
    const input = parsePlanArgs(['--baseline=0.5', '--mde=50%', '--power', '0.9']);
    expect(renderPlan(input as Exclude<typeof input, 'help'>)).toMatch(/^77 visitors per variant/m);
  });

  it('reads shares as percentages or fractions, and refuses a bare number that could be either', () => {
    expect(parseShare('--baseline', '3%')).toBeCloseTo(0.03, 12);
    expect(parseShare('--baseline', '0.03')).toBe(0.03);
    expect(parseShare('--mde', '-10%')).toBeCloseTo(-0.1, 12);
    expect(() => parseShare('--baseline', '3')).toThrow('write 3% for a percentage');
    expect(() => parseShare('--baseline', 'three')).toThrow('takes a share');
  });

  it('says what is missing or wrong', () => {
    expect(() => parsePlanArgs(['--baseline', '3%'])).toThrow('plan needs --baseline and --mde');
    expect(() => parsePlanArgs(['--baseline', '3%', '--mde', '10%', '--days', '7'])).toThrow('unknown argument "--days"');
    expect(parsePlanArgs(['--help'])).toBe('help');
  });

  it('runs from the report command line, and fails with the usage on a plan no test can meet', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'reports/funnel/cli.ts', 'plan', ...args], { cwd: ROOT, encoding: 'utf8' });
    const ok = run('--baseline', '3%', '--mde', '10%');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('53,211 visitors per variant');
    const impossible = run('--baseline', '60%', '--mde', '100%');
    expect(impossible.status).toBe(2);
    expect(impossible.stderr).toContain('must stay between 0 and 100 %');
    expect(impossible.stderr).toContain('Usage: npm run funnel -- plan');
  }, 60_000);
});
