import type { FigureFormat } from './figures';
import { formatFigure } from './figure-numbers';
import { abbreviateAmount } from './numbers';

/**
 * An amount abbreviated by the spec 9 rule in the locale's digits ("12,34k" in ru); an amount too
 * short to abbreviate is grouped as the locale groups it.
 */
export function formatAbbreviatedFigure(amount: number, format: FigureFormat): string {
  const { value, suffix } = abbreviateAmount(amount);
  return formatFigure(value, format, { maximumFractionDigits: 2, useGrouping: !suffix }) + suffix;
}

/** A money amount in the page's currency, abbreviated: 20000 RUB in ru reads "20k ₽", 5000 "5 000 ₽". */
export function formatMoneyFigure(amount: number, format: FigureFormat): string {
  return `${format.money.before}${formatAbbreviatedFigure(amount, format)}${format.money.after}`;
}
