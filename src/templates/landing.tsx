import { type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import type { LandingSection } from '../domain/experiments';
import { mainSiteLink } from '../domain/links';
import { HydrateLater } from '../components/HydrateLater';
import { AccountProvider, useLoggedIn } from '../site/AccountProvider';
import type { CasinoGamesProps } from '../features/casino/CasinoGames';
import { CountriesProvider } from '../features/registration/CountriesProvider';
import { useExpiryRedirect } from '../features/expiry/useExpiryRedirect';
import { landingLinkContext, useMainSiteLink } from '../features/links/useMainSiteLink';
import { matchLinkTarget, sportNamer } from '../features/odds/match-link';
import { PopularMatches } from '../features/odds/PopularMatches';
import { RegistrationSection } from '../features/registration/RegistrationSection';
import { TrackingProvider, useTrack } from '../tracking/TrackingProvider';
import { island } from '../runtime/island';
import type { LandingPageContext } from '../domain/page-context';
import { PageShell } from '../site/PageShell';
import { currentVisitor } from '../site/visitor';
import { documentHasServerHead } from '../site/SeoHead';
import { SITE_URL } from '../site/site-url';
import { staticParts } from '../runtime/static-part';
import { useT } from '../site/texts';
import { landingHeadTags, landingHtmlAttributes } from './landing-head';
import { landingLinks } from './landing-links';
import { useLandingEnhancements } from './use-landing-enhancements';

/**
 * The parts that never change are server HTML the browser keeps (runtime/static-part.tsx): their module is
 * in the server's render and in develop, and webpack leaves it out of the browser's first load, where
 * BUILD_STAGE is "build-javascript" (a client-side render fetches it as a chunk of its own).
 */
const StaticPart = staticParts<typeof import('./landing-parts')>(
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack drops from the browser bundle at build
  process.env.BUILD_STAGE === 'build-javascript' ? null : require('./landing-parts'),
  () => import('./landing-parts'),
);

/**
 * Only casino landings show games: the other landings' first-load JavaScript does not carry them. The
 * build renders them into the HTML; in the browser they are an island that comes alive as the visitor
 * turns to it (a pointer over the tiles, a touch, a focus): a tap before that is kept by the
 * first-screen script and played once the tiles are alive.
 */
const CasinoGames = island<CasinoGamesProps>(
  'casino',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack drops from the browser bundle at build
  process.env.BUILD_STAGE === 'build-javascript' ? null : require('../features/casino/CasinoGames').CasinoGames,
  () => import('../features/casino/CasinoGames').then(({ CasinoGames: games }) => ({ default: games })),
);

/**
 * What React hydrates and renders in the browser is only what changes or takes input: the registration
 * form, the casino tiles and the odds cards, each in a boundary React hydrates after the shell. The rest
 * is static HTML the browser enhances without React (use-landing-enhancements.ts).
 */
function Landing({ page }: { page: LandingPageContext }) {
  const t = useT();
  const link = useMainSiteLink(page);
  const loggedIn = useLoggedIn();
  const { trackClick } = useTrack();
  const redirecting = useExpiryRedirect(page.promotion);
  useLandingEnhancements(page, { linkTo: link, loggedIn, trackClick, t });
  const links = landingLinks(page, t, link);
  const goToSite = links.header.find((entry) => entry.audience === 'logged-in')!;
  const openForm = () => document.querySelector<HTMLElement>('[data-open-form]')?.click();

  // The sections of <main> in the page's order: an A/B variant may change it (src/domain/experiments.ts).
  const sections: Record<LandingSection, React.ReactNode> = {
    offer: <StaticPart name="LandingOffer" props={{ page }} />,
    registration: (
      <RegistrationSection
        title={t('reg.title')}
        registrationHref={links.registration}
        goToSite={goToSite}
        brand={page.brand}
        language={page.country}
        captchaLanguage={page.lang}
        currencyCode={page.currency}
        region={page.region}
        defaults={page.registration}
        askBirthdate={page.askBirthdate}
        promoCode={page.promo.code}
        t={t}
        continueHref={link('home')}
      />
    ),
    games: page.games.length > 0 && (
      <CasinoGames
        props={{
          games: page.games,
          t,
          loggedIn,
          onNeedsAccount: openForm,
          gameHref: (uid) => mainSiteLink({ casinoGame: uid }, landingLinkContext(page, currentVisitor())),
        }}
      />
    ),
    steps: <StaticPart name="LandingMiddle" props={{ page }} />,
    odds: page.odds && (
      <HydrateLater>
        <PopularMatches
          title={t('odds.title')}
          ranking={page.odds.ranking}
          count={page.odds.count}
          langId={page.langId}
          figures={page.formats.figures}
          t={t}
          sportName={sportNamer(page.texts)}
          matchLink={(event) => link(matchLinkTarget(event))}
          stake={page.offer.amount || null}
        />
      </HydrateLater>
    ),
    payments: <StaticPart name="LandingBottom" props={{ page }} />,
  };

  return (
    <>
      <StaticPart name="LandingPreloader" clientRender={false} props={{ page }} />
      <StaticPart name="LandingTop" props={{ page }} />
      <main>
        {redirecting && <p role="status">{t('expiry.redirecting')}</p>}
        {page.sections.map((name) => (
          <React.Fragment key={name}>{sections[name]}</React.Fragment>
        ))}
      </main>
      <StaticPart name="LandingFooter" props={{ page }} />
    </>
  );
}

export default function LandingTemplate({ pageContext }: PageProps<object, LandingPageContext>) {
  return (
    <PageShell brand={pageContext.brand} texts={pageContext.texts}>
      <CountriesProvider langId={pageContext.langId} region={pageContext.region}>
        <AccountProvider extraCurrencyId={pageContext.extraCurrencyId}>
          <TrackingProvider
            brand={pageContext.brand}
            slug={pageContext.slug}
            language={pageContext.country}
            experiment={pageContext.experiment}
            variant={pageContext.variant}
          >
            <Landing page={pageContext} />
          </TrackingProvider>
        </AccountProvider>
      </CountriesProvider>
    </PageShell>
  );
}

/**
 * The server writes a landing's head into the document itself (gatsby-ssr.tsx), so here it is rendered
 * only where no server head is: a client-side navigation from the index or the 404 page, and develop.
 */
export const Head: HeadFC<object, LandingPageContext> = ({ pageContext: page }) => {
  if (process.env.BUILD_STAGE === 'build-html' || documentHasServerHead()) return null;
  const { lang, dir } = landingHtmlAttributes(page);
  return (
    <>
      <html lang={lang} dir={dir} />
      {landingHeadTags(page, SITE_URL)}
    </>
  );
};
