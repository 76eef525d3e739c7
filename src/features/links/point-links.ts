import type { MainSitePage } from '../../components/site-link';
import { MAIN_SITE_PAGES } from '../../domain/links';

const isMainSitePage = (value: string | undefined): value is MainSitePage => (MAIN_SITE_PAGES as readonly string[]).includes(value ?? '');

/**
 * The built page's links to the main site carry the landing's promo code and phone addresses (most
 * visitors). Once the browser knows the visitor (the partner's code, a desktop), every `a[data-main-link]`
 * of the static HTML is pointed again: plain DOM, so React never re-renders the page for it.
 */
export function pointMainSiteLinks(root: ParentNode, linkTo: (page: MainSitePage) => string): void {
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[data-main-link]')) {
    const page = anchor.dataset.mainLink;
    if (!isMainSitePage(page)) continue;
    const href = linkTo(page);
    if (anchor.getAttribute('href') !== href) anchor.setAttribute('href', href);
  }
}
