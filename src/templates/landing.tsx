import { type HeadFC, type PageProps, withPrefix } from 'gatsby';
import React from 'react';
import { Header } from '../components/Header';
import { HydrateLater } from '../components/HydrateLater';
import { SkipLink } from '../components/SkipLink';
import { AccountProvider, useLoggedIn } from '../features/account/AccountProvider';
import { CountriesProvider } from '../features/countries/CountriesProvider';
import { Countdown } from '../features/countdown/Countdown';
import { useExpiryRedirect } from '../features/expiry/useExpiryRedirect';
import { HeroCreative } from '../features/hero/HeroCreative';
import { useMainSiteLink } from '../features/links/useMainSiteLink';
import { matchLinkTarget, sportNamer } from '../features/odds/match-link';
import { PopularMatches } from '../features/odds/PopularMatches';
import { offerLayout } from '../features/offer/families';
import { Offer } from '../features/offer/Offer';
import { offerTexts } from '../features/offer/offerTexts';
import { REGISTRATION_ID, RegistrationSection } from '../features/registration/RegistrationSection';
import { NavigationNotice } from '../features/preloader/NavigationNotice';
import { Preloader } from '../features/preloader/Preloader';
import { TrackingProvider, useTrack } from '../features/tracking/TrackingProvider';
import type { LandingPageContext } from '../site/page-context';
import { PageShell } from '../site/PageShell';
import type { CasinoGamesProps } from '../features/casino/CasinoGames';
import { lazyPart } from '../site/lazy-part';
import { SeoHead } from '../site/SeoHead';
import { makeTranslate, useT } from '../site/texts';
import { useVisitor } from '../site/visitor';

/**
 * Only casino landings show games: the other landings' first-load JavaScript does not carry them. The
 * build renders them into the HTML; in the browser their section hydrates once the file is there.
 */
const CasinoGames = lazyPart<CasinoGamesProps>(() =>
  import('../features/casino/CasinoGames').then(({ CasinoGames: games }) => ({ default: games })),
);

type LowerSections = typeof import('./lower-sections');
/**
 * Every landing has these: their chunk is fetched as soon as this one runs, beside the first load, so
 * it is there when React reaches them (or when a tap makes it hydrate one at once).
 */
function lower<Name extends keyof LowerSections>(name: Name) {
  const part = lazyPart<React.ComponentProps<LowerSections[Name]>>(() =>
    import('./lower-sections').then((parts) => ({
      default: parts[name] as React.ComponentType<React.ComponentProps<LowerSections[Name]>>,
    })),
  );
  if (typeof window !== 'undefined') part.preload();
  return part;
}
const Steps = lower('Steps');
const AppLinks = lower('AppLinks');
const AppScreenshot = lower('AppScreenshot');
const PaymentIcons = lower('PaymentIcons');
const SocialLinks = lower('SocialLinks');
const Footer = lower('Footer');
const RulesButton = lower('RulesButton');

/**
 * The calls to sign up lead to the in-page form once the page runs; the href stays the main site's
 * registration, which is where a click goes before then or without JavaScript.
 */
function openForm(event?: React.MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(REGISTRATION_ID);
  if (!form) return;
  event?.preventDefault();
  form.scrollIntoView({ behavior: 'smooth', block: 'start' });
  form.querySelector<HTMLElement>('input, select, button, a')?.focus({ preventScroll: true });
}

function Landing({ page }: { page: LandingPageContext }) {
  const t = useT();
  const link = useMainSiteLink(page);
  const loggedIn = useLoggedIn();
  const { promoCode } = useVisitor();
  const { trackClick } = useTrack();
  const redirecting = useExpiryRedirect(page.promotion);
  const offer = offerTexts(page, t);
  const layout = offerLayout(page.offer.copy);
  const { figures } = page.formats;
  // Only casino landings fetch the games' code, and they fetch it while the page hydrates.
  if (page.games.length > 0 && typeof window !== 'undefined') CasinoGames.preload();
  const brand = { brand: page.brandName };
  const apps = [
    { href: link('android'), label: t('apps.android'), icon: 'android' as const },
    { href: link('ios'), label: t('apps.ios'), icon: 'ios' as const },
    { href: link('windowsDownload'), label: t('apps.windows'), icon: 'windows' as const },
  ];
  const goToSite = { href: link('home'), label: t('header.goToSite', brand) };
  const register = loggedIn
    ? goToSite
    : { href: link('registration'), label: t(layout.plainInvitation ? 'cta.registerPlain' : 'cta.register'), onClick: openForm };
  const support =
    'phone' in page.support
      ? { href: `tel:${page.support.phone.replace(/[^\d+]/g, '')}`, label: `${t('support.phone')}: ${page.support.phone}` }
      : { href: `mailto:${page.support.email}`, label: `${t('support.email')}: ${page.support.email}` };

  return (
    <>
      <Preloader brand={page.brand} label={t('preloader.label')} />
      <NavigationNotice text={t('preloader.slow')} />
      <SkipLink href="#offer">{t('skip.content')}</SkipLink>
      <HydrateLater>
        <Header
          brand={page.brand}
          brandName={page.brandName}
          homeHref={link('home')}
          onHomeClick={() => trackClick('click_logo_landing')}
          homeLabel={t('header.home', brand)}
          navLabel={t('nav.account')}
          login={loggedIn ? undefined : { href: link('login'), label: t('header.login') }}
          register={loggedIn ? goToSite : { href: link('registration'), label: t('header.register'), onClick: openForm }}
        />
      </HydrateLater>
      <main>
        {page.hero && <HeroCreative picture={page.hero} />}
        {redirecting && <p role="status">{t('expiry.redirecting')}</p>}
        <HydrateLater>
          <Offer
            title={offer.title}
            text={offer.text}
            actions={layout.appsHero ? apps.map(({ href, label }) => ({ href, label })) : [register]}
          >
            {!page.promotion.permanent && (
              <Countdown endDate={page.promotion.date} title={t('countdown.title')} figures={figures} labels={page.formats.countdown} />
            )}
          </Offer>
        </HydrateLater>
        {/* The country and account data it reads arrive as transitions (site/transition-state), so
            reaching it while it is still dehydrated hydrates it in slices, not in one blocking task. */}
        <HydrateLater>
          <RegistrationSection
            title={t('reg.title')}
            registrationHref={link('registration')}
            goToSite={goToSite}
            brand={page.brand}
            language={page.country}
            captchaLanguage={page.lang}
            currencyCode={page.currency}
            askBirthdate={page.askBirthdate}
            promoCode={promoCode ?? page.promo.code}
            t={t}
            continueHref={link('home')}
          />
        </HydrateLater>
        {page.games.length > 0 && (
          <HydrateLater>
            <CasinoGames games={page.games} t={t} loggedIn={loggedIn} onNeedsAccount={() => openForm()} />
          </HydrateLater>
        )}
        {layout.steps && (
          <HydrateLater>
            <Steps title={t('hero.stepsTitle')} steps={[t('hero.step1'), t('hero.step2'), t('hero.step3')]} />
          </HydrateLater>
        )}
        {!layout.appsHero && (
          <HydrateLater>
            <AppLinks
              title={t('apps.title')}
              text={t('apps.text')}
              links={apps}
              picture={page.appPicture && <AppScreenshot picture={page.appPicture} alt={t('apps.imageAlt', brand)} />}
            />
          </HydrateLater>
        )}
        {page.odds && (
          <HydrateLater>
            <PopularMatches
              title={t('odds.title')}
              ranking={page.odds.ranking}
              count={page.odds.count}
              langId={page.langId}
              figures={figures}
              t={t}
              sportName={sportNamer(page.texts)}
              matchLink={(event) => link(matchLinkTarget(event))}
              stake={page.offer.amount || null}
            />
          </HydrateLater>
        )}
        <HydrateLater>
          <PaymentIcons title={t('payments.title')} systems={page.payments} />
          <SocialLinks title={t('social.title')} links={page.socials} label={(network) => t('social.follow', { ...brand, network })} />
        </HydrateLater>
      </main>
      <HydrateLater>
        <Footer
          label={t('support.title')}
          links={[
            support,
            { href: link('support'), label: t('links.support') },
            { href: link('feedback'), label: t('links.feedback') },
            { href: link('recovery'), label: t('links.recovery') },
          ]}
          extra={<RulesButton promoId={page.promo.id} language={page.country} t={t} onOpen={() => trackClick('click_rules_landing')} />}
          notes={[t('footer.adults'), t('footer.rights', { ...brand, year: page.year })]}
        />
      </HydrateLater>
    </>
  );
}

export default function LandingTemplate({ pageContext }: PageProps<object, LandingPageContext>) {
  return (
    <PageShell brand={pageContext.brand} texts={pageContext.texts}>
      <CountriesProvider langId={pageContext.langId} region={pageContext.region}>
        <AccountProvider extraCurrencyId={pageContext.extraCurrencyId}>
          <TrackingProvider slug={pageContext.slug} language={pageContext.country}>
            <Landing page={pageContext} />
          </TrackingProvider>
        </AccountProvider>
      </CountriesProvider>
    </PageShell>
  );
}

export const Head: HeadFC<object, LandingPageContext> = ({ pageContext: page }) => {
  const t = makeTranslate(page.texts);
  const offer = offerTexts(page, t);
  const description = t('meta.description', { offer: offer.title, brand: page.brandName });
  return (
    <SeoHead
      lang={page.lang}
      dir={page.dir}
      title={`${offer.title} | ${page.brandName}`}
      description={description}
      path={`/${page.brand}/${page.country}/${page.slug}/`}
      alternates={page.alternates}
      favicon={`/favicons/${page.brand}.svg`}
      noindex={page.promotion.expiredAtBuild}
      og={{ title: offer.title, description, siteName: page.brandName, locale: page.lang.replace('-', '_') }}
    >
      {page.promotion.expiredAtBuild && <meta httpEquiv="refresh" content={`0; url=${withPrefix(page.promotion.expiryTarget)}`} />}
    </SeoHead>
  );
};
