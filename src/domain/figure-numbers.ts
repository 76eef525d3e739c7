/** Numbers with fractions, rounded as Intl rounds, written from the build's symbols (see figures.ts). */
import { type FigureFormat, groupInteger, localDigits } from './figures';

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
