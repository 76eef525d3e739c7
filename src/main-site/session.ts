/** Spec 7 GET /session.php: a legacy call answered without the {result} envelope and handed on whole. */
import { call, type ApiResult } from './client';
import { CALLS, readSession } from './contract';

export function fetchSession(signal?: AbortSignal): Promise<ApiResult<Record<string, unknown>>> {
  const { path } = CALLS.session;
  return call(path, (api) => api.get(path, { signal }), readSession);
}
