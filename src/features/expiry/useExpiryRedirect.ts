import { withPrefix } from 'gatsby';
import { useEffect, useState } from 'react';
import { isPromotionExpired } from '../../domain/expiry';
import type { LandingPageContext } from '../../site/page-context';

/**
 * Spec 2: once a promotion is over the visitor is sent on to its replacement. Checked in the
 * browser because the static page may have been built before the end date.
 */
export function useExpiryRedirect(promotion: LandingPageContext['promotion']): boolean {
  const [redirecting, setRedirecting] = useState(promotion.expiredAtBuild);
  useEffect(() => {
    if (promotion.permanent || !isPromotionExpired(promotion.date, Date.now())) return;
    setRedirecting(true);
    window.location.replace(withPrefix(promotion.expiryTarget));
  }, [promotion]);
  return redirecting;
}
