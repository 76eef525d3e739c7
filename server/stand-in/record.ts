import type { FastifyRequest } from 'fastify';
import { requestPath } from '../request';

export interface CallRecord {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, unknown>;
  /** Parsed body: multipart fields as strings (files as "[file: N bytes]"), form bodies qs-parsed. */
  body: unknown;
  contentType: string | null;
  /** ISO 8601 time the call arrived. */
  time: string;
}

/** Long dev sessions would otherwise grow the record without bound. */
const MAX_CALLS = 2000;

/** Only the main-site API is recorded and faultable; pages, the promo build and test hooks are not. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/ajax/') || path === '/session.php';
}

function plainBody(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  if (Buffer.isBuffer(body)) return `[file: ${body.length} bytes]`;
  if (Array.isArray(body)) return body.map(plainBody);
  if (typeof body === 'object') {
    return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, plainBody(value)]));
  }
  return body;
}

/**
 * A path filter is either an exact path or a prefix ending in '*', the same notation as the fault table.
 */
export function pathMatches(filter: string, path: string): boolean {
  return filter.endsWith('*') ? path.startsWith(filter.slice(0, -1)) : path === filter;
}

export class CallRecorder {
  private records: CallRecord[] = [];
  private readonly recorded = new WeakSet<FastifyRequest>();

  record(request: FastifyRequest, now: number): void {
    if (this.recorded.has(request)) return;
    this.recorded.add(request);
    this.records.push({
      method: request.method,
      path: requestPath(request),
      query: { ...(request.query as Record<string, unknown> | undefined) },
      body: plainBody(request.body),
      contentType: request.headers['content-type'] ?? null,
      time: new Date(now).toISOString(),
    });
    if (this.records.length > MAX_CALLS) this.records.splice(0, this.records.length - MAX_CALLS);
  }

  calls(pathFilter?: string): CallRecord[] {
    const list = pathFilter ? this.records.filter((call) => pathMatches(pathFilter, call.path)) : this.records;
    return list.map((call) => structuredClone(call));
  }

  clear(): void {
    this.records = [];
  }
}
