import React from 'react';
import styled from 'styled-components';
import type { Outcome, PopularEvent } from './calls/line';
import type { Translate } from '../../site/texts';
import { formatKickoff } from '../../domain/figure-dates';
import { formatMoneyFigure } from '../../domain/figure-money';
import { formatFigure } from '../../domain/figure-numbers';
import type { FigureFormat } from '../../domain/figures';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

const Grid = styled.ul`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem;
  border-radius: 12px;
  background: ${color.surface};

  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  .meta {
    margin: 0;
    font-size: ${TYPE.small};
    color: ${color.muted};
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(70px, 1fr));
    gap: 0.375rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ul li {
    padding: 0.375rem;
    border-radius: 8px;
    background: rgba(255, 255, 255, 0.08);
    text-align: center;
    font-size: ${TYPE.small};
  }
  ul strong {
    display: block;
    font-size: 1.1rem;
  }
  .bet {
    align-self: flex-start;
    padding: 0.625rem 0;
    font-weight: 700;
  }
`;

export interface OddsCardsProps {
  events: PopularEvent[];
  /** Digits, separators, money and date patterns of the page language, made at build. */
  figures: FigureFormat;
  t: Translate;
  /** Sport name in the page language, or null when the sport is not one the texts name. */
  sportName: (englishName: string) => string | null;
  /** The main-site page of the match. */
  matchLink: (event: PopularEvent) => string;
  /** The stake, in the page's currency, whose possible winnings a card shows; null hides the line. */
  stake: number | null;
}

function outcomeLabel(outcome: Outcome, event: PopularEvent, t: Translate): string {
  if (outcome.kind === 'draw') return t('bet.draw');
  return t('bet.win', { team: outcome.kind === 'home' ? event.home.name : event.away.name });
}

export function OddsCards({ events, figures, t, sportName, matchLink, stake }: OddsCardsProps) {
  return (
    <Grid>
      {events.map((event) => {
        const match = `${event.home.name} — ${event.away.name}`;
        const best = Math.max(...event.outcomes.map((outcome) => outcome.odds));
        const sport = sportName(event.sport.name);
        return (
          <Card key={event.id} data-testid="odds-card">
            <h3>{match}</h3>
            <p className="meta">
              {[sport, event.league.name].filter(Boolean).join(' · ')}
              {event.startsAt !== null && (
                <>
                  <br />
                  {t('odds.kickoff', { time: formatKickoff(event.startsAt, figures) })}
                </>
              )}
            </p>
            <ul aria-label={t('odds.outcomes', { match })}>
              {event.outcomes.map((outcome) => (
                <li key={outcome.kind}>
                  {outcomeLabel(outcome, event, t)}
                  <strong>{formatFigure(outcome.odds, figures, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</strong>
                </li>
              ))}
            </ul>
            {stake !== null && (
              <p className="meta">
                {t('bet.winSum')}: {formatMoneyFigure(Math.floor(stake * best), figures)}
              </p>
            )}
            <a className="bet" href={matchLink(event)} aria-label={`${t('bet.link')}: ${match}`}>
              {t('bet.link')}
            </a>
          </Card>
        );
      })}
    </Grid>
  );
}
