/** Where the whole promo area is mounted behind the main site (spec 2, 9). */
export const BASE_PATH = '/promo';

/** Drops the /promo prefix if present; the result always starts with "/". */
export function stripBasePath(pathname: string, base: string = BASE_PATH): string {
  if (pathname === base) return '/';
  if (pathname.startsWith(`${base}/`)) return pathname.slice(base.length);
  return pathname.startsWith('/') ? pathname : `/${pathname}`;
}

/**
 * Canonical form used for matching (spec 2): /index.html is /, and trailing slashes are dropped.
 * Repeated slashes are collapsed so "//zenit" cannot be read as a host.
 */
export function normalizePath(pathname: string): string {
  let path = `/${pathname.split(/[?#]/, 1)[0]}`.replace(/\/{2,}/g, '/');
  for (let previous = ''; previous !== path;) {
    previous = path;
    path = path.replace(/\/+$/, '').replace(/\/index\.html$/, '');
  }
  return path || '/';
}

export interface LandingPathParts {
  brand: string;
  language: string;
  landing: string;
}

/**
 * Spec 2: brand is the first segment, language the second and the landing name the second-to-last
 * of the slash-terminated path (/{brand}/{language}/{landing}/), i.e. the last real segment.
 * Returns null for paths with fewer than three segments (the index, the 404 page).
 */
export function parseLandingPath(pathname: string): LandingPathParts | null {
  const segments = stripBasePath(normalizePath(pathname)).split('/').filter(Boolean);
  if (segments.length < 3) return null;
  return { brand: segments[0], language: segments[1], landing: segments[segments.length - 1] };
}

/** The site path of a landing, slash-terminated as Gatsby emits it. */
export function landingPath(brand: string, country: string, slug: string): string {
  return `/${brand}/${country}/${slug}/`;
}

/**
 * A redirect target from a table must stay on this site: one leading "/", no scheme, no "//" or "\"
 * anywhere a browser could read as a host, no dot segments.
 */
export function isSitePath(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return false;
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(target) || target.includes('//')) return false;
  return !target.split('/').some((segment) => segment === '.' || segment === '..');
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Gatsby's router decodes the address and cannot match one with empty segments or backslashes
 * ("/promo/%2F%2Fx/" becomes "/promo///x/"): its 404 page then fails to render and the page goes blank.
 * Such an address is tidied to single slashes before the router reads it; null when it is fine as it is.
 */
export function tidyRequestedPath(pathname: string): string | null {
  const decoded = decodePath(pathname);
  if (!/[\\]|\/\//.test(decoded)) return null;
  return encodeURI(decoded.replace(/[\\/]+/g, '/'));
}
