import { countdown } from '../../domain/countdown';
import { promotionEndInstant } from '../../domain/expiry';
import { formatInteger, pickLabel, type FigureFormat, type PluralLabels } from '../../domain/figures';
import { COUNTDOWN_UNITS, valueOf, type CountdownUnit } from './units';

export interface CountdownFormats {
  figures: FigureFormat;
  labels: Record<CountdownUnit, PluralLabels>;
}

/** A unit's figure as the countdown writes it: two digits at least, in the page language's digits. */
export function countdownFigure(value: number | null, figures: FigureFormat): string {
  return value === null ? '––' : formatInteger(value, figures, { minimumIntegerDigits: 2 });
}

/**
 * Spec 3, 9: fills the built countdown (Countdown.tsx) with the time left, to the second and never below
 * zero, once a second. Plain DOM: the rest of the offer is static HTML React never touches. Returns the stop.
 */
export function runCountdown(
  box: HTMLElement,
  endDate: string,
  { figures, labels }: CountdownFormats,
  now: () => number = Date.now,
): () => void {
  const end = promotionEndInstant(endDate);
  const paint = () => {
    const left = countdown(end, now());
    for (const unit of COUNTDOWN_UNITS) {
      const cell = box.querySelector(`[data-unit="${unit}"]`);
      const value = valueOf(left, unit);
      const figure = cell?.querySelector('strong');
      const label = cell?.querySelector('span');
      if (figure) figure.textContent = countdownFigure(value, figures);
      if (label) label.textContent = pickLabel(labels[unit], value, figures.plural);
    }
  };
  paint();
  const timer = setInterval(paint, 1000);
  return () => clearInterval(timer);
}
