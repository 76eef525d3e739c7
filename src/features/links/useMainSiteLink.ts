import { useCallback } from 'react';
import { mainSiteLink, type LinkContext, type MainSiteTarget } from '../../domain/links';
import type { LandingPageContext } from '../../domain/page-context';
import { useVisitor, type Visitor } from '../../site/visitor';

/** What the built HTML assumes of a visitor before the browser tells more: a phone, no code of their own. */
export const BUILT_VISITOR: Pick<Visitor, 'device' | 'promoCode'> = { device: 'mobile', promoCode: null };

export function landingLinkContext(page: LandingPageContext, visitor: Pick<Visitor, 'device' | 'promoCode'>): LinkContext {
  return {
    brand: page.brand,
    language: page.country,
    device: visitor.device,
    countryId: page.countryId,
    langId: page.langId,
    defaultPromoCode: page.promo.code,
    promoCode: visitor.promoCode,
  };
}

/** Builds main-site links for this landing and this visitor (device, captured promo code). */
export function useMainSiteLink(page: LandingPageContext): (target: MainSiteTarget) => string {
  const { device, promoCode } = useVisitor();
  return useCallback(
    (target: MainSiteTarget) => mainSiteLink(target, landingLinkContext(page, { device, promoCode })),
    [page, device, promoCode],
  );
}
