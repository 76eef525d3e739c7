import React from 'react';
import styled from 'styled-components';
import { countdown } from '../../domain/countdown';
import { promotionEndInstant } from '../../domain/expiry';
import { type FigureFormat, formatInteger, pickLabel, type PluralLabels } from '../../domain/figures';
import { useSecondClock } from '../../site/clock';
import { COUNTDOWN_UNITS, type CountdownUnit, valueOf } from './units';

const Box = styled.div`
  margin: 0 0 24px;

  h2 {
    margin: 0 0 8px;
    font-size: 1rem;
    font-weight: 600;
    color: ${({ theme }) => theme.muted};
  }
  ol {
    display: flex;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    min-width: 64px;
    padding: 8px 4px;
    border-radius: 8px;
    background: ${({ theme }) => theme.surface};
    text-align: center;
  }
  strong {
    display: block;
    font-size: 1.5rem;
    font-variant-numeric: tabular-nums;
    line-height: 1.2;
  }
  span {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.muted};
  }
`;

export interface CountdownProps {
  /** Last day of the promotion (YYYY-MM-DD, inclusive, Moscow time). */
  endDate: string;
  title: string;
  /** The page language's digits and plural rule, made at build. */
  figures: FigureFormat;
  /** The units' words per plural category, made at build in the page language. */
  labels: Record<CountdownUnit, PluralLabels>;
}

/**
 * Time left to the second, never below zero (spec 3, 9). The static HTML holds the boxes with dashes
 * so nothing moves when the browser fills them in.
 */
export function Countdown({ endDate, title, figures, labels }: CountdownProps) {
  const end = promotionEndInstant(endDate);
  const now = useSecondClock();
  const left = now === null ? null : countdown(end, now);
  return (
    <Box role="timer" aria-labelledby="countdown-title">
      <h2 id="countdown-title">{title}</h2>
      <ol>
        {COUNTDOWN_UNITS.map((unit) => {
          const value = left ? valueOf(left, unit) : null;
          return (
            <li key={unit} data-unit={unit}>
              <strong>{value === null ? '––' : formatInteger(value, figures, { minimumIntegerDigits: 2 })}</strong>
              <span>{pickLabel(labels[unit], value ?? 5, figures.plural)}</span>
            </li>
          );
        })}
      </ol>
    </Box>
  );
}
