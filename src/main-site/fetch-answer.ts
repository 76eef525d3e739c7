/**
 * The main-site calls a plain visit makes by itself go by the browser's fetch, not axios: the first-screen
 * script's country and account reads, the session, the tracking events and the imprint. axios is the
 * heaviest library of the site, slow to evaluate on a phone, and it came to every visit only for these
 * calls. What a visitor asks for
 * (registration, SMS, casino, odds, rules) still goes through axios (client.ts).
 * The answer comes back raw and is judged by the same rules as every other (answer.ts fromRawAnswer).
 * No imports beyond timing: the inline first-screen script is built from this file too.
 */
import { REQUEST_TIMEOUT_MS } from '../domain/timing';

/** A call's answer before the contract reads it: the status and the body as text (status 0: no answer). */
export interface RawAnswer {
  status: number;
  body: string;
  retryAfter: string | null;
  /** No answer within REQUEST_TIMEOUT_MS: the call was given up (status 0). */
  timedOut?: boolean;
  /** The caller's signal ended the call (status 0). */
  aborted?: boolean;
}

export interface FetchInit {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (an event sent as the visitor leaves). */
  keepalive?: boolean;
}

/**
 * Where the calls go and what each carries beyond the page's own: in the browser the page's origin and
 * cookies; the contract tests point them at Pact's mock server, as they do axios's defaults.
 */
export const fetchDefaults: { base: string; headers: Record<string, string> } = { base: '', headers: {} };

type Scope = Pick<Window, 'fetch' | 'setTimeout' | 'clearTimeout'>;

const NO_ANSWER: RawAnswer = { status: 0, body: '', retryAfter: null };

/** One call with the page's credentials, given up after REQUEST_TIMEOUT_MS like every call of the page. */
export function fetchAnswer(path: string, init: FetchInit = {}, scope: Scope = globalThis as unknown as Scope): Promise<RawAnswer> {
  const controller = typeof AbortController === 'function' ? new AbortController() : null;
  const { signal } = init;
  const onAbort = () => controller?.abort();
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  let timer = 0;
  const givenUp = new Promise<RawAnswer>((resolve) => {
    timer = scope.setTimeout(() => {
      resolve({ ...NO_ANSWER, timedOut: true });
      controller?.abort();
    }, REQUEST_TIMEOUT_MS) as unknown as number;
  });
  let request: Promise<Response>;
  try {
    request = scope.fetch(fetchDefaults.base + path, {
      method: init.method ?? 'GET',
      body: init.body,
      keepalive: init.keepalive,
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...fetchDefaults.headers, ...init.headers },
      signal: controller?.signal,
    });
  } catch (error) {
    // A browser without fetch, or a request it refuses to make: no answer, never a throw into the page.
    request = Promise.reject(error);
  }
  const answered = request
    .then((response) =>
      response.text().then((body) => ({ status: response.status, body, retryAfter: response.headers.get('retry-after') })),
    )
    // A body cut off half-way fails like no answer at all.
    .catch(() => (signal?.aborted ? { ...NO_ANSWER, aborted: true } : NO_ANSWER));
  return Promise.race([answered, givenUp]).finally(() => {
    scope.clearTimeout(timer);
    // A signal the caller keeps (the tracker's, one per event) must not hold every ended call.
    signal?.removeEventListener('abort', onAbort);
  });
}
