/**
 * Browser APIs hold wrappers only; what a page does lives in src/features.
 * Scroll restoration per page (spec 2) is Gatsby's own default, so it is not overridden here.
 */
import type { GatsbyBrowser } from 'gatsby';
import { NAVIGATION_NOTICE_ID } from './src/features/preloader/NavigationNotice';

/** Gatsby calls this when a navigation has taken longer than 1 s (spec 4). */
export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = () => {
  document.getElementById(NAVIGATION_NOTICE_ID)?.removeAttribute('hidden');
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => {
  document.getElementById(NAVIGATION_NOTICE_ID)?.setAttribute('hidden', '');
};
