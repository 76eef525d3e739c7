/**
 * The parts of a landing that never change after the build: rendered by the server into the HTML and
 * kept by the browser as they are (runtime/static-part.tsx), so none of this code or its styles is in the
 * browser's first load. Each part renders from the page context alone, with the links the built page
 * assumes (a phone, the landing's promo code); the browser points them for its visitor afterwards
 * (features/links/point-links.ts) and shows the links that fit the login state (GlobalStyle).
 */
import React from 'react';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { SkipLink } from '../components/SkipLink';
import { AppLinks } from '../features/apps/AppLinks';
import { AppScreenshot } from '../features/apps/AppScreenshot';
import { Countdown } from '../features/countdown/Countdown';
import { HeroCreative } from '../features/hero/HeroCreative';
import { BUILT_VISITOR, landingLinkContext } from '../features/links/useMainSiteLink';
import { offerLayout } from '../domain/offer-families';
import { Offer } from '../features/offer/Offer';
import { offerTexts } from '../features/offer/offerTexts';
import { Steps } from '../features/offer/Steps';
import { PaymentIcons } from '../features/payments/PaymentIcons';
import { NoticeLines, OfferNotices } from '../features/notices/MarketNotices';
import { NavigationNotice } from '../features/preloader/NavigationNotice';
import { Preloader } from '../features/preloader/Preloader';
import { RulesButton } from '../features/rules/RulesButton';
import { SocialLinks } from '../features/social/SocialLinks';
import { mainSiteLink } from '../domain/links';
import type { LandingPageContext } from '../domain/page-context';
import { makeTranslate } from '../site/texts';
import { ConsentSettingsButton } from '../site/consent-sheet';
import { landingLinks } from './landing-links';

interface PartProps {
  page: LandingPageContext;
}

function built(page: LandingPageContext) {
  const t = makeTranslate(page.texts);
  const links = landingLinks(page, t, (target) => mainSiteLink(target, landingLinkContext(page, BUILT_VISITOR)));
  return { t, links, brand: { brand: page.brandName } };
}

export function LandingPreloader({ page }: PartProps) {
  return <Preloader brand={page.brand} label={makeTranslate(page.texts)('preloader.label')} />;
}

export function LandingTop({ page }: PartProps) {
  const { t, links, brand } = built(page);
  return (
    <>
      <NavigationNotice text={t('preloader.slow')} />
      <SkipLink href="#offer">{t('skip.content')}</SkipLink>
      <Header
        brand={page.brand}
        brandName={page.brandName}
        home={links.home}
        homeLabel={t('header.home', brand)}
        navLabel={t('nav.account')}
        links={links.header}
      />
    </>
  );
}

export function LandingOffer({ page }: PartProps) {
  const { t, links } = built(page);
  const offer = offerTexts(page, t);
  return (
    <>
      {page.hero && <HeroCreative picture={page.hero} />}
      <Offer title={offer.title} text={offer.text} actions={links.offer}>
        {!page.promotion.permanent && (
          <Countdown title={t('countdown.title')} figures={page.formats.figures} labels={page.formats.countdown} />
        )}
      </Offer>
      {page.market.notices.place === 'offer' && <OfferNotices notices={page.market.notices} />}
    </>
  );
}

/** The steps and the apps, between the form (and casino games) and the odds cards. */
export function LandingMiddle({ page }: PartProps) {
  const { t, links, brand } = built(page);
  const layout = offerLayout(page.offer.copy);
  return (
    <>
      {layout.steps && <Steps title={t('hero.stepsTitle')} steps={[t('hero.step1'), t('hero.step2'), t('hero.step3')]} />}
      {!layout.appsHero && (
        <AppLinks
          title={t('apps.title')}
          text={t('apps.text')}
          links={links.apps}
          picture={page.appPicture && <AppScreenshot picture={page.appPicture} alt={t('apps.imageAlt', brand)} />}
        />
      )}
    </>
  );
}

export function LandingBottom({ page }: PartProps) {
  const { t, brand } = built(page);
  return (
    <>
      <PaymentIcons title={t('payments.title')} systems={page.payments} />
      <SocialLinks title={t('social.title')} links={page.socials} label={(network) => t('social.follow', { ...brand, network })} />
    </>
  );
}

export function LandingFooter({ page }: PartProps) {
  const { t, links, brand } = built(page);
  const notices = page.market.notices;
  return (
    <Footer
      label={t('support.title')}
      links={links.footer}
      extras={[
        <RulesButton key="rules" label={t('links.rules')} />,
        ...(page.market.consent === 'none' ? [] : [<ConsentSettingsButton key="consent" label={t('consent.settings')} />]),
      ]}
      notes={[t('footer.rights', { ...brand, year: page.year })]}
    >
      {notices.place === 'footer' && (
        <div data-notices="footer">
          <NoticeLines notices={notices} />
        </div>
      )}
    </Footer>
  );
}
