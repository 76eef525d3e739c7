/**
 * Browser APIs hold wrappers only; what a page does lives in src/features.
 * Scroll restoration per page (spec 2) is Gatsby's own default, so it is not overridden here.
 */
import type { GatsbyBrowser } from 'gatsby';
import React, { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BASE_PATH, tidyRequestedPath } from './src/domain/paths';
import { refetchPageDataThroughWorker } from './src/features/offline/refetch-page-data';
import { hideNavigationNotice, showNavigationNotice } from './src/features/preloader/navigation-notice';
import { revealOnScroll } from './src/features/reveal/reveal';
import { nextTask } from './src/early/next-task';
import { keepLandingAddress } from './src/runtime/variant-address';
import { addChunkScriptsInTasksOfTheirOwn, type ChunkLoader } from './src/runtime/chunk-scripts';

/** Webpack's runtime, where webpack builds this file (it is undefined elsewhere). */
declare const __webpack_require__: ChunkLoader | undefined;

/**
 * An address Gatsby's router cannot match would blank the 404 page: the browser goes to its tidy form
 * instead. A full navigation, because the router took its location before this runs, so rewriting
 * the address in place would leave it rendering the old one. The tidy form is never tidied again.
 * An A/B variant served at its landing's address stays there (src/runtime/variant-address.ts).
 * Otherwise the sections below the screen are set to come alive as they scroll in, and the code of
 * the page's parts comes in script tags added each in a task of its own (src/runtime/chunk-scripts.ts).
 *
 * Gatsby waits for this promise before it starts the page (service worker, router, page data, the
 * render). Settled in the next task, it ends the task that set up every module of the first load
 * there: two shorter tasks instead of one long one, which a phone would count as blocking.
 */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  keepLandingAddress(window as Window & { pagePath?: string });
  const tidy = tidyRequestedPath(window.location.pathname);
  if (tidy) window.location.replace(`${tidy}${window.location.search}${window.location.hash}`);
  else {
    revealOnScroll(window);
    addChunkScriptsInTasksOfTheirOwn(typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__, window);
  }
  return nextTask(window);
};

/**
 * Gatsby hydrates the whole page in one task, which on a phone blocks taps for a few hundred
 * milliseconds. As a transition React hydrates in slices of a few milliseconds and yields between them;
 * a tap that comes first hydrates what it touches at once and is handled (selective hydration). As
 * Gatsby's renderer otherwise: a root without server HTML is rendered, uncaught errors are logged, and
 * the cleanup is returned. In development Gatsby keeps its own renderer, which feeds its error overlay.
 */
type GatsbyRenderer = ReturnType<NonNullable<GatsbyBrowser['replaceHydrateFunction']>>;

export const replaceHydrateFunction: GatsbyBrowser['replaceHydrateFunction'] = () => {
  if (process.env.BUILD_STAGE === 'develop') return undefined as unknown as GatsbyRenderer;
  const renderer = (element: React.ReactNode, container: Element) => {
    const onUncaughtError = (error: unknown, info: unknown) => console.error('Uncaught error:', error, info);
    // The page root holds the focus wrapper (and the route announcer beside it): only what the
    // wrapper holds tells server-rendered HTML from a client-only page.
    const wrapper = container.querySelector('#gatsby-focus-wrapper');
    if ((wrapper ?? container).children.length > 0) {
      let root: Root | undefined;
      startTransition(() => {
        root = hydrateRoot(container, element, { onUncaughtError });
      });
      return () => root?.unmount();
    }
    const root = createRoot(container, { onUncaughtError });
    root.render(element);
    return () => root.unmount();
  };
  return renderer as unknown as GatsbyRenderer;
};

/** Gatsby calls this when a navigation has taken longer than 1 s (spec 4, 9). */
export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = () => showNavigationNotice(document);

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => hideNavigationNotice(document);

/** The offline worker is installed: what the page loaded before it took over is fetched again through it, so it works offline too. */
export const onServiceWorkerActive: GatsbyBrowser['onServiceWorkerActive'] = () => {
  void refetchPageDataThroughWorker(window, BASE_PATH);
};
