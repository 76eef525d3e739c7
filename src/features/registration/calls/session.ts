/** Spec 7 GET /session.php: a legacy call answered without the {result} envelope and handed on whole. */
import { fromRawAnswer, type ApiResult } from '../../../main-site/answer';
import { CALLS, readSession } from '../../../main-site/contract';
import { fetchAnswer } from '../../../main-site/fetch-answer';

/** By fetch: the form opens the session once the page is idle, before any visitor's action needs axios. */
export function fetchSession(signal?: AbortSignal): Promise<ApiResult<Record<string, unknown>>> {
  const { path } = CALLS.session;
  return fromRawAnswer(path, fetchAnswer(path, { signal }), readSession);
}
