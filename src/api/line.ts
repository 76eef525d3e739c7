/** Spec 7 GET /ajax/line/printer/ranked/{id}: popular events, joined with their dictionary for cards. */
import { api, call, resultOf, type ApiResult } from './client';

export const DEFAULT_EVENT_COUNT = 6;

export interface Outcome {
  kind: 'home' | 'draw' | 'away';
  odds: number;
  /** The main site's outcome hash, used when the bet is placed there. */
  hash: string;
}

export interface PopularEvent {
  id: number;
  sport: { id: number; name: string };
  league: { id: number; name: string };
  home: { id: number; name: string; urlName: string };
  away: { id: number; name: string; urlName: string };
  /** Kick-off, epoch ms. */
  startsAt: number;
  /** Home win, draw (absent where the sport has none) and away win, in that order. */
  outcomes: Outcome[];
}

type Dict = Record<string, string>;
const dict = (value: unknown): Dict => (value && typeof value === 'object' ? (value as Dict) : {});
const KINDS: Outcome['kind'][] = ['home', 'draw', 'away'];

/**
 * Keeps the events a card can show (both teams named, home and away odds) up to `limit`, in the
 * order the main site ranked them. Display names come from `cmd` (the page language), URL names from
 * the English dictionary.
 */
export function processRankedEvents(data: unknown, limit: number = DEFAULT_EVENT_COUNT): PopularEvent[] | null {
  const result = resultOf(data) as Record<string, unknown> | undefined;
  if (!result || !Array.isArray(result.line)) return null;
  const eng = (result.eng ?? {}) as Record<string, unknown>;
  const engTeams = dict(eng.cmd);
  const sports = dict(eng.sport);
  const leagues = dict(eng.league);
  const localTeams = dict(result.cmd);
  const events: PopularEvent[] = [];
  for (const raw of result.line as Record<string, unknown>[]) {
    if (events.length >= limit) break;
    const { id, c1_id, c2_id, sid, lid, dt, f_l } = raw ?? {};
    if (typeof id !== 'number' || !Array.isArray(f_l) || f_l.length !== 3) continue;
    const team = (teamId: unknown) => {
      const urlName = engTeams[String(teamId)];
      return urlName ? { id: Number(teamId), name: localTeams[String(teamId)] || urlName, urlName } : null;
    };
    const home = team(c1_id);
    const away = team(c2_id);
    const outcomes = (f_l as { h?: unknown; odds?: unknown }[])
      .map((entry, index) => ({ kind: KINDS[index], odds: Number(entry?.odds), hash: String(entry?.h ?? '') }))
      .filter((outcome) => Number.isFinite(outcome.odds) && outcome.odds > 1);
    if (!home || !away || !outcomes.some((o) => o.kind === 'home') || !outcomes.some((o) => o.kind === 'away')) continue;
    events.push({
      id,
      sport: { id: Number(sid), name: sports[String(sid)] ?? '' },
      league: { id: Number(lid), name: leagues[String(lid)] ?? '' },
      home,
      away,
      startsAt: Number(dt) * 1000,
      outcomes,
    });
  }
  return events;
}

/** Failures are logged only; the cards are hidden (spec 8). */
export function fetchPopularEvents(
  ranking: number,
  langId: number,
  limit: number = DEFAULT_EVENT_COUNT,
  signal?: AbortSignal,
): Promise<ApiResult<PopularEvent[]>> {
  return call(
    `/ajax/line/printer/ranked/${ranking}`,
    () =>
      api.get(`/ajax/line/printer/ranked/${encodeURIComponent(ranking)}`, {
        params: { onlyview: 0, lang_id: langId, timezone: 3 },
        signal,
      }),
    (data) => processRankedEvents(data, limit),
    { logOnly: true },
  );
}
