/** Spec 7 GET /ajax/line/printer/ranked/{id}: popular events, joined with their dictionary for cards. */
import { call, type ApiResult } from '../../../main-site/client';
import { CALLS, DEFAULT_EVENT_COUNT, readRankedEvents, type Outcome, type PopularEvent } from '../../../main-site/contract';

export { DEFAULT_EVENT_COUNT };
export type { Outcome, PopularEvent };

/** Failures are logged only; the cards are hidden (spec 8). */
export function fetchPopularEvents(
  ranking: number,
  langId: number,
  limit: number = DEFAULT_EVENT_COUNT,
  signal?: AbortSignal,
): Promise<ApiResult<PopularEvent[]>> {
  const path = CALLS.rankedEvents.path.replace('{id}', encodeURIComponent(ranking));
  return call(
    path,
    (api) => api.get(path, { params: { onlyview: 0, lang_id: langId, timezone: 3 }, signal }),
    (data) => readRankedEvents(data, limit),
    { logOnly: true },
  );
}
