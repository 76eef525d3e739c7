/**
 * How far an experiment is from being able to show the lift it was planned for: the visitors each variant
 * needs by the same test the verdict rests on (the sequence as the report tunes it, or the fixed-horizon
 * formula under --fixed), at the control's registration rate so far, and how many days this week's
 * traffic takes to bring the rest. Pure; the figures are sequential.ts's and stats.ts's.
 */
import { sequentialVisitorsNeeded } from './sequential';
import { visitorsPerVariant } from './stats';

/** Without a lift of its own in the tables, an experiment is planned to find +10 % relative. */
export const DEFAULT_PLANNED_LIFT = 0.1;
/** The chance of finding the planned lift when it is there, as `plan` assumes by default. */
export const OUTLOOK_POWER = 0.8;
/** "This week": the traffic is averaged over the last days of the experiment up to this many. */
export const TRAFFIC_DAYS = 7;

export interface Outlook {
  /** Relative: 0.1 for +10 %. */
  plannedLift: number;
  plannedLiftFrom: 'tables' | 'default';
  /** Visitors each variant needs, rounded up; null while the control has no rate to plan from. */
  neededPerVariant: number | null;
  /** Visitors of all variants so far. */
  visitors: number;
  /** Visitors the experiment as a whole still needs for its slowest variant to have enough; 0 when met. */
  moreVisitors: number | null;
  /** The experiment's visitors a day over its last days (up to TRAFFIC_DAYS); null without days. */
  visitorsPerDay: number | null;
  /** How many calendar days that average is over. */
  trafficDays: number;
  /** moreVisitors at visitorsPerDay; null when either is unknown or nobody came. */
  moreDays: number | null;
}

export interface OutlookInput {
  plannedLift: number;
  plannedLiftFrom: Outlook['plannedLiftFrom'];
  test: { kind: 'sequential' | 'fixed'; plannedVisitors: number };
  /** Each comparison's level (the verdict's). */
  alpha: number;
  /** The control's visitors and registrations so far. */
  control: { visitors: number; registrations: number };
  /** Every variant the design names with its share of visitors and its visitors so far. */
  variants: { share: number; visitors: number }[];
  /** Visitors of all variants per day (YYYY-MM-DD, UTC). */
  days: { day: string; visitors: number }[];
}

const DAY_MS = 24 * 3600 * 1000;

/** Visitors a day over the last TRAFFIC_DAYS calendar days up to the last day with visitors (fewer when the experiment is younger). */
export function trafficOf(days: OutlookInput['days']): { visitorsPerDay: number | null; trafficDays: number } {
  const seen = days.filter((entry) => entry.visitors > 0).map((entry) => Date.parse(`${entry.day}T00:00:00Z`));
  if (!seen.length) return { visitorsPerDay: null, trafficDays: 0 };
  const last = Math.max(...seen);
  const first = Math.max(Math.min(...seen), last - (TRAFFIC_DAYS - 1) * DAY_MS);
  const trafficDays = Math.round((last - first) / DAY_MS) + 1;
  const visitors = days
    .filter((entry) => Date.parse(`${entry.day}T00:00:00Z`) >= first)
    .reduce((total, entry) => total + entry.visitors, 0);
  return { visitorsPerDay: visitors / trafficDays, trafficDays };
}

/** Visitors per variant the verdict's test needs to find the planned lift over `baseline`; null when no plan can be made from it. */
export function neededPerVariant(input: Pick<OutlookInput, 'plannedLift' | 'test' | 'alpha'>, baseline: number): number | null {
  const target = baseline * (1 + input.plannedLift);
  if (!(baseline > 0 && baseline < 1 && target > 0 && target < 1)) return null;
  const plan = { baseline, relativeEffect: input.plannedLift, alpha: input.alpha, power: OUTLOOK_POWER };
  // The sequence is tuned for the visitors of both sides together, as the verdict's comparison tunes it.
  const needed = input.test.kind === 'fixed' ? visitorsPerVariant(plan) : sequentialVisitorsNeeded(plan, 2 * input.test.plannedVisitors);
  return Math.ceil(needed);
}

export function outlookOf(input: OutlookInput): Outlook {
  const visitors = input.variants.reduce((total, variant) => total + variant.visitors, 0);
  const baseline = input.control.visitors > 0 ? input.control.registrations / input.control.visitors : 0;
  const needed = neededPerVariant(input, baseline);
  // The experiment's visitors split by the weights: the variant furthest behind for its share sets the pace.
  const moreVisitors =
    needed === null
      ? null
      : Math.ceil(
          Math.max(0, ...input.variants.map((variant) => (variant.share > 0 ? Math.max(0, needed - variant.visitors) / variant.share : 0))),
        );
  const { visitorsPerDay, trafficDays } = trafficOf(input.days);
  const moreDays = moreVisitors === null || !visitorsPerDay ? null : moreVisitors / visitorsPerDay;
  return {
    plannedLift: input.plannedLift,
    plannedLiftFrom: input.plannedLiftFrom,
    neededPerVariant: needed,
    visitors,
    moreVisitors,
    visitorsPerDay,
    trafficDays,
    moreDays,
  };
}
