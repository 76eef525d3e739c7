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
