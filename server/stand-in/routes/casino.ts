import type { FastifyInstance } from 'fastify';
import { signedIn, type StandInContext } from '../context';
import { ApiError, envelope } from '../errors';
import { BARE_SUCCESS, styled } from '../minimal';
import { asFields, givenField, stringField } from '../fields';

const GAME_UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * home_url is where the game's "exit" button leads, so it must stay on this site (a path) or be an
 * explicit http(s) address; anything else (javascript:, //host, backslashes) is an open redirect.
 */
export function isAcceptableHomeUrl(value: string): boolean {
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

interface GameRequest {
  uid: string;
  isLive: boolean;
  homeUrl?: string;
}

function readGameRequest(body: unknown): GameRequest {
  const fields = asFields(body);
  const uid = givenField(fields, 'uid');
  if (uid === undefined) throw new ApiError(400, 'game_invalid', 'Game uid is required', 'uid');
  if (!GAME_UID_PATTERN.test(uid)) throw new ApiError(400, 'game_invalid', 'Unknown game uid', 'uid');
  const isLive = stringField(fields, 'is_live');
  if (isLive !== undefined && isLive !== '' && isLive !== '0' && isLive !== '1') {
    throw new ApiError(400, 'game_invalid', 'is_live must be 0 or 1', 'is_live');
  }
  const homeUrl = givenField(fields, 'home_url');
  if (homeUrl !== undefined && !isAcceptableHomeUrl(homeUrl)) {
    throw new ApiError(400, 'home_url_invalid', 'home_url must be a path on this site or an http(s) address', 'home_url');
  }
  return { uid, isLive: isLive === '1', homeUrl };
}

function playUrl(game: GameRequest, mode: 'demo' | 'real'): string {
  const params = new URLSearchParams({ mode });
  if (game.isLive) params.set('is_live', '1');
  if (game.homeUrl !== undefined) params.set('home_url', game.homeUrl);
  return `/casino/play/${encodeURIComponent(game.uid)}?${params.toString()}`;
}

export function registerCasinoRoutes(app: FastifyInstance, ctx: StandInContext): void {
  app.post('/ajax/casino/init_demo', async (request) => {
    return styled(ctx.answers, envelope({ url: playUrl(readGameRequest(request.body), 'demo') }), () => BARE_SUCCESS);
  });

  app.post('/ajax/casino/init_game', async (request) => {
    if (!signedIn(ctx, request)) throw new ApiError(401, 'not_authorized', 'Log in to play for real money');
    return styled(ctx.answers, envelope({ url: playUrl(readGameRequest(request.body), 'real') }), () => BARE_SUCCESS);
  });
}
