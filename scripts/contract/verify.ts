/**
 * Verifies a main site against the pact the landings wrote (contract/promo-landings-main-site.json):
 *
 *   PACT_PROVIDER_URL=https://staging.main-site.example npm run contract:verify
 *
 * PACT_PROVIDER_STATES_URL names the main site's provider-state endpoint (Pact's protocol: a POST of
 * `{state, params, action}` per state, answered with the values to inject); without it no state is
 * set up. Pact's own filters pick interactions: PACT_DESCRIPTION, PACT_PROVIDER_STATE (regexes) and
 * PACT_PROVIDER_NO_STATE=true (only those without a state). contract/README.md says more.
 *
 * Without PACT_PROVIDER_URL the stand-in main site (server/) is started on a free port in its default,
 * minimal mode, with its own provider-state hook; `npm test` runs it so. STAND_IN_FAULTS (a fault
 * table, server/README.md) makes that stand-in drift on purpose, to watch the verification fail.
 */
import pact from '@pact-foundation/pact-core';
import { buildApp } from '../../server/app';
import { parseFaultTable } from '../../server/stand-in/faults';
import { HOOK_PREFIX } from '../../server/stand-in/routes/test-hooks';
import { PACT_FILE, PROVIDER } from './pact';

/**
 * Pact's Rust verifier replays each request exactly as the pact holds it (multipart and form bodies
 * included) and checks the answer; pact-js's Verifier would route it through a proxy that rewrites
 * form-encoded bodies as JSON, a known pact-js bug.
 */
async function verify(providerBaseUrl: string, providerStatesSetupUrl: string | undefined): Promise<string> {
  return pact.verifyPacts({
    provider: PROVIDER,
    providerBaseUrl,
    // pact-core refuses the key when it is there without a value.
    ...(providerStatesSetupUrl ? { providerStatesSetupUrl } : {}),
    pactUrls: [PACT_FILE],
    logLevel: 'warn',
    failIfNoPactsFound: true,
  });
}

async function verifyStandIn(): Promise<void> {
  const faults = process.env.STAND_IN_FAULTS ? parseFaultTable(JSON.parse(process.env.STAND_IN_FAULTS)) : {};
  // No build is served: the contract covers /ajax and /session.php only.
  const app = buildApp({ publicDir: '/nonexistent-promo-build', smsLog: () => undefined, faults });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`Verifying the stand-in main site (minimal answers) at ${address}`);
  try {
    await verify(address, `${address}${HOOK_PREFIX}/pact-states`);
  } finally {
    await app.close();
  }
}

function verifyRemote(url: string): Promise<string> {
  const statesUrl = process.env.PACT_PROVIDER_STATES_URL;
  console.log(`Verifying ${url} (provider states: ${statesUrl ?? 'none set up'})`);
  return verify(url, statesUrl);
}

/** The verifier rejects with its JSON report; its table is already printed, so name what failed. */
function failedInteractions(error: unknown): string[] {
  try {
    const report = JSON.parse((error as Error).message) as { errors?: { interaction?: string }[] };
    return (report.errors ?? []).map((entry) => entry.interaction ?? 'an interaction');
  } catch {
    return [];
  }
}

const url = process.env.PACT_PROVIDER_URL;
(url ? verifyRemote(url) : verifyStandIn()).then(
  () => console.log(`${PACT_FILE}: verified`),
  (error: unknown) => {
    const failed = failedInteractions(error);
    if (failed.length > 0) console.error(`Not verified:\n${failed.map((name) => `  - ${name}`).join('\n')}`);
    else console.error(error);
    process.exitCode = 1;
  },
);
