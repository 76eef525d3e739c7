/**
 * Consumer side of the main-site contract (issue 11): the landings' real src/api calls against Pact's
 * mock server, each with the least answer the contract promises. Every passing interaction is written
 * to contract/promo-landings-main-site.json, which `npm run contract:verify` then replays against the
 * stand-in (`npm test`) or a main site (contract/README.md). The file is rewritten from scratch on each
 * run, so it holds exactly the interactions below.
 */
import { readFileSync, rmSync } from 'node:fs';
import { CALLS, type CallName } from '../../src/api/contract';
import { PACT_FILE } from '../../scripts/contract/pact';
import { dataInteractions } from './interactions/data';
import { pageInteractions } from './interactions/page';
import { registrationInteractions } from './interactions/registration';
import { smsInteractions } from './interactions/sms';
import { mainSitePact } from './pact-helpers';

/** A new pact per test: an interaction left half-built by a failing test cannot leak into the next. */
const pact = () => mainSitePact();

beforeAll(() => rmSync(PACT_FILE, { force: true }));

// Failures are logged by the api functions (spec 8); the assertions say what the visitor sees instead.
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('data the page reads', () => dataInteractions(pact));
describe('registration', () => registrationInteractions(pact));
describe('SMS confirmation', () => smsInteractions(pact));
describe('what the page posts', () => pageInteractions(pact));

/** register_new has no caller on the landings (src/api/contract.ts), so no interaction speaks for it. */
const NOT_CALLED: CallName[] = ['registerNew'];

// Last in the file: jest runs a file's tests in order, so the pact is complete by now.
test('the pact covers every main-site call the landings make (spec 7)', () => {
  const pactFile = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: { request: { method: string; path: string } }[] };
  const requests = pactFile.interactions.map(({ request }) => `${request.method} ${request.path}`);
  const uncovered = (Object.keys(CALLS) as CallName[])
    .filter((name) => !NOT_CALLED.includes(name))
    .filter((name) => {
      const { method, path } = CALLS[name];
      const pattern = new RegExp(`^${method} ${path.replace('{id}', '\\d+')}$`);
      return !requests.some((request) => pattern.test(request));
    });
  expect(uncovered).toEqual([]);
  expect(requests.filter((request) => request.endsWith(CALLS.registerNew.path))).toEqual([]);
});
