/**
 * Browser APIs hold wrappers only; what a page does lives in src/features.
 * Scroll restoration per page (spec 2) is Gatsby's own default, so it is not overridden here.
 */
import type { GatsbyBrowser } from 'gatsby';
import { hideNavigationNotice, showNavigationNotice } from './src/features/preloader/navigation-notice';

/** Gatsby calls this when a navigation has taken longer than 1 s (spec 4, 9). */
export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = () => showNavigationNotice(document);

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => hideNavigationNotice(document);
