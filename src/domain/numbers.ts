import { numberFormat } from './intl-cache';
export type AmountSuffix = '' | 'k' | 'kk';

export interface AbbreviatedAmount {
  value: number;
  suffix: AmountSuffix;
}

/** Keeps at most two decimals without rounding up, so 999 999 never reads as "1000k". */
function truncate2(value: number): number {
  return Math.trunc(Math.round(value * 1e6) / 1e4) / 100;
}

/**
 * Spec 9: amounts with 5 or 6 digits are shown in thousands ("k"), 7 or more in millions ("kk"),
 * each with up to 2 decimals; shorter amounts stay as they are.
 */
export function abbreviateAmount(amount: number): AbbreviatedAmount {
  const digits = Math.trunc(Math.abs(amount)).toString().length;
  if (digits >= 7) return { value: truncate2(amount / 1_000_000), suffix: 'kk' };
  if (digits >= 5) return { value: truncate2(amount / 1_000), suffix: 'k' };
  return { value: amount, suffix: '' };
}

/** The abbreviated amount written with the locale's digits and decimal separator. */
export function formatAbbreviatedAmount(amount: number, locale: string): string {
  const { value, suffix } = abbreviateAmount(amount);
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(value) + suffix;
}

/**
 * A money amount in the locale's currency format, its number abbreviated by the spec 9 rule:
 * 20000 RUB in ru reads "20k ₽", in en-CA 30 CAD reads "$30".
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const { value, suffix } = abbreviateAmount(amount);
  const format = numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2, minimumFractionDigits: 0 });
  if (!suffix) return format.format(value);
  const number = numberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value) + suffix;
  let placed = false;
  return format
    .formatToParts(value)
    .map((part) => {
      if (part.type === 'integer' || part.type === 'group' || part.type === 'decimal' || part.type === 'fraction') {
        if (placed) return '';
        placed = true;
        return number;
      }
      return part.value;
    })
    .join('');
}
