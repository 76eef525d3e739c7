/**
 * The two plots of the QA page, drawn as inline SVG on the server: the funnel as bars per step, and each
 * vital's spread against its thresholds. Each carries a title and a description saying what it shows,
 * and the page prints the same figures as text beside it.
 */
import { escapeHtml } from '../../lib/html-escape';
import { count, NOT_ENOUGH_DATA, ratioText, vitalText } from '../shared/format';
import { COLOURS, svg } from '../shared/svg';
import type { FunnelLine, Histogram, VitalCell } from './report';
import { VITAL_RULES } from '../shared/thresholds';

/** Horizontal bars: the funnel's steps (from the step before) and then the fields, each as a share of the views. */
export function funnelBars(line: FunnelLine): string {
  const rows = [
    ...line.steps.map((step) => ({
      label: step.code,
      value: step.pageViews,
      note: !step.conversion
        ? `${count(step.pageViews)} views`
        : step.conversion.rate === null
          ? `${count(step.pageViews)} · ${NOT_ENOUGH_DATA}`
          : `${count(step.pageViews)} · ${ratioText(step.conversion)} of the step before`,
      colour: COLOURS.bar,
    })),
    ...line.fields.map((field) => ({ label: field.code, value: field.pageViews, note: count(field.pageViews), colour: COLOURS.field })),
  ];
  // Drawn at a phone's width, so its text stays legible there; wider screens scale it up to max-width.
  const width = 360;
  const rowHeight = 32;
  const top = Math.max(line.views, ...rows.map((row) => row.value), 1);
  const body = rows
    .map((row, index) => {
      const y = index * rowHeight;
      const barWidth = Math.max(row.value > 0 ? 2 : 0, (row.value / top) * width);
      return [
        `<text x="0" y="${y + 12}" font-size="11" fill="${COLOURS.ink}">${escapeHtml(row.label)}: ${escapeHtml(row.note)}</text>`,
        `<rect x="0" y="${y + 16}" width="${barWidth.toFixed(1)}" height="12" fill="${row.colour}"/>`,
      ].join('');
    })
    .join('');
  const description = rows.map((row) => `${row.label}: ${row.note}`).join('; ');
  return svg(width, rows.length * rowHeight, `Funnel of ${line.name}: page views per step`, description, body);
}

/** Page views per bin of one vital, coloured good / needs improvement / poor, with the thresholds and the p75 marked. */
export function vitalHistogram(histogram: Histogram, cell: VitalCell | undefined): string {
  const rule = VITAL_RULES[histogram.metric];
  const width = 360;
  const plotHeight = 100;
  const height = plotHeight + 30;
  const total = histogram.bins.reduce((sum, value) => sum + value, 0);
  const top = Math.max(...histogram.bins, 1);
  const barWidth = width / histogram.bins.length;
  const xOf = (value: number) => Math.min(width, (value / (rule.binWidth * histogram.bins.length)) * width);
  const bars = histogram.bins
    .map((value, bin) => {
      const start = bin * rule.binWidth;
      const colour = start + rule.binWidth <= rule.good ? COLOURS.good : start >= rule.poor ? COLOURS.poor : COLOURS.improve;
      const barHeight = (value / top) * plotHeight;
      return `<rect x="${(bin * barWidth).toFixed(1)}" y="${(plotHeight - barHeight).toFixed(1)}" width="${(barWidth - 1).toFixed(1)}" height="${barHeight.toFixed(1)}" fill="${colour}"/>`;
    })
    .join('');
  const unit = rule.unit ? ` ${rule.unit}` : '';
  const line = (value: number, label: string, dashed: boolean) => {
    const x = xOf(value).toFixed(1);
    return `<line x1="${x}" x2="${x}" y1="0" y2="${plotHeight}" stroke="${COLOURS.ink}" stroke-width="1.5"${dashed ? ' stroke-dasharray="4 3"' : ''}/><text x="${x}" y="${plotHeight + 12}" font-size="10" text-anchor="middle" fill="${COLOURS.ink}">${escapeHtml(label)}</text>`;
  };
  const p75 = cell?.p75 ?? null;
  const markers = [line(rule.good, `${rule.good}${unit}`, false), line(rule.poor, `${rule.poor}${unit}`, false)];
  if (p75 !== null) markers.push(line(Math.min(p75, rule.binWidth * histogram.bins.length), '', true));
  const axis = `<line x1="0" x2="${width}" y1="${plotHeight}" y2="${plotHeight}" stroke="${COLOURS.grid}"/><text x="0" y="${plotHeight + 26}" font-size="10" fill="${COLOURS.ink}">0</text><text x="${width}" y="${plotHeight + 26}" font-size="10" text-anchor="end" fill="${COLOURS.ink}">${escapeHtml(`${rule.binWidth * (histogram.bins.length - 1)}${unit} and more`)}</text>`;
  const description = [
    `${count(total)} page views measured`,
    `p75 ${vitalText(histogram.metric, p75)} (dashed line)`,
    cell ? `good (≤ ${rule.good}${unit}): ${ratioText(cell.good)}, poor (> ${rule.poor}${unit}): ${ratioText(cell.poor)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return svg(
    width,
    height,
    `${rule.label}: page views by value, thresholds ${rule.good} and ${rule.poor}${unit}`,
    description,
    bars + axis + markers.join(''),
  );
}
