/**
 * Browser APIs hold wrappers only; what a page does lives in src/features.
 * Scroll restoration per page (spec 2) is Gatsby's own default, so it is not overridden here.
 */
import type { GatsbyBrowser } from 'gatsby';
import { BASE_PATH, tidyRequestedPath } from './src/domain/paths';
import { refetchPageDataThroughWorker } from './src/features/offline/refetch-page-data';
import { hideNavigationNotice, showNavigationNotice } from './src/features/preloader/navigation-notice';

/**
 * An address Gatsby's router cannot match would blank the 404 page: the browser goes to its tidy form
 * instead. A full navigation, because the router took its location before this runs, so rewriting
 * the address in place would leave it rendering the old one. The tidy form is never tidied again.
 */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  const tidy = tidyRequestedPath(window.location.pathname);
  if (tidy) window.location.replace(`${tidy}${window.location.search}${window.location.hash}`);
};

/** Gatsby calls this when a navigation has taken longer than 1 s (spec 4, 9). */
export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = () => showNavigationNotice(document);

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => hideNavigationNotice(document);

/** The offline worker is installed: what the page loaded before it took over is fetched again through it (issue 5). */
export const onServiceWorkerActive: GatsbyBrowser['onServiceWorkerActive'] = () => {
  void refetchPageDataThroughWorker(window, BASE_PATH);
};
