/** Spec 7 GET /session.php: a legacy call answered without the {result} envelope and handed on whole. */
import type { ApiResult } from './answer';
import { CALLS, readSession } from './contract';
import { fetchCall } from './fetch-call';

/** By fetch: the form opens the session once the page is idle, before any visitor's action needs axios. */
export function fetchSession(signal?: AbortSignal): Promise<ApiResult<Record<string, unknown>>> {
  return fetchCall(CALLS.session.path, { signal }, readSession);
}
