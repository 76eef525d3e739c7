/**
 * The editor's page for finding landings and changing one field over all it found: a form of our own
 * beside Decap's (which edits one file at a time), under the editor's policy. Its script is
 * client/bulk.js; the choices are read from the tables when the page is served.
 */
import { escapeHtml } from '../../lib/html-escape';
import { BULK_FIELDS, STATUSES } from './bulk';
import { ADMIN_PATH, EDITOR_PAGE_START } from './page';

export const BULK_PAGE_PATH = `${ADMIN_PATH}landings`;

export interface BulkChoices {
  brands: readonly string[];
  countries: readonly string[];
  slugs: readonly string[];
}

function select(name: string, label: string, options: readonly string[], any = 'any'): string {
  const items = [`<option value="">${escapeHtml(any)}</option>`, ...options.map((option) => `<option>${escapeHtml(option)}</option>`)];
  return `<label>${escapeHtml(label)} <select name="${name}">${items.join('')}</select></label>`;
}

export function bulkPage({ brands, countries, slugs }: BulkChoices): string {
  const fields = Object.entries(BULK_FIELDS)
    .map(([field, label]) => `<option value="${field}">${escapeHtml(label)}</option>`)
    .join('');
  return `${EDITOR_PAGE_START}<meta name="promo-editor-server" content="${ADMIN_PATH}">
<title>Find and change landings</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1e293b}
form{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:end;margin:8px 0 16px}
label{display:flex;flex-direction:column;font-weight:600;font-size:13px}
select,input,button{font:inherit;padding:4px 8px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:2px 12px 2px 0;border-bottom:1px solid #e2e8f0}
[role=alert]{background:#fee2e2;color:#7f1d1d;padding:8px 12px}
#saved{background:#dcfce7;color:#14532d;padding:8px 12px}
</style>
</head>
<body>
<p><a href="${ADMIN_PATH}#/collections/promotions">← The editor</a></p>
<h1>Find and change landings</h1>
<form id="find" aria-label="Find landings">
${select('brand', 'Brand', brands)}
${select('country', 'Country', countries)}
${select('slug', 'Promotion (slug)', slugs)}
${select('status', 'Status', STATUSES)}
<label>Last day <input name="date" type="date" min="2020-01-01" max="2099-12-31"></label>
<button type="submit">Find</button>
</form>
<section id="found" hidden>
<h2 id="found-count"></h2>
<table><thead><tr><th>Landing</th><th>Status</th><th>Last day</th></tr></thead><tbody></tbody></table>
<form id="change" aria-label="Change every landing found">
<label>Field to change <select name="field">${fields}</select></label>
<label>New value <input name="value" placeholder="empty removes it"></label>
<button type="submit">Review the change</button>
</form>
</section>
<section id="review" hidden>
<h2 id="review-count"></h2>
<ul></ul>
<button type="button" id="save"></button>
</section>
<p id="outcome" hidden></p>
<script src="${ADMIN_PATH}bulk.js"></script>
</body>
</html>
`;
}
