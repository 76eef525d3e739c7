/**
 * The main-site contract as a Pact: one pact file under contract/, written by the consumer
 * tests (tests/contract/) from the landings' real src/main-site calls, and verified against a main site,
 * the stand-in included, by scripts/contract/verify.ts (`npm run contract:verify`, contract/README.md).
 */
import path from 'node:path';

export const CONSUMER = 'promo-landings';
export const PROVIDER = 'main-site';
export const CONTRACT_DIR = path.resolve(__dirname, '..', '..', 'contract');
/** Pact's own naming: `<consumer>-<provider>.json`. */
export const PACT_FILE = path.join(CONTRACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

// Pact's core reports usage to a third-party host unless told not to; nothing here may call one.
process.env.PACT_DO_NOT_TRACK = 'true';
