/**
 * What the build adds to Gatsby's webpack configuration. Files the pages write into their HTML are read
 * once per build and handed to the bundles as constants (a file read at render time would make Gatsby
 * re-render every page on every build): the inline icons (../images/icon-files.ts) in every bundle, since
 * the browser renders the static parts too after a client-side navigation; the first-screen script
 * (src/early) only in the HTML renderer's.
 */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { CHUNK_GLOBAL } from '../../src/early/chunk-tasks';
import { EARLY_SCRIPT_CONSTANT } from '../../src/early/inline-script';
import { SITE_URL, SITE_URL_CONSTANT } from '../../src/site/site-url';
import { buildEarlyScript } from '../early-script';
import { INLINE_ICONS_CONSTANT, readInlineIcons } from '../images/icon-files';
import { ROOT } from '../../lib/root';
import { EagerCompileHint, EAGER_COMPILED_FILES } from './compile-hint';

/** Gatsby's Partytown hook, which does nothing outside `gatsby develop` (src/runtime/no-partytown.ts). */
const PARTYTOWN_BROWSER_HOOK = /internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/;
/** gatsby-plugin-styled-components' browser hook, a root wrapper the built pages do without (src/runtime/no-styled-root.ts). */
const STYLED_ROOT_BROWSER_HOOK = /gatsby-plugin-styled-components[\\/]gatsby-browser\.js$/;

export const configureWebpack: NonNullable<GatsbyNode['onCreateWebpackConfig']> = ({ stage, actions, plugins, getConfig }) => {
  const constants: Record<string, string> = {
    [INLINE_ICONS_CONSTANT]: JSON.stringify(readInlineIcons(path.join(ROOT, 'static', 'icons'))),
    // The browser's bundle gets the build's site address (Gatsby passes only GATSBY_ variables): read
    // from a static query, it cost every landing load one more request before React could start.
    [SITE_URL_CONSTANT]: JSON.stringify(SITE_URL),
  };
  if (stage === 'build-html' || stage === 'develop-html') constants[EARLY_SCRIPT_CONSTANT] = JSON.stringify(buildEarlyScript());
  actions.setWebpackConfig({ plugins: [plugins.define(constants)] });
  // The first-screen script finds webpack's chunk array by this name (src/early/chunk-tasks.ts); Gatsby
  // drops `output` from setWebpackConfig, so the browser bundles' config is replaced with it set.
  if (stage === 'build-javascript' || stage === 'develop') {
    const config = getConfig();
    // The first load's libraries (React, Gatsby's runtime) run nearly whole at every load, so they are
    // compiled as they download, off the main thread, rather than lazily on it when first called.
    const production =
      stage === 'build-javascript'
        ? [
            new EagerCompileHint(EAGER_COMPILED_FILES),
            plugins.normalModuleReplacement(PARTYTOWN_BROWSER_HOOK, path.join(ROOT, 'src', 'runtime', 'no-partytown.ts')),
            plugins.normalModuleReplacement(STYLED_ROOT_BROWSER_HOOK, path.join(ROOT, 'src', 'runtime', 'no-styled-root.ts')),
          ]
        : [];
    actions.replaceWebpackConfig({
      ...config,
      output: { ...config.output, chunkLoadingGlobal: CHUNK_GLOBAL },
      plugins: [...(config.plugins ?? []), ...production],
    });
  }
};
