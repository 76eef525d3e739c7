/** Spec 9: captcha v3, action "registration", captcha_state 0; one site key for dev and localhost hosts, one for production. */
export const CAPTCHA_ACTION = 'registration';

/** Hosts that use the development site key: this machine, and the operator's dev and staging hosts. */
const DEVELOPMENT_HOST =
  /^(localhost|127\.0\.0\.1|\[::1\]|.+\.localhost|.+\.local|(dev|stage|staging)[.-].+|.+\.(dev|stage|staging)\..+)$/i;

export function isDevelopmentHost(hostname: string): boolean {
  return DEVELOPMENT_HOST.test(hostname);
}

export interface CaptchaKeys {
  production?: string;
  development?: string;
}

/** The site key for this host, or null when none is configured for it. */
export function captchaSiteKey(hostname: string, keys: CaptchaKeys): string | null {
  return (isDevelopmentHost(hostname) ? keys.development : keys.production) || null;
}

/**
 * The token sent from a development host that has no site key configured: only the stand-in main
 * site accepts it, never the real one, and it is never used on a production host.
 */
export const LOCAL_DEVELOPMENT_TOKEN = 'local-development-without-captcha';
