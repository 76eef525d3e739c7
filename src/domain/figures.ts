/**
 * Figures the browser writes (countdown, odds; kick-off times and win sums in figure-dates.ts and
 * figure-money.ts, which only the odds cards load) from symbols the build made
 * with full locale data (src/tables/figure-format.ts), so a landing never touches the browser's Intl:
 * the first Intl object a page makes loads the browser's locale data, one 130–250 ms long task on a
 * throttled phone, and Chrome has no Kazakh, Turkmen or Uzbek data at all.
 */
export const PLURAL_CODES = { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' } as const satisfies Record<Intl.LDMLPluralRule, string>;
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

export interface FigureOptions {
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  useGrouping?: boolean;
}

/** Adds one unit in the last place of a string of decimal digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const list = digits.split('');
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i] !== '9') {
      list[i] = String(Number(list[i]) + 1);
      return list.join('');
    }
    list[i] = '0';
  }
  return `1${list.join('')}`;
}

/**
 * The value's integer and fraction digits, rounded half away from zero on its shortest decimal form,
 * as Intl does (1.005 is "1.01", where toFixed would give "1.00" from the binary value).
 */
function roundedDigits(value: number, maximumFractionDigits: number): { integer: string; fraction: string } {
  const plain = Math.abs(value).toString();
  const text = /e/i.test(plain) ? Math.abs(value).toFixed(Math.min(100, maximumFractionDigits + 20)) : plain;
  const [integer, fraction = ''] = text.split('.');
  if (fraction.length <= maximumFractionDigits) return { integer, fraction };
  const kept = integer + fraction.slice(0, maximumFractionDigits);
  const rounded = fraction[maximumFractionDigits] >= '5' ? incrementDigits(kept) : kept;
  const integerLength = rounded.length - maximumFractionDigits;
  return { integer: rounded.slice(0, integerLength), fraction: rounded.slice(integerLength) };
}

function groupInteger(integer: string, format: FigureFormat): string[] {
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

function localDigits(ascii: string, format: FigureFormat): string {
  return ascii.replace(/\d/g, (digit) => format.digits[Number(digit)]);
}

/** A number as Intl.NumberFormat would write it with these options, in the locale of `format`. */
export function formatFigure(value: number, format: FigureFormat, options: FigureOptions = {}): string {
  const { minimumIntegerDigits = 1, minimumFractionDigits = 0, useGrouping = true } = options;
  const maximumFractionDigits = Math.max(options.maximumFractionDigits ?? 3, minimumFractionDigits);
  const rounded = roundedDigits(value, maximumFractionDigits);
  const integer = rounded.integer.replace(/^0+(?=\d)/, '').padStart(minimumIntegerDigits, '0');
  let fraction = rounded.fraction.replace(/0+$/, '');
  fraction = fraction.padEnd(minimumFractionDigits, '0');
  const grouped = useGrouping ? groupInteger(integer, format) : [integer];
  const sign = value < 0 && (Number(integer) !== 0 || /[1-9]/.test(fraction)) ? format.minus : '';
  const body = grouped.map((group) => localDigits(group, format)).join(format.group);
  return sign + body + (fraction ? format.decimal + localDigits(fraction, format) : '');
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
