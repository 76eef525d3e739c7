/**
 * The visitor's browser fingerprint ("imprint", spec 4): computed when the browser is idle, kept in
 * storage, handed to the main site once, and attached to every tracking event.
 */
import { whenIdle } from '../runtime/idle';
import { sendImprint } from './calls/tracking';

import { IMPRINT_KEYS, isImprint } from '../domain/imprint';

export { IMPRINT_KEYS, IMPRINT_PATTERN, isImprint } from '../domain/imprint';

/** requestIdleCallback may starve on a busy page; events wait for the imprint only about 2 s anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * The fingerprint is the heaviest script the page runs (several long tasks on a phone) and nothing
 * the visitor sees waits for it, so it starts well after load, once the first reading and tapping are
 * over, instead of competing with the form and the odds cards.
 */
export const IMPRINT_SETTLE_MS = 10_000;

/** The library outweighs the rest of the tracking code: imported here, on idle, so it stays out of the first-load bundle. */
export async function computeImprint(): Promise<string> {
  const fingerprint = await import('@fingerprintjs/fingerprintjs');
  // monitoring off: the library would otherwise report itself to a third-party host.
  const agent = await fingerprint.load({ monitoring: false });
  const { visitorId } = await agent.get();
  if (!isImprint(visitorId)) throw new Error('fingerprint is not 1–128 latin letters or digits');
  return visitorId;
}

/** The idle moment as a promise (the same rule as the rest of the page's deferred work). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(() => resolve(), { settleMs: IMPRINT_SETTLE_MS, timeout: IDLE_TIMEOUT_MS });
  });
}

/** The hash already in storage, if any: events can carry it at once on a return visit. */
export function storedImprint(storage: Storage | null): string | null {
  const hash = storage?.getItem(IMPRINT_KEYS.hash) ?? null;
  return isImprint(hash) ? hash : null;
}

/** Without storage (private mode) there is nothing to remember the hash by across pages: once per page load. */
let inFlight: Promise<string | null> | null = null;
let unstoredHash: string | null = null;

async function run(storage: Storage | null): Promise<string | null> {
  let hash = storedImprint(storage) ?? unstoredHash;
  if (hash !== null && (storage === null ? unstoredHash !== null : storage.getItem(IMPRINT_KEYS.sent) === hash)) {
    return hash;
  }
  if (hash === null) {
    await idle();
    hash = await computeImprint();
    storage?.setItem(IMPRINT_KEYS.hash, hash);
    if (!storage) unstoredHash = hash;
  }
  const sent = await sendImprint(hash);
  // Marked only when the main site took it: a failed send is tried again on the next visit.
  if (sent.ok) storage?.setItem(IMPRINT_KEYS.sent, hash);
  return hash;
}

/**
 * Resolves to the visitor's imprint, or null if it could not be computed; never rejects (spec 8:
 * imprint failures are logged only). Concurrent callers share one computation and one send.
 */
export function ensureImprint(storage: Storage | null): Promise<string | null> {
  if (inFlight) return inFlight;
  inFlight = run(storage)
    .catch((error: unknown) => {
      console.warn(`[promo] imprint failed: ${error instanceof Error ? error.message : String(error)}`);
      return storedImprint(storage) ?? unstoredHash;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
