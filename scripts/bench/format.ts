/** Number and table formatting shared by the report's sections (pure). */
import type { BudgetRow } from './budgets';

export const NA = 'n/a';

export function fmtKb(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined || !Number.isFinite(bytes) ? NA : `${(bytes / 1024).toFixed(1)} KB`;
}

export function fmtMs(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? NA : `${Math.round(ms)} ms`;
}

export function fmtRatio(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NA : `${value.toFixed(2)}×`;
}

export function fmtNumber(value: number | null | undefined, digits: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NA : value.toFixed(digits);
}

export function fmtSeconds(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined || !Number.isFinite(seconds) ? NA : `${seconds.toFixed(1)} s`;
}

export function mark(pass: boolean | null): string {
  return pass === null ? 'not measured' : pass ? 'pass' : '**FAIL**';
}

export function cellMark(pass: boolean | null): string {
  return pass === null ? ' (n/a)' : pass ? ' ✓' : ' ✗';
}

/** A measured budget figure in its own unit. */
export function fmtMeasured(entry: BudgetRow): string {
  if (entry.measured === null) return NA;
  switch (entry.unit) {
    case 'bytes':
      return fmtKb(entry.measured);
    case 'ms':
      return fmtMs(entry.measured);
    case 's':
      return fmtSeconds(entry.measured);
    case '×':
      return fmtRatio(entry.measured);
    case 'score':
      return entry.measured.toFixed(2);
    case '':
      return entry.measured.toFixed(3);
    default:
      return `${Number.isInteger(entry.measured) ? entry.measured : entry.measured.toFixed(0)} ${entry.unit}`;
  }
}

export function fmtLimit(entry: BudgetRow): string {
  if (!Number.isFinite(entry.limit)) return NA;
  const limit =
    entry.unit === 'bytes'
      ? `${entry.limit / 1024} KB`
      : entry.unit === '×'
        ? `${entry.limit}×`
        : entry.unit === 'ms'
          ? `${Math.round(entry.limit)} ms`
          : `${entry.limit}${entry.unit && entry.unit !== 'score' ? ` ${entry.unit}` : ''}`;
  return `${entry.comparator === '<=' ? '≤' : '≥'} ${limit}`;
}

/** Escapes what would break a table cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join(
    '\n',
  );
}
