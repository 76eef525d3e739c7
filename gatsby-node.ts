/**
 * The site's table of contents: what the build does at each of Gatsby's steps. Every page comes from the
 * tables in data/ (tables), a table problem stopping the build with the file, the entry and the
 * reason; the pictures come from gatsby/images, the bundles' settings from gatsby/webpack, and what the
 * host reads beside the pages from gatsby/post-build.
 */
import type { GatsbyNode } from 'gatsby';
import { createLandingPages, giveSitePagesTheirData } from './gatsby/hooks/pages';
import { writeHostFiles } from './gatsby/hooks/post-build';
import { loadTables, touchLandingPages } from './gatsby/hooks/site';
import { sourceDefaultCreatives } from './gatsby/images/pictures';
import { configureWebpack } from './gatsby/webpack/config';

/** The bundles: the first-screen script and the inline icons as constants, webpack's chunk array named. */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = configureWebpack;

/** The landings' page nodes kept from the last build; the default hero creatives rendered as files. */
export const sourceNodes: GatsbyNode['sourceNodes'] = async (args) => {
  const { tables, landings } = loadTables(args.reporter);
  touchLandingPages(args.actions, landings, tables);
  await sourceDefaultCreatives(args, landings, tables);
};

/** One page per landing and per A/B variant running at build; the expired landings' redirects. */
export const createPages: GatsbyNode['createPages'] = createLandingPages;

/** The index and 404 pages come from src/pages; they get their data here rather than from GraphQL. */
export const onCreatePage: GatsbyNode['onCreatePage'] = giveSitePagesTheirData;

/** Redirect and experiment maps, country and currency names, script hashes for the host's CSP. */
export const onPostBuild: GatsbyNode['onPostBuild'] = writeHostFiles;
