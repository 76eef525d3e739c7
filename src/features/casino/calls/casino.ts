/** Spec 7 POST /ajax/casino/init_demo and init_game: the address where a casino game starts. */
import { isSitePath } from '../../../domain/paths';
import { call, formBody, type ApiResult } from '../../../main-site/client';
import { CALLS, readGameStart } from '../../../main-site/contract';

export type GameMode = 'demo' | 'real';

export interface CasinoGame {
  uid: string;
  isLive: boolean;
}

export interface GameStart {
  /** Where the game runs; null when the main site did not say, and the page opens its casino page instead. */
  url: string | null;
}

const PATHS: Record<GameMode, string> = {
  demo: CALLS.gameDemo.path,
  real: CALLS.gameReal.path,
};

/** The page navigates to this address, so only this site or an explicit http(s) address is followed. */
export function isSafeGameUrl(url: string): boolean {
  if (url.startsWith('/')) return isSitePath(url);
  if (/[\s\\\u0000-\u001f\u007f]/.test(url)) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An address the page must not follow (another scheme, control characters) makes the answer invalid. */
function readSafeGameStart(data: unknown): GameStart | null {
  const { url } = readGameStart(data);
  return url === null || isSafeGameUrl(url) ? { url } : null;
}

export function startCasinoGame(mode: GameMode, game: CasinoGame, homeUrl: string): Promise<ApiResult<GameStart>> {
  const path = PATHS[mode];
  return call(
    path,
    async (api) => {
      const body = await formBody({ uid: game.uid, is_live: game.isLive ? 1 : 0, home_url: homeUrl });
      return api.post(path, body, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    },
    readSafeGameStart,
  );
}
