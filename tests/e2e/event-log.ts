import path from 'node:path';

/**
 * The event log of the suite's stand-in (playwright.config.ts gives it as PROMO_EVENT_LOG): under
 * test-results/, so browser tests can read what the pages sent. It is appended to across runs.
 */
export const E2E_EVENT_LOG = path.resolve(__dirname, '..', '..', 'test-results', 'stand-in', 'events.jsonl');
