import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathMatches } from './record';

export interface Fault {
  /** Answer with this status instead of running the route (body defaults to an error envelope). */
  status?: number;
  /** Answer with this body (JSON-encoded unless it is a string, which is sent verbatim). */
  body?: unknown;
  /** Content type for `body`; defaults to application/json. */
  contentType?: string;
  /** Wait this long before doing anything else (the route still runs unless another fault field says otherwise). */
  delayMs?: number;
  /** Run the route, then send its answer cut short with status 200 so it is no longer JSON. */
  malformed?: boolean;
  /** Destroy the connection without answering. */
  drop?: boolean;
  /** Never answer; the connection is closed after 60 s if the client has not given up by then. */
  timeout?: boolean;
}

/** Route path (exact, or a prefix ending in '*') → fault. */
export type FaultTable = Record<string, Fault>;

export const MAX_HOLD_MS = 60_000;

const FAULT_KEYS = new Set(['status', 'body', 'contentType', 'delayMs', 'malformed', 'drop', 'timeout']);

/** Validates a table coming from the environment or the test hook; throws with a readable message. */
export function parseFaultTable(input: unknown): FaultTable {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new Error('fault table must be a JSON object mapping route paths to faults');
  }
  const table: FaultTable = {};
  for (const [route, value] of Object.entries(input as Record<string, unknown>)) {
    if (!route.startsWith('/') && route !== '*') {
      throw new Error(`fault route "${route}" must start with "/" (or be "*")`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new Error(`fault for "${route}" must be an object`);
    }
    const fault = value as Record<string, unknown>;
    for (const key of Object.keys(fault)) {
      if (!FAULT_KEYS.has(key)) throw new Error(`fault for "${route}" has unknown field "${key}"`);
    }
    if (
      fault.status !== undefined &&
      (!Number.isInteger(fault.status) || (fault.status as number) < 100 || (fault.status as number) > 599)
    ) {
      throw new Error(`fault for "${route}": status must be an HTTP status code`);
    }
    if (fault.delayMs !== undefined && (typeof fault.delayMs !== 'number' || !(fault.delayMs >= 0))) {
      throw new Error(`fault for "${route}": delayMs must be a non-negative number`);
    }
    if (fault.contentType !== undefined && typeof fault.contentType !== 'string') {
      throw new Error(`fault for "${route}": contentType must be a string`);
    }
    for (const flag of ['malformed', 'drop', 'timeout'] as const) {
      if (fault[flag] !== undefined && typeof fault[flag] !== 'boolean') {
        throw new Error(`fault for "${route}": ${flag} must be true or false`);
      }
    }
    table[route] = fault as Fault;
  }
  return table;
}

export class FaultStore {
  private table: FaultTable;

  constructor(initial: FaultTable = {}) {
    this.table = parseFaultTable(initial);
  }

  get(): FaultTable {
    return structuredClone(this.table);
  }

  set(table: FaultTable): void {
    this.table = parseFaultTable(table);
  }

  clear(): void {
    this.table = {};
  }

  /** An exact entry wins; otherwise the longest matching '*' prefix does. */
  match(path: string): Fault | undefined {
    const exact = this.table[path];
    if (exact) return exact;
    let best: { length: number; fault: Fault } | undefined;
    for (const [route, fault] of Object.entries(this.table)) {
      if (!route.endsWith('*') || !pathMatches(route, path)) continue;
      if (!best || route.length > best.length) best = { length: route.length, fault };
    }
    return best?.fault;
  }
}

/** Timers holding faulted requests; cleared on close so a stopping server never waits a minute. */
export class HeldRequests {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly wakers = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.min(ms, MAX_HOLD_MS));
      this.timers.add(timer);
      this.wakers.add(wake);
    });
  }

  hold(ms: number, onExpire: () => void): () => void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        onExpire();
      },
      Math.min(ms, MAX_HOLD_MS),
    );
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  releaseAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.wakers]) wake();
  }
}

const MALFORMED_MARK = Symbol('standInMalformed');

type MarkedRequest = FastifyRequest & { [MALFORMED_MARK]?: true };

function destroyConnection(reply: FastifyReply): void {
  // Destroying the response destroys its socket on a real server, and is what inject() understands as a reset.
  reply.raw.destroy();
}

/**
 * Applies a fault inside a preHandler hook. Resolves to true when the fault has answered (or
 * swallowed) the request, so the hook must stop the route.
 */
export async function applyFault(
  fault: Fault,
  request: FastifyRequest,
  reply: FastifyReply,
  held: HeldRequests,
  holdMs: number,
): Promise<boolean> {
  if (fault.delayMs) await held.sleep(fault.delayMs);

  if (fault.drop) {
    reply.hijack();
    destroyConnection(reply);
    return true;
  }

  if (fault.timeout) {
    reply.hijack();
    const release = held.hold(holdMs, () => destroyConnection(reply));
    // The client giving up closes the connection; nothing is left to hold then.
    reply.raw.once('close', release);
    request.raw.socket?.once?.('close', release);
    return true;
  }

  if (fault.status !== undefined || fault.body !== undefined) {
    const status = fault.status ?? 200;
    const body =
      fault.body !== undefined
        ? fault.body
        : {
            error: {
              code: status >= 500 ? 'internal_error' : 'fault_injected',
              message: `Stand-in fault: ${request.method} ${request.url} answers ${status}`,
            },
          };
    reply.code(status);
    if (typeof body === 'string') {
      reply.type(fault.contentType ?? 'application/json; charset=utf-8').send(body);
    } else {
      reply.type(fault.contentType ?? 'application/json; charset=utf-8').send(JSON.stringify(body));
    }
    return true;
  }

  if (fault.malformed) (request as MarkedRequest)[MALFORMED_MARK] = true;
  return false;
}

/** onSend step for `malformed`: keep the route's answer but cut it in half and pretend it succeeded. */
export function malformPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!(request as MarkedRequest)[MALFORMED_MARK]) return payload;
  reply.code(200);
  reply.type('application/json; charset=utf-8');
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
  // Any proper prefix of a JSON object is invalid JSON; short answers get a fixed broken opening.
  return text.length >= 8 ? text.slice(0, Math.floor(text.length / 2)) : '{"result":';
}
