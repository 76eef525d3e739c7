/**
 * The host serves an A/B variant's page at its landing's own address (src/domain/experiments.ts). The
 * page's HTML names the variant's own path (window.pagePath), and Gatsby, finding it differs from the
 * address, would navigate there: the internal path in the address bar, shared and bookmarked. So before
 * Gatsby compares them (onClientEntry), a variant page shown at its landing's address takes that address
 * as its path. Its page data, which the host answers for the address by the same split, routes there too
 * (variantMatchPath).
 */
import { landingOfVariantPath } from '../domain/experiments';
import { normalizePath, stripBasePath } from '../domain/paths';

export function keepLandingAddress(win: { pagePath?: string; location: { pathname: string } }): void {
  const landing = win.pagePath ? landingOfVariantPath(win.pagePath) : null;
  if (landing && normalizePath(stripBasePath(win.location.pathname)) === normalizePath(landing)) win.pagePath = landing;
}
