/** The links a landing shows, with the pages and audiences its static HTML needs (components/site-link.ts). */
import type { MainSitePage, SiteLink } from '../components/site-link';
import type { AppLink } from '../features/apps/AppLinks';
import { offerLayout } from '../domain/offer-families';
import type { LandingPageContext } from '../domain/page-context';
import type { Translate } from '../site/texts';

export interface LandingLinks {
  home: SiteLink;
  header: SiteLink[];
  offer: (SiteLink & { secondary?: boolean })[];
  apps: AppLink[];
  footer: SiteLink[];
  /** The main site's registration, where the form sends a visitor before its code is there. */
  registration: string;
}

export function landingLinks(page: LandingPageContext, t: Translate, linkTo: (page: MainSitePage) => string): LandingLinks {
  const brand = { brand: page.brandName };
  const layout = offerLayout(page.offer.copy);
  const to = (target: MainSitePage, label: string, more: Partial<SiteLink> = {}): SiteLink => ({
    href: linkTo(target),
    label,
    page: target,
    ...more,
  });
  const goToSite = to('home', t('header.goToSite', brand), { audience: 'logged-in' });
  const apps: AppLink[] = [
    { ...to('android', t('apps.android')), icon: 'android' },
    { ...to('ios', t('apps.ios')), icon: 'ios' },
    { ...to('windowsDownload', t('apps.windows')), icon: 'windows' },
  ];
  const support: SiteLink =
    'phone' in page.support
      ? { href: `tel:${page.support.phone.replace(/[^\d+]/g, '')}`, label: `${t('support.phone')}: ${page.support.phone}` }
      : { href: `mailto:${page.support.email}`, label: `${t('support.email')}: ${page.support.email}` };
  return {
    home: to('home', t('header.home', brand)),
    header: [
      to('login', t('header.login'), { audience: 'anonymous' }),
      to('registration', t('header.register'), { audience: 'anonymous', opensForm: true }),
      goToSite,
    ],
    offer: layout.appsHero
      ? apps.map(({ icon: _icon, ...link }) => link)
      : [
          to('registration', t(layout.plainInvitation ? 'cta.registerPlain' : 'cta.register'), { audience: 'anonymous', opensForm: true }),
          goToSite,
        ],
    apps,
    footer: [support, to('support', t('links.support')), to('feedback', t('links.feedback')), to('recovery', t('links.recovery'))],
    registration: linkTo('registration'),
  };
}
