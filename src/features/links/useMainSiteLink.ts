import { useCallback } from 'react';
import { mainSiteLink, type MainSiteTarget } from '../../domain/links';
import type { LandingPageContext } from '../../site/page-context';
import { useVisitor } from '../../site/visitor';

/** Builds main-site links for this landing and this visitor (device, captured promo code). */
export function useMainSiteLink(page: LandingPageContext): (target: MainSiteTarget) => string {
  const { device, promoCode } = useVisitor();
  return useCallback(
    (target: MainSiteTarget) =>
      mainSiteLink(target, {
        brand: page.brand,
        language: page.country,
        device,
        countryId: page.countryId,
        langId: page.langId,
        defaultPromoCode: page.promo.code,
        promoCode,
      }),
    [page, device, promoCode],
  );
}
