/**
 * The editor's launch page (/__admin/launch): one form for a new promotion, an existing one in more
 * countries or brands, or a landing duplicated onto other countries. Decap saves one entry at a time,
 * and a launch is many files (slugs, codes, amounts, texts, a file per landing) in one save, so the page
 * is ours; its save goes through the same proxy and checks as the editor's (launch.ts, backend-proxy.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../lib/html-escape';
import { fileHash } from './check';
import { readChoices, REFERENCE_LANGUAGE } from './collections';
import { ADMIN_PATH, EDITOR_PAGE_START } from './page';

export const LAUNCH_PATH = `${ADMIN_PATH}launch`;

type Json = Record<string, unknown>;

const readJson = (dataDir: string, file: string): Json => JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as Json;
const withoutSchema = (table: Json): Json => Object.fromEntries(Object.entries(table).filter(([key]) => key !== '$schema'));

/** What the page's script needs beyond the form: the slugs, the texts of each offer family, the files' hashes. */
export function launchState(repoDir: string): Json {
  const dataDir = path.join(repoDir, 'data');
  const choices = readChoices(dataDir);
  const offerTexts: Record<string, Record<string, string>> = {};
  for (const language of choices.languages) {
    const texts = readJson(dataDir, `i18n/${language}.json`) as Record<string, string>;
    offerTexts[language] = Object.fromEntries(Object.entries(texts).filter(([key]) => key.startsWith('offer.')));
  }
  const tableFiles = ['slugs.json', 'offers.json', 'promo-codes.json', ...choices.languages.map((language) => `i18n/${language}.json`)];
  return {
    slugs: withoutSchema(readJson(dataDir, 'slugs.json')),
    texts: offerTexts,
    reference: REFERENCE_LANGUAGE,
    base: Object.fromEntries(tableFiles.map((file) => [`data/${file}`, fileHash(repoDir, `data/${file}`)])),
  };
}

const options = (values: readonly string[]) => values.map((value) => `<option>${escapeHtml(value)}</option>`).join('');
const checkbox = (name: string, value: string, label: string) =>
  `<label class="pick"><input type="checkbox" name="${name}" value="${escapeHtml(value)}"> ${escapeHtml(label)}</label>`;

export function launchPage(repoDir: string): string {
  const dataDir = path.join(repoDir, 'data');
  const choices = readChoices(dataDir);
  const offers = readJson(dataDir, 'offers.json') as Record<string, { currency: string }>;
  const families = [
    ...new Set(Object.values(withoutSchema(readJson(dataDir, 'slugs.json'))).map((spec) => (spec as { offer: string }).offer)),
  ].sort();
  const landings = choices.landings.map((landing) => landing.slice(1, -1));
  const countryName = (country: string) => `${country} — ${choices.languageNames[country] ?? country}`;
  return `${EDITOR_PAGE_START}<title>Launch a promotion</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:980px;padding:16px 20px 60px;color:#1f2937}
fieldset{border:1px solid #d1d5db;border-radius:6px;margin:0 0 14px;padding:10px 14px}
legend{font-weight:600}
label{display:inline-block;margin:4px 12px 4px 0}
.pick{min-width:150px}
.hint{color:#6b7280;font-size:13px}
table{border-collapse:collapse;width:100%}td{padding:3px 6px;vertical-align:top}td input{width:100%}
[hidden]{display:none!important}
#answer[data-state=refused]{background:#fee2e2;color:#7f1d1d;padding:10px}
#answer[data-state=ok],#answer[data-state=checked]{background:#dcfce7;color:#14532d;padding:10px}
button{font:inherit;padding:6px 14px;margin-right:8px}
</style>
</head>
<body>
<p><a href="${ADMIN_PATH}">← Back to the editor</a></p>
<h1>Launch a promotion</h1>
<p class="hint">One save writes every file the launch needs (the slug, its promo code, amounts, texts and a file per landing), checked by the build's own rules; a launch the build refuses writes nothing.</p>
<form id="launch">
<fieldset><legend>What</legend>
<label><input type="radio" name="mode" value="new" checked> A new promotion</label>
<label><input type="radio" name="mode" value="more"> An existing promotion in more countries or brands</label>
<label><input type="radio" name="mode" value="duplicate"> Duplicate a landing onto other countries</label>
</fieldset>
<fieldset data-mode="new"><legend>The new promotion</legend>
<label>Slug <input name="slug" placeholder="winter50"></label>
<label>Offer family <select name="offer">${options(families)}</select></label>
<label><input type="checkbox" name="amount" checked> Shows an amount</label>
<div><label>Promo key <select name="promo"><option value="">a new key…</option>${options(choices.promoKeys)}</select></label>
<label data-new-promo>New promo key <input name="newPromo" placeholder="winter50"></label></div>
<table data-new-promo><tbody>${choices.brands
    .map(
      (brand) =>
        `<tr><td>${escapeHtml(brand)}</td><td><label>${escapeHtml(brand)} promo code <input name="code-${escapeHtml(brand)}"></label></td><td><label>${escapeHtml(brand)} promo id <input name="id-${escapeHtml(brand)}" type="number" min="1"></label></td></tr>`,
    )
    .join('')}</tbody></table>
</fieldset>
<fieldset data-mode="more" hidden><legend>The promotion</legend>
<label>Slug <select name="existing">${options(choices.slugs)}</select></label>
</fieldset>
<fieldset data-mode="duplicate" hidden><legend>The landing to duplicate</legend>
<label>Landing <select name="from">${options(landings)}</select></label>
<p class="hint">Each new landing takes its days, promo code, creative and redirect (moved to its own country); an experiment stays with the original.</p>
</fieldset>
<fieldset><legend>Where</legend>
<div>${choices.brands.map((brand) => checkbox('brand', brand, brand)).join('')}</div>
<div>${choices.countries.map((country) => checkbox('country', country, countryName(country))).join('')}</div>
</fieldset>
<fieldset data-amounts><legend>Amounts (in each country's currency, for countries it is new in)</legend>
<table><tbody>${choices.countries
    .map(
      (country) =>
        `<tr data-country="${country}" hidden><td><label>Amount in ${country} (${escapeHtml(offers[country]?.currency ?? '')}) <input name="amount-${country}" type="number" min="1"></label></td></tr>`,
    )
    .join('')}</tbody></table>
</fieldset>
<fieldset data-days><legend>Days (Moscow time)</legend>
<label>First day <input name="first_day" type="date"></label>
<label>Last day <input name="date" type="date" value="2099-12-31"></label>
<label>When over, redirect to <input name="redirect_to" list="landings" placeholder="/zenit/ru/freebet30/"></label>
<datalist id="landings">${options(choices.landings)}</datalist>
<p class="hint">Before its first day a landing redirects as an expired one does, so it can be reviewed ahead; empty: live from the next build. The last day of 2099 is "permanent".</p>
</fieldset>
<fieldset data-texts><legend>Texts of the offer family</legend>
<p class="hint">Every landing of the family shows them; the English text is beside each. Change only what the launch needs.</p>
<table><tbody id="texts"></tbody></table>
</fieldset>
<p><button type="button" id="check">Check</button><button type="submit" id="save">Launch</button></p>
<div id="answer" role="status" aria-live="polite"></div>
</form>
<script src="${ADMIN_PATH}launch.js"></script>
</body>
</html>
`;
}
