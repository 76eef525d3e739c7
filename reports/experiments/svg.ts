/**
 * The lift of a variant over the control as it stood at each day's end: its interval as a bar, its value
 * as a dot, zero (no difference) as a dashed line, and the day the verdict was reached marked. With the
 * always-valid test the bars narrow as visitors come and any day's may be acted on. The page prints the
 * same figures as a table beside it.
 */
import { escapeHtml } from '../../lib/html-escape';
import { COLOURS, svg } from '../shared/svg';
import { liftValueText, signed } from './format';
import type { ExperimentLine, Lift } from './report';

export interface LiftPoint {
  day: string;
  /** Visitors of the variant and of the control by the day's end. */
  visitors: number;
  controlVisitors: number;
  /** Null while the day had no verdict (too few visitors, a mismatch) or no registration at all. */
  lift: Lift | null;
}

export function liftSeries(line: ExperimentLine, variant: string): LiftPoint[] {
  return line.days.map((day) => ({
    day: day.day,
    visitors: day.variants.find((entry) => entry.name === variant)?.visitors ?? 0,
    controlVisitors: day.variants.find((entry) => entry.name === line.control)?.visitors ?? 0,
    lift: day.variants.find((entry) => entry.name === variant)?.lift ?? null,
  }));
}

/** The day the verdict naming this variant (or the control against it) was reached, if it was. */
export function reachedDay(line: ExperimentLine, variant: string): string | null {
  const named = line.verdict === 'variant wins' ? line.winner === variant : line.verdict === 'control wins';
  return named ? line.verdictSince : null;
}

/** Early days' intervals can be many times the later ones; past these the bar runs off the plot's edge. */
const FLOOR = -1;
const CEILING = 3;

export function liftOverTime(line: ExperimentLine, variant: string): string {
  const points = liftSeries(line, variant);
  const lifts = points.flatMap((point) => (point.lift ? [point.lift] : []));
  const width = 360;
  // Room on the left for "−100.0%", above for the top label's upper half.
  const left = 58;
  const top = 8;
  const plotHeight = 150;
  const bottom = top + plotHeight;
  const height = bottom + 34;
  const low = Math.max(FLOOR, Math.min(0, ...lifts.map((lift) => lift.low)));
  const high = Math.min(CEILING, Math.max(0, ...lifts.map((lift) => lift.high)));
  const span = high - low || 1;
  const yOf = (value: number) => (top + ((high - Math.min(high, Math.max(low, value))) / span) * plotHeight).toFixed(1);
  const step = (width - left) / Math.max(points.length, 1);
  const xOf = (index: number) => (left + step * (index + 0.5)).toFixed(1);
  const bars = points
    .map((point, index) =>
      point.lift
        ? `<line x1="${xOf(index)}" x2="${xOf(index)}" y1="${yOf(point.lift.low)}" y2="${yOf(point.lift.high)}" stroke="${COLOURS.bar}" stroke-width="${Math.max(1, Math.min(4, step / 3)).toFixed(1)}"/><circle cx="${xOf(index)}" cy="${yOf(point.lift.value)}" r="2.5" fill="${COLOURS.ink}"/>`
        : '',
    )
    .join('');
  const zero = `<line x1="${left}" x2="${width}" y1="${yOf(0)}" y2="${yOf(0)}" stroke="${COLOURS.ink}" stroke-dasharray="4 3"/>`;
  const label = (value: number) =>
    `<text x="${left - 4}" y="${(Number(yOf(value)) + 4).toFixed(1)}" font-size="11" text-anchor="end" fill="${COLOURS.ink}">${escapeHtml(value === 0 ? '0' : signed(value))}</text>`;
  const axis = [
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" stroke="${COLOURS.grid}"/>`,
    ...[high, 0, low].filter((value, index, all) => all.indexOf(value) === index).map(label),
    points.length
      ? `<text x="${left}" y="${bottom + 14}" font-size="11" fill="${COLOURS.ink}">${escapeHtml(points[0].day)}</text><text x="${width}" y="${bottom + 14}" font-size="11" text-anchor="end" fill="${COLOURS.ink}">${escapeHtml(points[points.length - 1].day)}</text>`
      : '',
  ].join('');
  const reached = reachedDay(line, variant);
  const reachedIndex = reached === null ? -1 : points.findIndex((point) => point.day === reached);
  const marker =
    reachedIndex >= 0
      ? `<line x1="${xOf(reachedIndex)}" x2="${xOf(reachedIndex)}" y1="${top}" y2="${bottom}" stroke="${COLOURS.good}" stroke-width="1.5" stroke-dasharray="2 2"/><text x="${Number(xOf(reachedIndex)) > width / 2 ? (Number(xOf(reachedIndex)) - 4).toFixed(1) : (Number(xOf(reachedIndex)) + 4).toFixed(1)}" y="${bottom + 28}" font-size="11" text-anchor="${Number(xOf(reachedIndex)) > width / 2 ? 'end' : 'start'}" fill="${COLOURS.good}">${escapeHtml(`${line.verdict} from ${reached}`)}</text>`
      : '';
  const first = points.find((point) => point.lift);
  const last = [...points].reverse().find((point) => point.lift);
  const description = [
    `${points.length} ${points.length === 1 ? 'day' : 'days'}`,
    first?.lift ? `first interval ${first.day}: ${liftValueText(first.lift)}` : 'no interval yet',
    last?.lift && last !== first ? `last ${last.day}: ${liftValueText(last.lift)}` : '',
    reached ? `${line.verdict} from ${reached}` : `verdict: ${line.verdict}`,
  ]
    .filter(Boolean)
    .join('; ');
  return svg(
    width,
    height,
    `${line.name}: lift of ${variant} over ${line.control} by day, with its interval; dashed line at no difference`,
    description,
    axis + zero + bars + marker,
  );
}
