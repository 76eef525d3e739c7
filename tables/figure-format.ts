/**
 * The symbols of src/domain/figures.ts, read off Intl at build time, where Node has full locale data
 * (kk, tk, uz included). Every value is what Intl itself writes for the locale, so the browser's
 * figures match it without Intl: tests/unit/domain/figures.test.ts holds the two against each other.
 */
import { type DateToken, type FigureFormat, PLURAL_CODES, PLURAL_TABLE_SIZE } from '../src/domain/figures';

/** Intl options of the kick-off time: numbers only, as month names may be missing in a browser. */
export const KICKOFF_OPTIONS: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };

const NUMERIC = new Set(['integer', 'group', 'decimal', 'fraction']);

function only(parts: Intl.NumberFormatPart[], type: Intl.NumberFormatPartTypes, locale: string): string {
  const found = parts.find((part) => part.type === type);
  if (!found) throw new Error(`${locale}: Intl wrote no "${type}" in ${parts.map((part) => part.value).join('')}`);
  return found.value;
}

function groupSizes(locale: string): { primaryGroup: number; secondaryGroup: number; minimumGrouping: number } {
  const integers = (value: number) =>
    new Intl.NumberFormat(locale, { useGrouping: true })
      .formatToParts(value)
      .filter((part) => part.type === 'integer')
      .map((part) => part.value.length);
  const long = integers(123_456_789_012);
  if (long.length < 2) throw new Error(`${locale}: Intl groups no digits`);
  const primaryGroup = long[long.length - 1];
  const secondaryGroup = long[long.length - 2];
  const ungrouped = (digits: number) => integers(10 ** (digits - 1)).length === 1;
  let minimumGrouping = 1;
  while (ungrouped(primaryGroup + minimumGrouping) && minimumGrouping < 4) minimumGrouping += 1;
  return { primaryGroup, secondaryGroup, minimumGrouping };
}

function moneyPattern(locale: string, currency: string): FigureFormat['money'] {
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 2,
    minimumFractionDigits: 0,
  }).formatToParts(1234.5);
  const first = parts.findIndex((part) => NUMERIC.has(part.type));
  const last = parts.length - 1 - [...parts].reverse().findIndex((part) => NUMERIC.has(part.type));
  const text = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return { before: text(parts.slice(0, first)), after: text(parts.slice(last + 1)) };
}

function kickoffPattern(locale: string): Pick<FigureFormat, 'kickoff' | 'calendar' | 'hourCycle' | 'dayPeriods'> {
  const format = new Intl.DateTimeFormat(locale, KICKOFF_OPTIONS);
  const { calendar, hourCycle = 'h23' } = format.resolvedOptions();
  if (calendar !== 'gregory' && calendar !== 'persian')
    throw new Error(`${locale}: the browser cannot write dates of the "${calendar}" calendar`);
  const sample = new Date(2001, 10, 22, 20, 5);
  const parts = format.formatToParts(sample);
  // V8's format() writes a plain space where formatToParts() keeps the narrow no-break space ("8:05 p.m."): the page shows what format() writes.
  const written = format.format(sample);
  const plainSpaces = parts.map((part) => part.value).join('') !== written;
  const kickoff: DateToken[] = parts.map((part) => {
    if (part.type === 'literal') return { text: plainSpaces ? part.value.replace(/\u202f/g, ' ') : part.value };
    if (part.type === 'day' || part.type === 'month' || part.type === 'hour' || part.type === 'minute' || part.type === 'dayPeriod')
      return { field: part.type };
    throw new Error(`${locale}: unexpected "${part.type}" in the kick-off time`);
  });
  const rebuilt = kickoff.map((token) => ('text' in token ? token.text : parts.find((part) => part.type === token.field)?.value)).join('');
  if (rebuilt !== written) throw new Error(`${locale}: the kick-off pattern "${rebuilt}" does not rebuild what Intl writes, "${written}"`);
  const hasPeriod = kickoff.some((token) => 'field' in token && token.field === 'dayPeriod');
  const dayPeriods = hasPeriod
    ? Array.from(
        { length: 24 },
        (_, hour) => format.formatToParts(new Date(2001, 10, 22, hour, 30)).find((part) => part.type === 'dayPeriod')?.value ?? '',
      )
    : null;
  return { kickoff, calendar, hourCycle, dayPeriods };
}

function pluralTable(locale: string): string {
  const rules = new Intl.PluralRules(locale);
  return Array.from({ length: PLURAL_TABLE_SIZE }, (_, n) => PLURAL_CODES[rules.select(n)]).join('');
}

const made = new Map<string, FigureFormat>();

/** Everything the browser needs to write figures for a page in `locale` with amounts in `currency`; made once per pair (720 pages, 16 pairs). */
export function figureFormat(locale: string, currency: string): FigureFormat {
  const key = `${locale}|${currency}`;
  const known = made.get(key);
  if (known) return known;
  const format = readFigureFormat(locale, currency);
  made.set(key, format);
  return format;
}

function readFigureFormat(locale: string, currency: string): FigureFormat {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(-12345.5);
  const digits = Array.from({ length: 10 }, (_, digit) => new Intl.NumberFormat(locale, { useGrouping: false }).format(digit));
  return {
    digits,
    decimal: only(parts, 'decimal', locale),
    group: only(parts, 'group', locale),
    minus: only(parts, 'minusSign', locale),
    ...groupSizes(locale),
    money: moneyPattern(locale, currency),
    ...kickoffPattern(locale),
    plural: pluralTable(locale),
  };
}
