/**
 * The report as a page of the stand-in's QA index (/__qa/funnel): the experiments' verdicts first, then the
 * problems, the plots of the chosen landing, brand or country (all landings by default), then the tables.
 * Readable on a phone: the plots scale to the screen, the wide tables scroll sideways.
 */
import { escapeHtml } from '../../lib/html-escape';
import { renderExperimentsHtml } from '../experiments/html';
import { FIELD_STEPS, FUNNEL_STEPS } from './codes';
import { count, NOT_ENOUGH_DATA, previewsText, ratioText, registrationsText, thresholdText, vitalText } from '../shared/format';
import { groupName, type FunnelLine, type FunnelReport, type VitalsLine } from './report';
import { funnelBars, vitalHistogram } from './svg';
import { CONSENT_HEADERS, CONSENT_NOTE, CONSENT_TITLE, consentCells } from './consent';
import { VITAL_RULES, VITALS } from '../shared/thresholds';

const keyOf = (line: FunnelLine | VitalsLine): string => `${line.level}:${groupName(line)}`;

function cell(text: string, className = ''): string {
  const classes = [text === NOT_ENOUGH_DATA ? 'nodata' : '', className].filter(Boolean).join(' ');
  return `<td${classes ? ` class="${classes}"` : ''}>${escapeHtml(text)}</td>`;
}

function groupLink(line: FunnelLine | VitalsLine, path: string): string {
  // A landing's name may break after its slashes: on a phone the name column takes less of the screen.
  const name = line.name.split('/').map(escapeHtml).join('/<wbr>');
  return `<a href="${escapeHtml(`${path}?group=${encodeURIComponent(keyOf(line))}`)}">${name}</a>`;
}

function funnelTable(caption: string, lines: readonly FunnelLine[], path: string): string {
  if (!lines.length) return '';
  const head = ['', 'views', 'visitors', ...FUNNEL_STEPS.slice(1), 'registrations / 100 views (95 % CI)', ...FIELD_STEPS];
  const rows = lines.map((line) =>
    [
      `<th scope="row">${groupLink(line, path)}</th>`,
      cell(count(line.views)),
      cell(count(line.visitors)),
      ...line.steps.slice(1).map((step) => {
        const rate = step.conversion ? ratioText(step.conversion) : '';
        return `<td>${escapeHtml(count(step.pageViews))}<br><span${rate === NOT_ENOUGH_DATA ? ' class="nodata"' : ''}>${escapeHtml(rate)}</span></td>`;
      }),
      cell(registrationsText(line.registrations)),
      ...line.fields.map((field) => cell(count(field.pageViews))),
    ].join(''),
  );
  return table(caption, head, rows);
}

function vitalsTable(caption: string, lines: readonly VitalsLine[], path: string): string {
  if (!lines.length) return '';
  const head = ['', ...VITALS.flatMap((metric) => [`${VITAL_RULES[metric].label} p75`, 'good', 'measured'])];
  const rows = lines.map((line) =>
    [
      `<th scope="row">${groupLink(line, path)}</th>`,
      ...line.cells.flatMap((vital) => [
        cell(`${vitalText(vital.metric, vital.p75)}${vital.overThreshold ? ' (over)' : ''}`, vital.overThreshold ? 'over' : ''),
        cell(ratioText(vital.good)),
        cell(count(vital.measured)),
      ]),
    ].join(''),
  );
  return table(caption, head, rows);
}

function consentTable(report: FunnelReport): string {
  if (!report.consent.length) return '';
  const rows = report.consent.map((line) => {
    const [market, ...rest] = consentCells(line, count, ratioText);
    return [`<th scope="row">${escapeHtml(market)}</th>`, ...rest.map((text) => cell(text))].join('');
  });
  return `${table(CONSENT_TITLE, CONSENT_HEADERS, rows)}\n<p>${escapeHtml(CONSENT_NOTE)}</p>`;
}

function table(caption: string, head: string[], rows: string[]): string {
  return [
    // Focusable, so a keyboard can scroll a table wider than the screen; named by its caption.
    `<div class="scroll" tabindex="0" role="region" aria-label="${escapeHtml(caption)}"><table><caption>${escapeHtml(caption)}</caption>`,
    `<thead><tr>${head.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row}</tr>`).join('\n')}</tbody></table></div>`,
  ].join('\n');
}

function chooser(report: FunnelReport, chosen: string, path: string): string {
  const option = (line: FunnelLine) =>
    `<option value="${escapeHtml(keyOf(line))}"${keyOf(line) === chosen ? ' selected' : ''}>${escapeHtml(line.name)}</option>`;
  const groups: [string, FunnelLine[]][] = [
    ['brands', report.funnel.brand],
    ['countries', report.funnel.country],
    ['landings', report.funnel.landing],
  ];
  return [
    `<form method="get" action="${escapeHtml(path)}"><label>Plots of <select name="group">`,
    ...report.funnel.all.map(option),
    ...groups.map(([label, lines]) => `<optgroup label="${label}">${lines.map(option).join('')}</optgroup>`),
    '</select></label> <button type="submit">Show</button></form>',
  ].join('');
}

function plots(report: FunnelReport, chosen: string): string {
  const line = [...report.funnel.all, ...report.funnel.brand, ...report.funnel.country, ...report.funnel.landing].find(
    (entry) => keyOf(entry) === chosen,
  );
  if (!line) return '<p>No page views for this choice inside the dates.</p>';
  const vitals = [...report.vitals.all, ...report.vitals.brand, ...report.vitals.country, ...report.vitals.landing].find(
    (entry) => keyOf(entry) === chosen,
  );
  const histograms = report.histograms[chosen] ?? [];
  const figures = histograms.map((histogram) => {
    const vital = vitals?.cells.find((entry) => entry.metric === histogram.metric);
    const rule = VITAL_RULES[histogram.metric];
    const caption = vital
      ? `${rule.label}: p75 ${vitalText(vital.metric, vital.p75)}; good ${ratioText(vital.good)}, poor ${ratioText(vital.poor)} of ${count(vital.measured)} page views measured.`
      : `${rule.label}: no page view measured.`;
    return `<figure>${vitalHistogram(histogram, vital)}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
  });
  const funnelCaption = `${line.name}: ${count(line.views)} views, ${count(line.visitors)} visitors, registrations per 100 views ${registrationsText(line.registrations)}.`;
  return [
    `<h2>${escapeHtml(line.name)}</h2>`,
    `<figure>${funnelBars(line)}<figcaption>${escapeHtml(funnelCaption)}</figcaption></figure>`,
    `<h3>Core Web Vitals of ${escapeHtml(line.name)}</h3>`,
    `<p>Green: good, amber: needs improvement, red: poor; solid lines at the thresholds, dashed at the 75th percentile.</p>`,
    ...figures,
  ].join('\n');
}

export interface PageOptions {
  /** The page's own path, for its links. */
  path: string;
  /** The QA index, linked back to. */
  indexPath: string;
  /** "level:name" of the group whose plots to show; all landings when absent or unknown. */
  group?: string;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#111;max-width:1200px}
.scroll{overflow-x:auto;margin:12px 0}table{border-collapse:collapse;font-variant-numeric:tabular-nums}
caption{text-align:start;font-weight:600;padding:4px 0}th,td{padding:4px 8px;border-bottom:1px solid #ddd;text-align:end;white-space:nowrap}
thead th{white-space:normal;vertical-align:bottom;min-width:5em}
th[scope=row],thead th:first-child{text-align:start;position:sticky;left:0;background:#fff;white-space:normal;max-width:40vw}
.nodata{color:#666;font-style:italic}.over{color:#b91c1c;font-weight:600}
p.verdict{font-size:16px;font-weight:600}section.experiment{margin:16px 0 24px}figure{margin:12px 0}figcaption{margin-top:4px}li.problem{color:#b91c1c}
p,li,h1,h2,h3,h4,figcaption,summary{overflow-wrap:anywhere}form{margin:12px 0}select{max-width:100%}`;

export function renderFunnelPage(report: FunnelReport, options: PageOptions): string {
  const { totals } = report;
  const lines = [...report.funnel.all, ...report.funnel.brand, ...report.funnel.country, ...report.funnel.landing];
  const chosen = lines.some((line) => keyOf(line) === options.group) ? (options.group as string) : 'all:all landings';
  const problems = report.problems.length
    ? `<h2>Problems (${report.problems.length})</h2><ul>${report.problems.map((problem) => `<li class="problem">${escapeHtml(problem.text)}</li>`).join('')}</ul>`
    : '<p>No problems.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Funnel report: ${escapeHtml(count(totals.pageViews))} page views</title>
<style>${STYLE}</style></head><body>
<p><a href="${escapeHtml(options.indexPath)}">QA index</a></p>
<h1>Experiments and funnel</h1>
${renderExperimentsHtml(report.experiments, { cell, table })}
<h2>Funnel and speed per landing</h2>
<p>${escapeHtml(report.source)}: ${escapeHtml(count(totals.lines))} lines, ${escapeHtml(count(totals.events))} events, ${escapeHtml(count(totals.keptOut))} kept out, ${escapeHtml(count(totals.pageViews))} page views; ${escapeHtml(previewsText(totals.previews))}. Not part of the published site; <code>npm run funnel</code> prints the same.</p>
<p>A rate over fewer than ${report.minPageViews} page views shows as “${NOT_ENOUGH_DATA}”. Steps show page views and, below, the conversion from the step before. Good: ${escapeHtml(VITALS.map(thresholdText).join(', '))} at the 75th percentile.</p>
${problems}
${chooser(report, chosen, options.path)}
${plots(report, chosen)}
${funnelTable('Funnel per brand', report.funnel.brand, options.path)}
${funnelTable('Funnel per country', report.funnel.country, options.path)}
${funnelTable('Funnel per landing', report.funnel.landing, options.path)}
${vitalsTable('Core Web Vitals per landing', report.vitals.landing, options.path)}
${consentTable(report)}
</body></html>`;
}

/** The page when there is nothing to report on yet. */
export function renderNoLogPage(message: string, indexPath: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Funnel report: no events</title><style>${STYLE}</style></head><body>
<p><a href="${escapeHtml(indexPath)}">QA index</a></p>
<h1>Experiments and funnel</h1>
<p>${escapeHtml(message)}</p>
</body></html>`;
}
