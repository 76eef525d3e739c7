/**
 * An experiment's verdict as a marketer reads it: what to do, in words, with the lift as "about 12 % more"
 * and how long the planned lift still needs. The statisticians' figures (p, the interval's kind, the
 * sample-ratio test) stay in format.ts, shown below for those who want them. Pure.
 */
import { count } from '../shared/format';
import type { Vital } from '../shared/thresholds';
import type { Outlook } from './outlook';
import type { ExperimentLine, Lift, VariantLine } from './report';

/** What a guardrail's breach means to the page's visitors. */
const VITAL_WORDS: Record<Vital, string> = {
  lcp: 'shows its main content later',
  inp: 'answers taps more slowly',
  cls: 'jumps more while it loads',
};

/** A whole percent, or one decimal under 1 %: "12%", "0.4%". */
function percentWords(share: number): string {
  const value = Math.abs(share * 100);
  return `${value < 1 && value > 0 ? value.toFixed(1) : Math.round(value)}%`;
}

/** With its sign: "+12%", "−4%". */
const signedWords = (share: number): string => `${share < 0 ? '−' : '+'}${percentWords(share)}`;

/** "about 9,400": two significant figures, exact under 100. */
export function aboutCount(value: number): string {
  if (value < 100) return count(Math.ceil(value));
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return count(Math.round(value / unit) * unit);
}

/** "roughly 6 days"; a fraction of a day is a day. */
export function daysWords(days: number): string {
  if (days > 365) return 'more than a year';
  const whole = Math.max(1, Math.ceil(days));
  return `roughly ${whole} ${whole === 1 ? 'day' : 'days'}`;
}

/** "between 4% and 20%" for a gain, "between 5% and 25% fewer" read the other way for a loss. */
function rangeWords(lift: Lift, sign: 1 | -1): string {
  const [low, high] = sign === 1 ? [lift.low, lift.high] : [-lift.high, -lift.low];
  return low < 0
    ? `between ${signedWords(sign * low)} and ${signedWords(sign * high)}`
    : `between ${percentWords(low)} and ${percentWords(high)}`;
}

/** How far the planned lift is: "about 9,400 more visitors — roughly 6 days at this week's traffic — before a 10% lift could show". */
export function outlookWords(outlook: Outlook): string {
  const lift = `a ${percentWords(outlook.plannedLift)} lift`;
  if (outlook.moreVisitors === null) return `no registration in the control yet, so how many visitors ${lift} needs cannot be told`;
  if (outlook.moreVisitors === 0) return `it has the visitors for ${lift} to have shown`;
  const more = `about ${aboutCount(outlook.moreVisitors)} more visitors`;
  if (outlook.moreDays === null) return `${more} before ${lift} could show (no visitors came lately to tell how long that takes)`;
  return `${more} — ${daysWords(outlook.moreDays)} at this week's traffic — before ${lift} could show`;
}

const sinceWords = (line: ExperimentLine): string => (line.verdictSince ? `, since ${line.verdictSince}` : '');

function winnerWords(line: ExperimentLine, winner: VariantLine): string {
  const amount = winner.lift
    ? `about ${percentWords(winner.lift.value)} more (${rangeWords(winner.lift, 1)})`
    : `the control has no registration yet`;
  const slow = line.guardrailWarnings.length
    ? ` But its page ${line.guardrailWarnings.map((metric) => VITAL_WORDS[metric]).join(' and ')} than ${line.control}'s: weigh that before rolling it out.`
    : '';
  return `${winner.name} brings more registrations than ${line.control}: ${amount}${sinceWords(line)}.${slow}`;
}

function loserWords(line: ExperimentLine, challengers: VariantLine[]): string {
  const each = challengers.map((variant) =>
    variant.lift ? `${variant.name} about ${percentWords(variant.lift.value)} fewer (${rangeWords(variant.lift, -1)} fewer)` : variant.name,
  );
  const than = challengers.length === 1 ? challengers[0].name : 'every variant';
  return `${line.control} brings more registrations than ${than}: ${each.join('; ')}${sinceWords(line)}. Keep ${line.control}.`;
}

/** "control 50% / b 50%". */
const splitWords = (entries: { name: string; share: number }[]): string =>
  entries.map((entry) => `${entry.name} ${Math.round(entry.share * 1000) / 10}%`).join(' / ');

function mismatchWords(line: ExperimentLine): string {
  const total = line.variants.reduce((sum, variant) => sum + variant.visitors, 0);
  const planned = line.variants.flatMap((variant) => (variant.weight === null ? [] : [{ name: variant.name, share: variant.weight }]));
  const came = line.variants.map((variant) => ({ name: variant.name, share: total ? variant.visitors / total : 0 }));
  const extra = line.unexpectedVariants.length
    ? ` Visitors also came to ${line.unexpectedVariants.join(', ')}, which the design does not name.`
    : '';
  return `Stop: the split is off (sample-ratio mismatch) — check the set-up before reading. Planned ${splitWords(planned)}; came ${splitWords(came)}.${extra}`;
}

/** What a reader acts on first: a broken split, then verdicts, then what still runs, then what has not begun. */
const READING_ORDER: Record<ExperimentLine['verdict'], number> = {
  'sample ratio mismatch': 0,
  'variant wins': 1,
  'control wins': 2,
  'no difference yet': 3,
  'not enough data': 4,
};

/** The experiments in the order a marketer reads them, those without a visitor last; by name within each. */
export function readingOrder<T extends ExperimentLine>(lines: readonly T[]): T[] {
  const rank = (line: ExperimentLine) => (line.outlook.visitors === 0 ? 5 : READING_ORDER[line.verdict]);
  return [...lines].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The verdict in words, the first thing a reader meets about an experiment. */
export function plainVerdict(line: ExperimentLine, minVisitors: number): string {
  const challengers = line.variants.filter((variant) => !variant.control && variant.weight !== null);
  if (line.outlook.visitors === 0) return 'No visitors yet.';
  switch (line.verdict) {
    case 'sample ratio mismatch':
      return mismatchWords(line);
    case 'not enough data': {
      const short = line.variants.filter((variant) => variant.weight !== null && variant.visitors < minVisitors);
      return `Too early: each variant needs ${count(minVisitors)} visitors before they are compared (${short.map((variant) => `${variant.name} has ${count(variant.visitors)}`).join(', ')}); ${outlookWords(line.outlook)}.`;
    }
    case 'variant wins': {
      const winner = line.variants.find((variant) => variant.name === line.winner);
      return winner ? winnerWords(line, winner) : 'A variant brings more registrations.';
    }
    case 'control wins':
      return loserWords(line, challengers);
    case 'no difference yet': {
      const sofar = challengers
        .map((variant) =>
          variant.lift ? `${variant.name} ${signedWords(variant.lift.value)} so far (${rangeWords(variant.lift, 1)})` : null,
        )
        .filter(Boolean);
      const head =
        line.outlook.moreVisitors === 0
          ? `No difference: ${outlookWords(line.outlook)}, and none did`
          : `No difference yet: ${outlookWords(line.outlook)}`;
      return `${head}.${sofar.length ? ` ${sofar.join('; ')}.` : ''}`;
    }
  }
}

/** "4,000 visitors so far (control 2,000, bold 2,000)". */
export function visitorsWords(line: ExperimentLine): string {
  const total = line.variants.reduce((sum, variant) => sum + variant.visitors, 0);
  return `${count(total)} visitors so far (${line.variants.map((variant) => `${variant.name} ${count(variant.visitors)}`).join(', ')})`;
}

/** Where the planned lift comes from: "The planned lift, 10%, is the report's default." */
export function plannedLiftWords(line: ExperimentLine): string {
  const lift = percentWords(line.outlook.plannedLift);
  return line.outlook.plannedLiftFrom === 'tables'
    ? `The planned lift, ${lift}, is the experiment's own.`
    : `The planned lift, ${lift}, is the report's default.`;
}
