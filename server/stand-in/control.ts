import type { FaultTable } from './faults';
import type { CallRecord } from './record';

/** Programmatic access to the stand-in's test hooks, for tests that build the app themselves. */
export interface StandInControl {
  /** Recorded /ajax/* and /session.php calls, oldest first; `path` is exact or a prefix ending in '*'. */
  calls(path?: string): CallRecord[];
  /** Forgets the recorded calls. */
  reset(): void;
  /** Last SMS code sent to each phone. */
  smsCodes(): Record<string, string>;
  faults: {
    get(): FaultTable;
    /** Replaces the whole table; throws on an invalid one. */
    set(table: FaultTable): void;
    clear(): void;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    standIn: StandInControl;
  }
}
