/**
 * A landing's head: <html lang/dir>, title, description, canonical, alternates, Open Graph and, for a
 * promotion over at build, the refresh to where it went. The server writes it into the document
 * (gatsby-ssr.tsx); the Head API renders it only on a client-side navigation, so a landing loaded as a
 * document does no head work in the browser (no React root of its own, no diff of the head at load).
 */
import { withPrefix } from 'gatsby';
import React from 'react';
import { CONTROL } from '../domain/experiments';
import { offerTexts } from '../features/offer/offerTexts';
import type { LandingPageContext } from '../domain/page-context';
import { seoHeadTags } from '../site/SeoHead';
import { makeTranslate } from '../site/texts';

export function landingHtmlAttributes(page: LandingPageContext): { lang: string; dir: 'ltr' | 'rtl' } {
  return { lang: page.lang, dir: page.dir };
}

export function landingHeadTags(page: LandingPageContext, siteUrl: string, fromServer = false): React.ReactElement {
  const t = makeTranslate(page.texts);
  const offer = offerTexts(page, t);
  const description = t('meta.description', { offer: offer.title, brand: page.brandName });
  return seoHeadTags(
    {
      title: `${offer.title} | ${page.brandName}`,
      description,
      path: `/${page.brand}/${page.country}/${page.slug}/`,
      alternates: page.alternates,
      brand: page.brand,
      // An A/B variant's own page is not for search engines: its canonical is the landing's address above.
      noindex: page.promotion.expiredAtBuild || (page.variant !== null && page.variant !== CONTROL),
      og: { title: offer.title, description, siteName: page.brandName, locale: page.lang.replace('-', '_') },
      children: page.promotion.expiredAtBuild && <meta httpEquiv="refresh" content={`0; url=${withPrefix(page.promotion.expiryTarget)}`} />,
    },
    siteUrl,
    fromServer,
  );
}
