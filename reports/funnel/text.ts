/** The report for a terminal: the experiments first, then the problems, the funnel per brand, country and landing, and the vitals. */
import { renderExperimentsText } from '../experiments/text';
import { FIELD_STEPS, FUNNEL_STEPS } from './codes';
import { count, NOT_ENOUGH_DATA, previewsText, ratioText, registrationsText, thresholdText, vitalText } from '../shared/format';
import type { FunnelLine, FunnelReport, VitalsLine } from './report';
import { CONSENT_HEADERS, CONSENT_NOTE, CONSENT_TITLE, consentCells } from './consent';
import { VITAL_RULES, VITALS } from '../shared/thresholds';

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const stepCell = (line: FunnelLine, index: number): string => {
  const step = line.steps[index];
  return step.conversion ? `${count(step.pageViews)} (${ratioText(step.conversion)})` : count(step.pageViews);
};

function funnelTable(title: string, lines: readonly FunnelLine[]): string {
  const headers = ['', 'views', 'visitors', ...FUNNEL_STEPS.slice(1), 'registrations/100 views (95% CI)', ...FIELD_STEPS];
  const rows = lines.map((line) => [
    line.name,
    count(line.views),
    count(line.visitors),
    ...FUNNEL_STEPS.slice(1).map((_, index) => stepCell(line, index + 1)),
    registrationsText(line.registrations),
    ...line.fields.map((field) => count(field.pageViews)),
  ]);
  return `${title}\n${table(headers, rows)}`;
}

function vitalsTable(title: string, lines: readonly VitalsLine[]): string {
  const headers = ['', ...VITALS.flatMap((metric) => [`${VITAL_RULES[metric].label} p75`, 'good', 'measured'])];
  const rows = lines.map((line) => [
    line.name,
    ...line.cells.flatMap((cell) => [
      `${vitalText(cell.metric, cell.p75)}${cell.overThreshold ? ' !' : ''}`,
      ratioText(cell.good),
      count(cell.measured),
    ]),
  ]);
  return `${title}\n${table(headers, rows)}`;
}

export function renderText(report: FunnelReport): string {
  const dates = report.from || report.to ? `${report.from ?? 'the start'} to ${report.to ?? 'the end'}` : 'all';
  const { totals } = report;
  const head = [
    `Funnel report of ${report.source}`,
    `Dates (event.date, UTC): ${dates}`,
    `${count(totals.lines)} lines read: ${count(totals.events)} events, ${count(totals.keptOut)} kept out; ${count(totals.eventsInWindow)} events inside the dates, ${count(totals.pageViews)} page views; ${previewsText(totals.previews)}.`,
    `A rate over fewer than ${report.minPageViews} page views shows as "${NOT_ENOUGH_DATA}". Steps show page views and the conversion from the step before.`,
    `Good: ${VITALS.map(thresholdText).join(', ')} ("!": p75 over it).`,
  ].join('\n');
  const problems = report.problems.length
    ? `PROBLEMS (${report.problems.length})\n${report.problems.map((problem) => `- ${problem.text}`).join('\n')}`
    : 'PROBLEMS: none';
  const all = report.funnel.all[0];
  const overall = all
    ? `Over all landings: ${count(all.views)} views, ${count(all.visitors)} visitors, ${count(all.registrations.count)} registrations; per 100 views (95% CI): ${registrationsText(all.registrations)}.`
    : 'No page views inside the dates.';
  return [
    head,
    renderExperimentsText(report.experiments, table),
    problems,
    overall,
    funnelTable('FUNNEL PER BRAND', report.funnel.brand),
    funnelTable('FUNNEL PER COUNTRY', report.funnel.country),
    funnelTable('FUNNEL PER LANDING', report.funnel.landing),
    vitalsTable('CORE WEB VITALS PER LANDING', report.vitals.landing),
    `${CONSENT_TITLE.toUpperCase()}\n${table(
      CONSENT_HEADERS,
      report.consent.map((line) => consentCells(line, count, ratioText)),
    )}\n${CONSENT_NOTE}`,
  ].join('\n\n');
}
