/**
 * `npm run funnel -- plan --baseline 3% --mde 10%`: the visitors each variant needs before the report's
 * verdict can be trusted to find that effect. Parsing and wording only; the figures are sequential.ts's
 * and stats.ts's.
 */
import { count } from '../shared/format';
import { sequentialVisitorsPerVariant } from './sequential';
import { visitorsPerVariant, type PlanInput } from './stats';

export const PLAN_USAGE = `Usage: npm run funnel -- plan --baseline RATE --mde CHANGE [--alpha A] [--power P]

  --baseline RATE   the control's registration rate now: 3% or 0.03
  --mde CHANGE      the smallest change worth finding, relative to the baseline: 10% or 0.1 (−10% for a drop)
  --alpha A         two-sided significance level, default 0.05 (with k variants, 0.05 / (k − 1) matches the report)
  --power P         the chance of finding a change of that size when it is there, default 0.8`;

const DEFAULTS = { alpha: 0.05, power: 0.8 };

/** "3%" or "0.03"; a bare number of 1 or more is refused, as it could mean either. */
export function parseShare(flag: string, text: string): number {
  const match = /^([-+−]?\d+(?:\.\d+)?)(%?)$/.exec(text.trim());
  if (!match) throw new Error(`${flag} takes a share as 3% or 0.03, got "${text}"`);
  const number = Number(match[1].replace('−', '-'));
  if (match[2] === '%') return number / 100;
  if (Math.abs(number) >= 1) throw new Error(`${flag} ${text}: write ${text}% for a percentage, or a fraction below 1`);
  return number;
}

/** Throws an Error whose message is the whole explanation. */
export function parsePlanArgs(argv: readonly string[]): PlanInput | 'help' {
  const given: Partial<Record<'baseline' | 'mde' | 'alpha' | 'power', number>> = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--help' || arg === '-h') return 'help';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const name = flag.slice(2);
    if (!['--baseline', '--mde', '--alpha', '--power'].includes(flag)) throw new Error(`unknown argument "${arg}"`);
    const value = inline ?? argv[++index];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
    given[name as keyof typeof given] = parseShare(flag, value);
  }
  if (given.baseline === undefined || given.mde === undefined) throw new Error('plan needs --baseline and --mde');
  return {
    baseline: given.baseline,
    relativeEffect: given.mde,
    alpha: given.alpha ?? DEFAULTS.alpha,
    power: given.power ?? DEFAULTS.power,
  };
}

const percentText = (share: number): string => `${Number((share * 100).toPrecision(6))}%`;

/**
 * The plan in words, for both tests: the sequential one the report uses by default, and the fixed-horizon
 * one (--fixed). The figures rounded up, since a fraction of a visitor cannot be had.
 */
export function renderPlan(input: PlanInput): string {
  const sequential = Math.ceil(sequentialVisitorsPerVariant(input));
  const fixed = Math.ceil(visitorsPerVariant(input));
  const target = input.baseline * (1 + input.relativeEffect);
  return [
    `${count(sequential)} visitors per variant for the sequential test (the report's default), read as often as you like:`,
    `  npm run funnel -- --planned-visitors ${sequential}`,
    `${count(fixed)} visitors per variant for the fixed-horizon test (--fixed), read once, when they have come;`,
    `reading as you go costs ${Math.round((sequential / fixed - 1) * 100)}% more visitors.`,
    `Each variant, the control included, to find ${percentText(input.baseline)} → ${percentText(target)} (${input.relativeEffect >= 0 ? '+' : ''}${percentText(input.relativeEffect)} relative)`,
    `with a two-sided test at alpha ${input.alpha} and power ${input.power}.`,
  ].join('\n');
}

/** The `plan` subcommand: prints the plan, or what is wrong with the command line; returns the exit code. */
export function runPlan(argv: readonly string[]): number {
  try {
    const input = parsePlanArgs(argv);
    console.log(input === 'help' ? PLAN_USAGE : renderPlan(input));
    return 0;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${PLAN_USAGE}`);
    return 2;
  }
}
