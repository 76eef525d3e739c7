/** Spec 7 GET /session.php: a legacy call answered without the {result} envelope and handed on whole. */
import { api, call, type ApiResult } from './client';

function parseSession(data: unknown): Record<string, unknown> | null {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

export function fetchSession(signal?: AbortSignal): Promise<ApiResult<Record<string, unknown>>> {
  return call('/session.php', () => api.get('/session.php', { signal }), parseSession);
}
