import type { MainSiteTarget } from '../domain/links';

/** The main site's fixed pages: the links the page points again for its visitor once it runs. */
export type MainSitePage = Extract<MainSiteTarget, string>;

/** Who sees a link: the built page holds both variants and CSS shows the one that fits (GlobalStyle). */
export type Audience = 'anonymous' | 'logged-in';

/**
 * A link of the static page. Its href is right for the visitor the build assumes (a phone, the landing's
 * promo code); `page` lets the browser point it again for this visitor (features/links/point-links.ts),
 * `audience` shows it to anonymous or to logged-in visitors only, and `opensForm` leads to the in-page form.
 */
export interface SiteLink {
  href: string;
  label: string;
  page?: MainSitePage;
  audience?: Audience;
  opensForm?: boolean;
}

/** The data attributes the browser's enhancements read (GlobalStyle, point-links.ts, templates/use-landing-enhancements.ts). */
export function siteLinkAttributes(link: SiteLink): Record<string, string | undefined> {
  return {
    href: link.href,
    'data-main-link': link.page,
    'data-audience': link.audience,
    'data-open-form': link.opensForm ? '' : undefined,
  };
}
