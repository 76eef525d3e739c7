import React from 'react';
import styled from 'styled-components';
import type { Outcome, PopularEvent } from '../../api/line';
import { formatMoney } from '../../domain/numbers';
import type { Translate } from '../../site/texts';
import { dateTimeFormat, numberFormat } from '../../domain/intl-cache';

const Grid = styled.ul`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px;
  border-radius: 12px;
  background: ${({ theme }) => theme.surface};

  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  .meta {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.muted};
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(70px, 1fr));
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ul li {
    padding: 6px;
    border-radius: 8px;
    background: rgba(255, 255, 255, 0.08);
    text-align: center;
    font-size: 0.8rem;
  }
  ul strong {
    display: block;
    font-size: 1.1rem;
  }
  .bet {
    align-self: flex-start;
    padding: 10px 0;
    font-weight: 700;
  }
`;

export interface OddsCardsProps {
  events: PopularEvent[];
  locale: string;
  t: Translate;
  /** Sport name in the page language, or null when the sport is not one the texts name. */
  sportName: (englishName: string) => string | null;
  /** The main-site page of the match. */
  matchLink: (event: PopularEvent) => string;
  /** What a stake would win, for the possible-winnings line; null hides it. */
  stake: { amount: number; currency: string } | null;
}

function outcomeLabel(outcome: Outcome, event: PopularEvent, t: Translate): string {
  if (outcome.kind === 'draw') return t('bet.draw');
  return t('bet.win', { team: outcome.kind === 'home' ? event.home.name : event.away.name });
}

export function OddsCards({ events, locale, t, sportName, matchLink, stake }: OddsCardsProps) {
  const odds = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Numbers only: month and weekday names would come from the browser's locale data, which may lack the page language.
  const kickoff = dateTimeFormat(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
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
              <br />
              {t('odds.kickoff', { time: kickoff.format(event.startsAt) })}
            </p>
            <ul aria-label={t('odds.outcomes', { match })}>
              {event.outcomes.map((outcome) => (
                <li key={outcome.kind}>
                  {outcomeLabel(outcome, event, t)}
                  <strong>{odds.format(outcome.odds)}</strong>
                </li>
              ))}
            </ul>
            {stake && (
              <p className="meta">
                {t('bet.winSum')}: {formatMoney(Math.floor(stake.amount * best), stake.currency, locale)}
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
