/** The one-row edits a marketer makes between two builds: a promotion's date, then its redirect. */
import fs from 'node:fs';
import path from 'node:path';
import { FALLBACK_SLUG } from '../../../src/domain/expiry';
import { editPromotionDate, type PromotionKey, type TableEdit } from '../build';

export interface RowEdit {
  field: 'date' | 'redirect_to';
  row: PromotionKey;
  from: string | null;
  to: string;
}

const ROW = /\{[^{}]*\}/g;

/**
 * Points one promotion's `redirect_to` somewhere else (the site root, or the brand's freebet30 in the same
 * language when it already goes to the root), editing only that row's text.
 */
export function editPromotionRedirect(text: string, wanted: PromotionKey): TableEdit & { field: 'redirect_to' } {
  for (const match of text.matchAll(ROW)) {
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(match[0]) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (row.brand !== wanted.brand || row.country !== wanted.country || row.slug !== wanted.slug) continue;
    const from = typeof row.redirect_to === 'string' ? row.redirect_to : '';
    const to = from === '/' ? `/${wanted.brand}/${wanted.country}/${FALLBACK_SLUG}/` : '/';
    const edited = JSON.stringify({ ...row, redirect_to: to })
      .replace(/":/g, '": ')
      .replace(/,"/g, ', "');
    const index = match.index ?? 0;
    return { field: 'redirect_to', row: wanted, from, to, text: text.slice(0, index) + edited + text.slice(index + match[0].length) };
  }
  throw new Error(`promotions.json has no row ${wanted.brand}/${wanted.country}/${wanted.slug}`);
}

function editFile(siteDir: string, change: (text: string) => TableEdit): TableEdit {
  const file = path.join(siteDir, 'data', 'promotions.json');
  const edit = change(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, edit.text);
  return edit;
}

export function applyDateEdit(siteDir: string, wanted: PromotionKey): RowEdit {
  const edit = editFile(siteDir, (text) => editPromotionDate(text, wanted));
  return { field: 'date', row: edit.row, from: edit.from, to: edit.to };
}

export function applyRedirectEdit(siteDir: string, wanted: PromotionKey): RowEdit {
  const edit = editFile(siteDir, (text) => editPromotionRedirect(text, wanted));
  return { field: 'redirect_to', row: edit.row, from: edit.from || null, to: edit.to };
}
