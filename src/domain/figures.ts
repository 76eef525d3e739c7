/**
 * Figures the browser writes (the countdown here; odds, kick-off times and win sums in figure-numbers.ts,
 * figure-dates.ts and figure-money.ts, which only the odds cards load) from symbols the build made
 * with full locale data (tables/figure-format.ts), so a landing never touches the browser's Intl:
 * the first Intl object a page makes loads the browser's locale data in one long task on a phone, and
 * Chrome has no Kazakh, Turkmen or Uzbek data at all.
 */
export const PLURAL_CODES = { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' } as const satisfies Record<
  Intl.LDMLPluralRule,
  string
>;
export type PluralCode = (typeof PLURAL_CODES)[Intl.LDMLPluralRule];

/** How many integers the plural table holds: beyond it, the category repeats every hundred (CLDR integer rules). */
export const PLURAL_TABLE_SIZE = 200;

export type DateField = 'day' | 'month' | 'hour' | 'minute' | 'dayPeriod';
export type DateToken = { field: DateField } | { text: string };

export interface FigureFormat {
  /** The locale's digits 0 to 9. */
  digits: string[];
  decimal: string;
  group: string;
  minus: string;
  /** Digits in the group next to the decimal point, and in the groups before it (3 and 2 in Bengali). */
  primaryGroup: number;
  secondaryGroup: number;
  /** Digits an integer part needs beyond the first group before it is grouped at all (2 in Spanish: 1000, 10 000). */
  minimumGrouping: number;
  /** Around the number of a money amount in the page's currency ("", " ₽"). */
  money: { before: string; after: string };
  /** Day, month, hour and minute in the locale's order, with its separators. */
  kickoff: DateToken[];
  /** The locale's calendar: Persian pages count days and months in the Solar Hijri calendar. */
  calendar: 'gregory' | 'persian';
  /** The hour cycle of `kickoff`, and its day-period word for each hour 0–23 when it has one. */
  hourCycle: 'h11' | 'h12' | 'h23' | 'h24';
  dayPeriods: string[] | null;
  /** The plural category of each integer below PLURAL_TABLE_SIZE, one code letter each. */
  plural: string;
}

export function groupInteger(integer: string, format: FigureFormat): string[] {
  if (integer.length < format.primaryGroup + format.minimumGrouping) return [integer];
  const groups = [integer.slice(-format.primaryGroup)];
  let rest = integer.slice(0, -format.primaryGroup);
  while (rest.length > format.secondaryGroup) {
    groups.unshift(rest.slice(-format.secondaryGroup));
    rest = rest.slice(0, -format.secondaryGroup);
  }
  groups.unshift(rest);
  return groups;
}

export function localDigits(ascii: string, format: FigureFormat): string {
  return ascii.replace(/\d/g, (digit) => format.digits[Number(digit)]);
}

/**
 * A whole number ≥ 0 as Intl.NumberFormat writes it (the countdown's figures); fractions and rounding
 * are formatFigure's, in figure-numbers.ts, which only the odds cards and the build load.
 */
export function formatInteger(value: number, format: FigureFormat, { minimumIntegerDigits = 1, useGrouping = true } = {}): string {
  const integer = String(Math.trunc(Math.abs(value))).padStart(minimumIntegerDigits, '0');
  return (useGrouping ? groupInteger(integer, format) : [integer]).map((group) => localDigits(group, format)).join(format.group);
}

/** Words that go with a number, per plural category, made where full locale data is at hand (the build). */
export type PluralLabels = Partial<Record<Intl.LDMLPluralRule, string>>;

/**
 * The plural category of a whole number from 0 to 999 999 by the table the build made from the locale's
 * rules (Portuguese and Spanish have a "many" for whole millions, which no countdown reaches).
 */
export function pluralCategory(value: number, plural: string): Intl.LDMLPluralRule {
  const n = Math.trunc(Math.abs(value));
  const index = n < PLURAL_TABLE_SIZE ? n : 100 + (n % 100);
  const code = plural[index];
  const found = (Object.keys(PLURAL_CODES) as Intl.LDMLPluralRule[]).find((category) => PLURAL_CODES[category] === code);
  return found ?? 'other';
}

/** The word for `value` ("1 день", "3 дня", "5 дней"), falling back to "other". */
export function pickLabel(labels: PluralLabels, value: number, plural: string): string {
  return labels[pluralCategory(value, plural)] ?? labels.other ?? '';
}
