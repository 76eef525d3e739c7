/**
 * Building blocks of the consumer side of the main-site pact: the pact itself, requests in the
 * encodings the landings send (multipart, form, query) with matchers for what varies, and the
 * answers the contract needs at least. The real src/main-site functions are pointed at Pact's mock server.
 */
// The package root also loads Pact's verifier, whose https-proxy-agent is ES modules only, which jest's
// CommonJS sandbox cannot require; the consumer DSL alone has no such dependency.
import { MatchersV3 as M, PactV3, SpecificationVersion, type Rules, type V3Request } from '@pact-foundation/pact/src/v3';
import { Agent } from 'node:http';
import { api } from '../../src/main-site/ajax';
import { fetchDefaults } from '../../src/main-site/fetch-answer';
import { CONSUMER, CONTRACT_DIR, PROVIDER } from '../../scripts/contract/pact';
import { SESSION_COOKIE_VALUE } from '../../server/stand-in/pact-states';

/** V4: bodies carry their content type and encoding, so the multipart examples replay as sent. */
export function mainSitePact(): PactV3 {
  return new PactV3({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: CONTRACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'error',
  });
}

/**
 * Both transports (the axios instance and the fetch calls) talk to the mock server for the test's
 * duration, as they would to the main site's origin. Each test has a mock server of its own, which may
 * get the port of the last one: without keep-alive no axios request can ride a connection left open to
 * that earlier server (node's fetch drops a connection its server closed).
 */
export async function againstMock<T>(url: string, run: () => Promise<T>): Promise<T> {
  const { baseURL, httpAgent } = api.defaults;
  const { base } = fetchDefaults;
  api.defaults.baseURL = url;
  api.defaults.httpAgent = new Agent({ keepAlive: false });
  fetchDefaults.base = url;
  try {
    return await run();
  } finally {
    api.defaults.baseURL = baseURL;
    api.defaults.httpAgent = httpAgent;
    fetchDefaults.base = base;
  }
}

/** What a browser adds to the landing's calls once the main site has opened a session. */
export const EXAMPLE_SESSION_COOKIE = 'zsid=0123456789abcdef0123456789abcdef';

/** A browser sends the session cookie by itself; in node the test adds it to both transports. */
export async function withSessionCookie<T>(run: () => Promise<T>): Promise<T> {
  api.defaults.headers.common.Cookie = EXAMPLE_SESSION_COOKIE;
  fetchDefaults.headers.Cookie = EXAMPLE_SESSION_COOKIE;
  try {
    return await run();
  } finally {
    delete api.defaults.headers.common.Cookie;
    delete fetchDefaults.headers.Cookie;
  }
}

/** The header every landing call carries (src/main-site/ajax.ts), which main sites use to tell /ajax calls apart. */
const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

/** The session a provider state opened, read from the state's values when the pact is replayed. */
export const SESSION = { Cookie: M.fromProviderState(`\${${SESSION_COOKIE_VALUE}}`, EXAMPLE_SESSION_COOKIE) };

/**
 * An example value and the pattern every value the page sends matches (a Pact regex must match the
 * whole value); without a pattern the value is fixed.
 */
export interface Field {
  example: string;
  pattern?: string;
}

export const field = (example: string, pattern?: string): Field => ({ example, pattern });

const BOUNDARY = 'promo-landings-pact';

export interface MultipartRequest {
  request: V3Request;
  /** The parts' patterns; Pact's DSL takes them apart from the body (`withMultipart`). */
  rules: Rules;
}

/**
 * A multipart request: the example body replays on the provider as is; on the consumer side each part
 * must be present and match its pattern, the boundary may be any (browsers pick their own).
 */
export function multipartRequest(path: string, fields: Record<string, Field>, headers: V3Request['headers'] = {}): MultipartRequest {
  const body =
    Object.entries(fields)
      .map(([name, { example }]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${example}\r\n`)
      .join('') + `--${BOUNDARY}--\r\n`;
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  return {
    request: {
      method: 'POST',
      path,
      headers: { ...AJAX, 'Content-Type': M.regex('^multipart/form-data; ?boundary=.+$', contentType), ...headers },
      body,
      contentType,
    },
    rules: {
      body: Object.entries(fields)
        .filter(([, { pattern }]) => pattern !== undefined)
        .map(([name, { example, pattern }]) => ({ path: `$.${name}`, rules: [M.regex(pattern!, example)] })),
    },
  };
}

/**
 * A form-urlencoded request; keys are written as the landings' qs encoding names them
 * (`data[promo_id]`), every one the page sends must be there and no other.
 */
export function formRequest(path: string, fields: Record<string, Field>, headers: V3Request['headers'] = {}): V3Request {
  const body = Object.fromEntries(
    Object.entries(fields).map(([name, { example, pattern }]) => [name, pattern === undefined ? example : M.regex(pattern, example)]),
  );
  return { method: 'POST', path, headers: { ...AJAX, 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body };
}

export function getRequest(path: V3Request['path'], query: V3Request['query'] = {}, headers: V3Request['headers'] = {}): V3Request {
  return { method: 'GET', path, query, headers: { ...AJAX, ...headers } };
}

/** A bodiless POST (sms/send). */
export function emptyPost(path: string, headers: V3Request['headers'] = {}): V3Request {
  return { method: 'POST', path, headers: { ...AJAX, ...headers } };
}

/** Success is the status (spec 8): any 2xx. */
export const SUCCESS = M.matchStatus(200, M.HTTPResponseStatusClass.Success);

/**
 * The least a registration step or a post says (src/main-site/contract/answers.ts): a 2xx with
 * `{"result": true}`; more fields may come.
 */
export const BARE_SUCCESS = { status: SUCCESS, body: { result: true } };

/**
 * A refusal as the page places it (src/main-site/contract/readers.ts, serverErrorOf): any 4xx status,
 * `error.code` the page knows, `error.field` in the main site's names, the main site's own message
 * (logged only).
 */
export function refusal(code: string, fieldName: string | null, exampleStatus: number, extra: Record<string, unknown> = {}) {
  return {
    status: M.matchStatus(exampleStatus, M.HTTPResponseStatusClass.ClientError),
    body: { error: { code, message: M.string('The main site says why'), ...(fieldName === null ? {} : { field: fieldName }), ...extra } },
  };
}

/** Adds a multipart request to the interaction being built, its parts' patterns included. */
export function withMultipart(pact: PactV3, { request, rules }: MultipartRequest): PactV3 {
  // The second call re-applies method and path only: headers again would double their matching rules.
  return pact.withRequest(request).withRequestMatchingRules({ method: request.method, path: request.path }, rules);
}
