/**
 * The one place for the security headers of everything under /promo.
 *
 * - The stand-in main site (server/app.ts) sends exactly these, so the browser tests run under the
 *   real policy and a violation shows up as a console error.
 * - deploy/promo.http.conf and deploy/promo.server.conf spell the same values for nginx;
 *   tests/built/nginx.test.ts checks that what nginx sends equals what this module says.
 *
 * Why each host is allowed is in docs/deploy.md, "The CSP choice".
 */
import { METRICS_HOST } from '../src/site/metrics-counter';

/** Google Tag Manager and the Google Analytics 4 tag it is set up to fire (Google's documented GA4 endpoints). */
export const TAG_MANAGER = 'https://www.googletagmanager.com';
export const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'] as const;
/** reCAPTCHA v3: api.js from www.google.com, the release bundle from www.gstatic.com, its invisible anchor frame. */
export const CAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] as const;
export const CAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] as const;
/** Yandex Metrika: its hits (XHR and the <noscript> pixel) go to the host. */
export const METRICS = METRICS_HOST;
/**
 * Its script, tag.js, lives under /metrika/. Only there: the host also answers JSONP (/watch/…?callback=),
 * which would let an injected <script src> run in a browser that goes by the host list.
 */
export const METRICS_SCRIPTS = `${METRICS_HOST}/metrika/`;

/** Every host outside the site that the policy names, for tests that want the exact list. */
export const POLICY_HOSTS = [...new Set([TAG_MANAGER, ...ANALYTICS, ...CAPTCHA_SCRIPTS, ...CAPTCHA_FRAMES, METRICS, METRICS_SCRIPTS])];

/** Where the per-page script hashes go inside script-src (the nginx config puts `$promo_script_hashes` there). */
const HASHES = Symbol('script hashes');

const DIRECTIVES: ReadonlyArray<readonly [string, ReadonlyArray<string | typeof HASHES>]> = [
  ['default-src', ["'self'"]],
  // 'strict-dynamic': a browser that knows it runs only the page's hashed scripts and what they insert, and
  // ignores 'self' and the hosts after it; those are the list for browsers without it (docs/deploy.md, "The CSP choice").
  ['script-src', ["'self'", HASHES, "'strict-dynamic'", TAG_MANAGER, ...CAPTCHA_SCRIPTS, METRICS_SCRIPTS]],
  // styled-components and gatsby-plugin-image write <style> elements and style="" attributes.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  // data: for gatsby-plugin-image's inline SVG placeholders.
  ['img-src', ["'self'", 'data:', TAG_MANAGER, ...ANALYTICS.slice(0, 1), METRICS]],
  ['connect-src', ["'self'", TAG_MANAGER, ...ANALYTICS, METRICS]],
  // The tag manager's frame appears only in its <noscript> fallback.
  ['frame-src', [...CAPTCHA_FRAMES, TAG_MANAGER]],
  // gatsby-plugin-offline's service worker.
  ['worker-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  // Only the main site itself may frame a landing.
  ['frame-ancestors', ["'self'"]],
];

/** The Content-Security-Policy of an HTML page whose scripts have these hash sources (csp-hashes.ts scriptHashes). */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return DIRECTIVES.map(([name, sources]) => {
    let value = name;
    for (const source of sources) value += source === HASHES ? scriptHashes.map((hash) => ` ${hash}`).join('') : ` ${source}`;
    return value;
  }).join('; ');
}

/**
 * The policy as nginx spells it: the hashes come from `map $uri $promo_script_hashes` (public/_csp.nginx.map),
 * whose values start with a space, hence no space before the variable.
 */
export function nginxContentSecurityPolicy(): string {
  return contentSecurityPolicy(['\u0000']).replace(' \u0000', '$promo_script_hashes');
}

/** Sent with every response under /promo, whatever its type or status. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  // Pages of other origins that open a landing lose their handle on it; the landing's own popups keep theirs.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/** All security headers of one response; the policy only for HTML, where it governs what the page loads. */
export function securityHeadersFor(contentType: string | undefined, scriptHashes: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS };
  if (contentType && /^text\/html\b/i.test(contentType)) headers['Content-Security-Policy'] = contentSecurityPolicy(scriptHashes);
  return headers;
}
