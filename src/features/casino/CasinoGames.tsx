import React, { useState } from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import type { Translate } from '../../site/texts';
import { outlinedButton } from '../../components/outlined-button';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

export interface Game {
  uid: string;
  name: string;
  provider: string;
  live: boolean;
}

const Section = styled(PageSection)`
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Tile = styled.li<{ $hue: number }>`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem;
  border-radius: 12px;
  background: linear-gradient(160deg, hsl(${({ $hue }) => $hue} 55% 32%), hsl(${({ $hue }) => ($hue + 40) % 360} 55% 20%));

  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    font-size: ${TYPE.small};
    color: ${color.muted};
  }
  button {
    min-height: 44px;
    ${outlinedButton}
  }
  button.play {
    background: ${color.accent};
    color: ${color.onAccent};
  }
  .error {
    color: #ffb4ab;
  }
`;

/** A colour per game from its name, so tiles differ without images to download. */
function hueOf(name: string): number {
  return [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
}

export interface CasinoGamesProps {
  games: Game[];
  t: Translate;
  loggedIn: boolean;
  /** Real play for a visitor who is not logged in leads to registration. */
  onNeedsAccount: () => void;
  /** The game's page on the main site (spec 2), where the game opens when the main site names no address. */
  gameHref: (uid: string) => string;
}

/** Spec 7 casino init: demo for anyone, real money for logged-in visitors; the game opens in place. */
export function CasinoGames({ games, t, loggedIn, onNeedsAccount, gameHref }: CasinoGamesProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);

  const start = async (game: Game, mode: 'demo' | 'real') => {
    if (mode === 'real' && !loggedIn) {
      onNeedsAccount();
      return;
    }
    if (starting) return;
    setStarting(game.uid);
    setFailed(null);
    const { startCasinoGame } = await import('./calls/casino');
    const result = await startCasinoGame(mode, { uid: game.uid, isLive: game.live }, window.location.href);
    setStarting(null);
    if (result.ok) window.location.assign(result.data.url ?? gameHref(game.uid));
    else setFailed(game.uid);
  };

  return (
    <Section aria-labelledby="games-title">
      <h2 id="games-title">{t('casino.title')}</h2>
      <ul>
        {games.map((game) => (
          <Tile key={game.uid} $hue={hueOf(game.name)} data-testid="game-tile">
            <h3>{game.name}</h3>
            <p>{game.provider}</p>
            <button
              type="button"
              className="play"
              disabled={starting === game.uid}
              aria-label={t('casino.playOf', { game: game.name })}
              onClick={() => void start(game, 'real')}
            >
              {t('cta.play')}
            </button>
            {!game.live && (
              <button
                type="button"
                disabled={starting === game.uid}
                aria-label={t('casino.demoOf', { game: game.name })}
                onClick={() => void start(game, 'demo')}
              >
                {t('cta.demo')}
              </button>
            )}
            {failed === game.uid && (
              <p className="error" role="alert">
                {t('casino.error')}
              </p>
            )}
          </Tile>
        ))}
      </ul>
    </Section>
  );
}
