import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  CREATIVE_FAMILIES,
  describeCreative,
  isCreativeFileName,
  type CreativeChoice,
  type CreativeFamily,
} from '../../src/domain/creatives';
import type { Brand } from '../../src/domain/links';
import { CREATIVE_SVG_DIR, paintCreative } from '../../tables/hero-creatives';
import { CREATIVES_DIR } from '../../tables/creative-files';
import { checkSite } from '../../tables/load';
import { buildPromoReport, statusCell, type PromoReport, type ReportRow } from '../../tables/promo-report';
import { THEMES } from '../../src/styles/themes';
import { escapeHtml } from '../../lib/html-escape';
import { previewHref } from '../../lib/preview';
import { contentTypeFor } from '../mime';

/** The QA index lives beside the stand-in, never in the published public/. */
export const QA_PATH = '/__qa/';
/** The funnel report over the stand-in's event log (qa-funnel.ts). */
export const QA_FUNNEL_PATH = `${QA_PATH}funnel`;

const FILTERS = ['brand', 'country', 'category', 'status'] as const;
type Filter = (typeof FILTERS)[number];

const BADGE: Record<string, string> = {
  upcoming: '#6d28d9',
  permanent: '#2d6a4f',
  active: '#1d4ed8',
  expiring: '#b45309',
  expired: '#b91c1c',
};

function options(rows: ReportRow[], filter: Filter, chosen: string | undefined): string {
  const values = [...new Set(rows.map((row) => String(row[filter])))].sort();
  return [
    `<option value="">all</option>`,
    ...values.map((value) => `<option${value === chosen ? ' selected' : ''}>${escapeHtml(value)}</option>`),
  ].join('');
}

/** Thumbnails of the creatives, from their sources: a default drawn in its brand's colours, a table file as it is. */
const CREATIVE_PATH = `${QA_PATH}creative/`;

function thumbnail(choice: CreativeChoice): string {
  const src =
    choice.source === 'default'
      ? `${CREATIVE_PATH}default/${choice.brand}/${choice.family}.svg`
      : `${CREATIVE_PATH}file/${choice.file.split('/').map(encodeURIComponent).join('/')}`;
  const mirrored = choice.source === 'default' && choice.mirrored ? ' style="transform:scaleX(-1)"' : '';
  return `<img src="${escapeHtml(src)}" width="96" height="48" alt="" loading="lazy"${mirrored}> ${escapeHtml(describeCreative(choice))}`;
}

/** The running A/B experiments: each variant with its weight and what it changes, and a link to its page on every landing. */
function experimentsSection(report: PromoReport): string {
  if (!report.experiments.length) return '<p>No A/B experiment runs.</p>';
  const rows = report.experiments.map((experiment) => {
    const variants = experiment.variants
      .map((variant) => `<li><b>${escapeHtml(variant.id)}</b> ${variant.weight}%: ${escapeHtml(variant.differs)}</li>`)
      .join('');
    const pages = experiment.landings
      .map(
        ({ landing, pages: variantPages }) =>
          `<li>${escapeHtml(landing)}: ${variantPages
            .map(
              (variantPage) =>
                `<a href="${escapeHtml(previewHref(`/promo${variantPage.path}`, 'qa'))}">${escapeHtml(variantPage.variant)}</a>`,
            )
            .join(' · ')}</li>`,
      )
      .join('');
    return `<tr class="experiment"><td>${escapeHtml(experiment.id)}<br><small>${escapeHtml(experiment.writtenIn)}</small></td><td><ul>${variants}</ul></td><td><ul>${pages}</ul></td></tr>`;
  });
  return `<table class="experiments"><thead><tr><th>experiment</th><th>variants and weights</th><th>each variant's page</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p>A visitor keeps their variant (a cookie); at the landing's address each sees their own. The links open a variant's page itself, whatever the cookie.</p>`;
}

function page(dataDir: string, publicDir: string, query: Partial<Record<Filter, string>>): string {
  const now = Date.now();
  const report = buildPromoReport(checkSite(dataDir, now), now);
  const shown = report.rows.filter((row) => FILTERS.every((filter) => !query[filter] || String(row[filter]) === query[filter]));
  const problems = report.problems
    .map((p) => `<li class="${p.severity}">${escapeHtml(`${p.severity}: ${p.file}: ${p.entry}: ${p.message}`)}</li>`)
    .join('');
  const rows = shown
    .map((row) => {
      const sitePath = `/${row.brand}/${row.country}/${row.slug}/`;
      const built = existsSync(path.join(publicDir, row.brand, row.country, row.slug, 'index.html'));
      const status = statusCell(row);
      const experiment = row.experiment ? ` <span class="badge" style="background:#6d28d9">A/B ${escapeHtml(row.experiment)}</span>` : '';
      return [
        '<tr>',
        `<td>${escapeHtml(row.brand)}</td><td>${escapeHtml(row.country)}</td>`,
        `<td>${built ? `<a href="${escapeHtml(previewHref(`/promo${sitePath}`, 'qa'))}">${escapeHtml(row.slug)}</a>` : `${escapeHtml(row.slug)} (not built)`}</td>`,
        `<td>${escapeHtml(row.category)}</td><td>${escapeHtml(row.promoCode)} / ${row.promoId}</td><td>${escapeHtml(row.ends)}</td>`,
        `<td><span class="badge" style="background:${BADGE[row.status]}">${escapeHtml(status)}</span>${experiment}</td>`,
        `<td class="creative">${thumbnail(row.creative)}</td>`,
        `<td><a href="/promo/page-data${escapeHtml(sitePath)}page-data.json">page-data.json</a></td>`,
        '</tr>',
      ].join('');
    })
    .join('\n');
  const form = FILTERS.map(
    (filter) => `<label>${filter} <select name="${filter}">${options(report.rows, filter, query[filter])}</select></label>`,
  ).join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>QA index: ${shown.length} of ${report.rows.length} landings</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#111}
table{border-collapse:collapse;width:100%}th,td{padding:4px 8px;border-bottom:1px solid #ddd;text-align:start}
.badge{color:#fff;border-radius:4px;padding:2px 6px;white-space:nowrap}
td.creative{white-space:nowrap}td.creative img{vertical-align:middle;border-radius:4px;object-fit:cover;background:#ddd}
table.experiments ul{margin:0;padding-inline-start:16px}
li.error{color:#b91c1c}li.warning{color:#b45309}form{margin:12px 0;display:flex;flex-wrap:wrap;gap:12px}
</style></head><body>
<h1>QA index: every landing of the tables</h1>
<p>${report.brands.map((b) => escapeHtml(`${b.brand}: ${b.landings}`)).join(' · ')} · as of ${escapeHtml(report.asOf)}. Not part of the published site.</p>
<p><a href="${QA_FUNNEL_PATH}">Funnel report</a>: views, registration steps and Core Web Vitals per landing, from the tracking events the stand-in has logged.</p>
${problems ? `<h2>Problems</h2><ul>${problems}</ul>` : '<p>No table problems.</p>'}
<h2>A/B experiments</h2>
${experimentsSection(report)}
<form method="get" action="${QA_PATH}">${form} <button type="submit">Filter</button></form>
<p>${shown.length} landings shown.</p>
<table><thead><tr><th>brand</th><th>country</th><th>landing</th><th>category</th><th>promo code / id</th><th>ends</th><th>status</th><th>creative</th><th>data</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}

export function registerQaIndex(app: FastifyInstance, { dataDir, publicDir }: { dataDir: string; publicDir: string }): void {
  app.get('/__qa', async (_request, reply) => reply.redirect(QA_PATH, 301));
  app.get(`${CREATIVE_PATH}default/:brand/:family.svg`, async (request, reply) => {
    const { brand, family } = request.params as { brand: string; family: string };
    if (!(brand in THEMES) || !(CREATIVE_FAMILIES as readonly string[]).includes(family)) return reply.code(404).send('no such creative');
    const svg = paintCreative(readFileSync(path.join(CREATIVE_SVG_DIR, `${family as CreativeFamily}.svg`), 'utf8'), brand as Brand);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
  });
  app.get(`${CREATIVE_PATH}file/*`, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    const full = path.join(dataDir, CREATIVES_DIR, file);
    if (!isCreativeFileName(file) || !existsSync(full)) return reply.code(404).send('no such creative');
    return reply.type(contentTypeFor(full)).header('cache-control', 'no-store').send(readFileSync(full));
  });
  app.get(QA_PATH, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query = Object.fromEntries(
      FILTERS.map((filter) => [filter, typeof raw[filter] === 'string' ? (raw[filter] as string) : undefined]),
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(dataDir, publicDir, query));
  });
}
