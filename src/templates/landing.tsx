import { type HeadFC, type PageProps, withPrefix } from 'gatsby';
import React from 'react';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { AppLinks } from '../features/apps/AppLinks';
import { useExpiryRedirect } from '../features/expiry/useExpiryRedirect';
import { useMainSiteLink } from '../features/links/useMainSiteLink';
import { Offer } from '../features/offer/Offer';
import { offerTexts } from '../features/offer/offerTexts';
import type { LandingPageContext } from '../site/page-context';
import { PageShell } from '../site/PageShell';
import { SeoHead } from '../site/SeoHead';
import { makeTranslate, useT } from '../site/texts';

function Landing({ page }: { page: LandingPageContext }) {
  const t = useT();
  const link = useMainSiteLink(page);
  const redirecting = useExpiryRedirect(page.promotion);
  const offer = offerTexts(page, t);
  const brand = { brand: page.brandName };
  const support = 'phone' in page.support
    ? { href: `tel:${page.support.phone.replace(/[^\d+]/g, '')}`, label: `${t('support.phone')}: ${page.support.phone}` }
    : { href: `mailto:${page.support.email}`, label: `${t('support.email')}: ${page.support.email}` };

  return (
    <>
      <Header
        brandName={page.brandName}
        homeHref={link('home')}
        homeLabel={t('header.home', brand)}
        login={{ href: link('login'), label: t('header.login') }}
        register={{ href: link('registration'), label: t('header.register') }}
      />
      <main>
        {redirecting && <p role="status">{t('expiry.redirecting')}</p>}
        <Offer
          title={offer.title}
          text={offer.text}
          cta={{ href: link('registration'), label: t(page.offer.copy === 'none' ? 'cta.registerPlain' : 'cta.register') }}
        />
        <AppLinks
          title={t('apps.title')}
          links={[
            { href: link('android'), label: t('apps.android') },
            { href: link('ios'), label: t('apps.ios') },
            { href: link('windowsDownload'), label: t('apps.windows') },
          ]}
        />
      </main>
      <Footer
        links={[
          support,
          { href: link('support'), label: t('links.support') },
          { href: link('feedback'), label: t('links.feedback') },
          { href: link('recovery'), label: t('links.recovery') },
        ]}
        notes={[t('footer.adults'), t('footer.rights', { ...brand, year: new Date().getFullYear() })]}
      />
    </>
  );
}

export default function LandingTemplate({ pageContext }: PageProps<object, LandingPageContext>) {
  return (
    <PageShell brand={pageContext.brand} texts={pageContext.texts}>
      <Landing page={pageContext} />
    </PageShell>
  );
}

export const Head: HeadFC<object, LandingPageContext> = ({ pageContext: page }) => {
  const t = makeTranslate(page.texts);
  const offer = offerTexts(page, t);
  return (
    <SeoHead
      lang={page.lang}
      dir={page.dir}
      title={`${offer.title} | ${page.brandName}`}
      description={t('meta.description', { offer: offer.title, brand: page.brandName })}
      path={`/${page.brand}/${page.country}/${page.slug}/`}
      alternates={page.alternates}
      favicon={`/favicons/${page.brand}.svg`}
      noindex={page.promotion.expiredAtBuild}
    >
      {page.promotion.expiredAtBuild && (
        <meta httpEquiv="refresh" content={`0; url=${withPrefix(page.promotion.expiryTarget)}`} />
      )}
    </SeoHead>
  );
};
