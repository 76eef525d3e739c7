/**
 * Consumer side of the main-site contract: the landings' real src/main-site calls against Pact's
 * mock server, each with the least answer the contract promises. Every passing interaction is written
 * to contract/promo-landings-main-site.json, which `npm run contract:verify` then replays against the
 * stand-in (`npm test`) or a main site (contract/README.md). The file is rewritten from scratch on each
 * run, so it holds exactly the interactions below.
 */
import { readFileSync, rmSync } from 'node:fs';
import { CALLS, type CallName, type Encoding } from '../../src/main-site/contract';
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

interface PactRequest {
  method: string;
  path: string;
  query?: Record<string, string[]>;
  headers?: Record<string, string[]>;
  body?: { content: string | object; contentType: string; encoded: false | 'base64' };
}

const written = (): PactRequest[] =>
  (JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: { request: PactRequest }[] }).interactions.map(({ request }) => request);

/** The call of src/main-site/contract/calls.ts a request of the pact is, by method and path. */
function callOf(request: PactRequest): CallName | undefined {
  return (Object.keys(CALLS) as CallName[]).find((name) => {
    const { method, path } = CALLS[name];
    return method === request.method && new RegExp(`^${path.replace('{id}', '\\d+')}$`).test(request.path);
  });
}

/** How a request of the pact is encoded and the fields it names (form keys by their name before any `[`). */
function sent(request: PactRequest): { encoding: Encoding; fields: string[] } {
  if (request.query && Object.keys(request.query).length > 0) return { encoding: 'query', fields: Object.keys(request.query) };
  if (!request.body) return { encoding: 'none', fields: [] };
  const text =
    request.body.encoded === 'base64' ? Buffer.from(String(request.body.content), 'base64').toString('utf8') : String(request.body.content);
  if (request.body.contentType.startsWith('multipart/form-data')) {
    return { encoding: 'multipart', fields: [...text.matchAll(/name="([^"]+)"/g)].map((match) => match[1]) };
  }
  return { encoding: 'form', fields: [...new URLSearchParams(text).keys()] };
}

/** register_new has no caller on the landings (src/main-site/contract/calls.ts), so no interaction speaks for it. */
const NOT_CALLED: CallName[] = ['registerNew'];

// Last in the file: jest runs a file's tests in order, so the pact is complete by now.
describe('the pact written', () => {
  test('covers every main-site call the landings make (spec 7), register_new aside', () => {
    const calls = new Set(written().map(callOf));
    expect(calls.has(undefined)).toBe(false);
    expect((Object.keys(CALLS) as CallName[]).filter((name) => !calls.has(name))).toEqual(NOT_CALLED);
  });

  test('sends each call in the encoding and with the fields src/main-site/contract/calls.ts names for it', () => {
    for (const request of written()) {
      const call = CALLS[callOf(request)!];
      const { encoding, fields } = sent(request);
      const named = fields.map((name) => ((call.sends as readonly string[]).includes(name) ? name : name.replace(/\[.*$/, '')));
      expect({ path: request.path, encoding, fields: [...new Set(named)].sort() }).toEqual({
        path: request.path,
        encoding: call.encoding,
        fields: [...call.sends].sort(),
      });
    }
  });
});
