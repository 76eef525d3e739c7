import React from 'react';
import styled from 'styled-components';
import { type FigureFormat, pickLabel, type PluralLabels } from '../../domain/figures';
import { countdownFigure } from './run-countdown';
import { COUNTDOWN_ID, COUNTDOWN_UNITS, type CountdownUnit } from './units';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

const Box = styled.div`
  margin: 0 0 1.5rem;

  h2 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
    font-weight: ${TYPE.bold};
    color: ${color.muted};
  }
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    min-width: 64px;
    padding: 0.5rem 0.25rem;
    border-radius: 8px;
    background: ${color.surface};
    text-align: center;
  }
  strong {
    display: block;
    font-size: ${TYPE.heading};
    font-variant-numeric: tabular-nums;
    line-height: 1.2;
  }
  span {
    font-size: ${TYPE.small};
    color: ${color.muted};
  }
`;

export interface CountdownProps {
  title: string;
  /** The page language's digits and plural rule, made at build. */
  figures: FigureFormat;
  /** The units' words per plural category, made at build in the page language. */
  labels: Record<CountdownUnit, PluralLabels>;
}

/**
 * Time left to the end of the promotion (spec 3, 9). The built HTML holds the boxes with dashes, so
 * nothing moves when the browser fills them in (run-countdown.ts, started by the landing).
 */
export function Countdown({ title, figures, labels }: CountdownProps) {
  return (
    <Box role="timer" aria-labelledby="countdown-title" id={COUNTDOWN_ID}>
      <h2 id="countdown-title">{title}</h2>
      <ol>
        {COUNTDOWN_UNITS.map((unit) => (
          <li key={unit} data-unit={unit}>
            <strong>{countdownFigure(null, figures)}</strong>
            <span>{pickLabel(labels[unit], 5, figures.plural)}</span>
          </li>
        ))}
      </ol>
    </Box>
  );
}
