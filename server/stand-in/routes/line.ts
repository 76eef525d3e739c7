import type { FastifyInstance } from 'fastify';
import type { AnswerStyle } from '../context';
import { minimalLine, styled } from '../minimal';
import { ApiError, envelope } from '../errors';
import { EVENTS, LEAGUES, SPORTS, TEAMS, outcomeHash, type EventFixture } from '../fixtures/events';
import { localeForLangId, parseLangId } from '../i18n';

export interface Outcome {
  h: string;
  odds: number;
}

export interface LineEvent {
  id: number;
  c1_id: number;
  c2_id: number;
  sid: number;
  lid: number;
  dt: number;
  f_l: [Outcome, Outcome, Outcome];
}

/** Ranking 0 is the overall top; a sport id narrows it to that sport, as the real line does. */
export function rankingSports(id: string): number[] | undefined {
  if (!/^\d{1,3}$/.test(id)) return undefined;
  const rankingId = Number(id);
  if (rankingId === 0) return SPORTS.map((sport) => sport.sid);
  return SPORTS.some((sport) => sport.sid === rankingId) ? [rankingId] : undefined;
}

function startTime(event: EventFixture, nowMs: number): number {
  const hourMs = 3600_000;
  const tomorrowOnTheHour = Math.ceil((nowMs + 24 * hourMs) / hourMs) * hourMs;
  return Math.floor((tomorrowOnTheHour + (event.dayOffset * 24 + event.hour) * hourMs) / 1000);
}

function toLineEvent(event: EventFixture, nowMs: number): LineEvent {
  const draw = SPORTS.find((sport) => sport.sid === event.sid)?.hasDraw ?? false;
  return {
    id: event.id,
    c1_id: event.home,
    c2_id: event.away,
    sid: event.sid,
    lid: event.lid,
    dt: startTime(event, nowMs),
    f_l: [
      { h: outcomeHash(event.id, '1'), odds: event.odds[0] },
      // No draw market: empty hash and odds 0 keep the three-entry shape the odds card expects.
      draw ? { h: outcomeHash(event.id, 'X'), odds: event.odds[1] } : { h: '', odds: 0 },
      { h: outcomeHash(event.id, '2'), odds: event.odds[2] },
    ],
  };
}

export function registerLineRoutes(app: FastifyInstance, now: () => number, answers: AnswerStyle): void {
  app.get<{ Params: { id: string } }>('/ajax/line/printer/ranked/:id', async (request) => {
    const sports = rankingSports(request.params.id);
    if (!sports) throw new ApiError(404, 'ranking_not_found', `No ranking with id ${request.params.id}`, 'id');
    const query = request.query as Record<string, unknown>;
    let langId = 1;
    if (query.lang_id !== undefined) {
      const parsed = parseLangId(query.lang_id);
      if (parsed === undefined) throw new ApiError(400, 'lang_id_invalid', 'lang_id must be a number', 'lang_id');
      langId = parsed;
    }
    // Russian names exist for every team; any other language gets the English ones.
    const russian = localeForLangId(langId) === 'ru';

    const events = EVENTS.filter((event) => sports.includes(event.sid));
    const nowMs = now();
    const line = events.map((event) => toLineEvent(event, nowMs)).sort((a, b) => a.dt - b.dt || a.id - b.id);
    const teamIds = new Set(events.flatMap((event) => [event.home, event.away]));
    const teams = TEAMS.filter((team) => teamIds.has(team.id));
    const leagueIds = new Set(events.map((event) => event.lid));

    const rich = envelope({
      line,
      eng: {
        cmd: Object.fromEntries(teams.map((team) => [String(team.id), team.en])),
        sport: Object.fromEntries(SPORTS.filter((sport) => sports.includes(sport.sid)).map((sport) => [String(sport.sid), sport.name])),
        league: Object.fromEntries(
          LEAGUES.filter((league) => leagueIds.has(league.lid)).map((league) => [String(league.lid), league.name]),
        ),
      },
      cmd: Object.fromEntries(teams.map((team) => [String(team.id), russian ? team.ru : team.en])),
    });
    return styled(answers, rich, minimalLine);
  });
}
