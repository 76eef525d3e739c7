import { withPrefix } from 'gatsby';
import { useEffect, useState } from 'react';
import { expiryTarget, isCalendarDate, isPromotionExpired } from '../../domain/expiry';
import { isSitePath, parseLandingPath } from '../../domain/paths';
import type { LandingPageContext } from '../../site/page-context';

/**
 * Where the browser goes: the page's target only while it is a path on this site. The target comes
 * with the page data, which the build checks but the browser cannot trust (a stale or tampered
 * page-data.json, a cache in between): anything else, an absolute URL, "//host", "/\host",
 * "javascript:", falls back to the brand's freebet30 in the language of the address (spec 2).
 */
export function safeExpiryTarget(target: string, pathname: string): string {
  if (isSitePath(target)) return target;
  const here = parseLandingPath(pathname);
  const fallback = here ? expiryTarget(here.brand, here.language) : '/';
  return isSitePath(fallback) ? fallback : '/';
}

/**
 * Spec 2: once a promotion is over the visitor is sent on to its replacement. Checked in the
 * browser because the static page may have been built before the end date.
 */
export function useExpiryRedirect(promotion: LandingPageContext['promotion']): boolean {
  const [redirecting, setRedirecting] = useState(promotion.expiredAtBuild);
  useEffect(() => {
    if (promotion.permanent || !isCalendarDate(promotion.date) || !isPromotionExpired(promotion.date, Date.now())) return;
    setRedirecting(true);
    window.location.replace(withPrefix(safeExpiryTarget(promotion.expiryTarget, window.location.pathname)));
  }, [promotion]);
  return redirecting;
}
