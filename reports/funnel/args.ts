/** The command line of `npm run funnel`, read without side effects so its mistakes can be told plainly. */
import { DEFAULT_PLANNED_VISITORS, DEFAULT_TEST, type TestChoice } from '../experiments/report';
import { count } from './format';

export interface FunnelArgs {
  events?: string;
  from?: string;
  to?: string;
  json: boolean;
  help: boolean;
  /** The experiments' verdicts by the fixed-horizon test instead of the sequential one. */
  fixed: boolean;
  /** Visitors per variant the experiments were planned for (`plan`), which tunes the sequential test. */
  plannedVisitors?: number;
}

export const USAGE = `Usage: npm run funnel -- [--events FILE] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]
                         [--planned-visitors N | --fixed]
       npm run funnel -- plan --baseline 3% --mde 10% [--alpha 0.05] [--power 0.8]   (visitors an experiment needs)

  --events FILE           the event log (JSON Lines); default: the stand-in's, PROMO_EVENT_LOG or var/events.jsonl
  --from, --to            first and last day of event.date (UTC) to count, both included; default: all
  --json                  the report as JSON instead of tables
  --planned-visitors N    the visitors per variant plan gave ("sequential test"): the experiments' intervals,
                          valid whenever read, are narrowest there; default ${count(DEFAULT_PLANNED_VISITORS)}
  --fixed                 judge the experiments by the fixed-horizon test instead: valid only when read once,
                          at the visitors plan gave for it`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Throws an Error whose message is the whole explanation. */
export function parseFunnelArgs(argv: readonly string[]): FunnelArgs {
  const args: FunnelArgs = { json: false, help: false, fixed: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--json') args.json = true;
    else if (flag === '--fixed') args.fixed = true;
    else if (flag === '--help' || flag === '-h') args.help = true;
    else if (flag === '--planned-visitors') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
      const visitors = Number(value.replace(/[,_]/g, ''));
      if (!Number.isInteger(visitors) || visitors <= 0) throw new Error(`${flag} takes a whole number of visitors above 0, got "${value}"`);
      args.plannedVisitors = visitors;
    } else if (flag === '--events' || flag === '--from' || flag === '--to') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
      if (flag !== '--events' && !isDate(value)) throw new Error(`${flag} takes a date as YYYY-MM-DD, got "${value}"`);
      args[flag.slice(2) as 'events' | 'from' | 'to'] = value;
    } else throw new Error(`unknown argument "${arg}"`);
  }
  if (args.from && args.to && args.from > args.to) throw new Error(`--from ${args.from} is after --to ${args.to}`);
  if (args.fixed && args.plannedVisitors !== undefined) {
    throw new Error('--planned-visitors tunes the sequential test; --fixed does without it: give one of them');
  }
  return args;
}

/** The test the command line asks the experiments to be judged by. */
export function testChoiceOf(args: FunnelArgs): TestChoice {
  return { kind: args.fixed ? 'fixed' : 'sequential', plannedVisitors: args.plannedVisitors ?? DEFAULT_TEST.plannedVisitors };
}
