import { withPrefix } from 'gatsby';
import { useEffect, useSyncExternalStore } from 'react';
import { expiryTarget, isCalendarDate, isPromotionClosed } from '../../domain/expiry';
import { isSitePath, parseLandingPath } from '../../domain/paths';
import type { LandingPageContext } from '../../domain/page-context';

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
 * Spec 2: once a promotion is over the visitor is sent on to its replacement, and so before its first
 * day, as the build judges it. Checked in the browser because the static page may have been built
 * before the end date.
 */
export function useExpiryRedirect(promotion: LandingPageContext['promotion']): boolean {
  const days = { date: promotion.date, ...(promotion.firstDay === undefined ? {} : { first_day: promotion.firstDay }) };
  const valid = isCalendarDate(promotion.date) && (promotion.firstDay === undefined || isCalendarDate(promotion.firstDay));
  const overNow = () => valid && !(promotion.permanent && days.first_day === undefined) && isPromotionClosed(days, Date.now());
  // The built HTML says what the build knew; the browser's clock decides from the first render after it.
  const over = useSyncExternalStore(noSubscription, overNow, () => promotion.expiredAtBuild);
  useEffect(() => {
    if (over && !promotion.expiredAtBuild)
      window.location.replace(withPrefix(safeExpiryTarget(promotion.expiryTarget, window.location.pathname)));
  }, [over, promotion]);
  return over || promotion.expiredAtBuild;
}

const noSubscription = () => () => undefined;
