/**
 * Every page of the site: a landing per table row and one per A/B variant running at build, the
 * expired landings' redirects, and the data of the index and 404 pages (src/pages).
 */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { creativeKey } from '../../src/domain/creatives';
import { entryName, expiredRedirects } from '../../src/domain/landings';
import { appPictures, heroPictures } from '../images/pictures';
import { ROOT } from '../../lib/root';
import { runningExperiment } from '../../tables/experiments';
import { writeBuiltPictures } from '../page-context/built-pictures';
import { variantPages } from '../page-context/experiment-pages';
import { creativeFilesInUse, landingCreative } from '../../tables/hero-creatives';
import { formatProblem } from '../../tables/load';
import { indexContext, indexLandings, landingContext, notFoundContext } from '../page-context/page-contexts';
import { buildTime, loadTables } from './site';

const LANDING_TEMPLATE = path.join(ROOT, 'src/templates/landing.tsx');

export const createLandingPages: NonNullable<GatsbyNode['createPages']> = async ({ actions, graphql, reporter }) => {
  const now = buildTime();
  const { tables, landings, warnings } = loadTables(reporter);
  for (const warning of warnings) reporter.warn(formatProblem(warning));
  const pictures = await appPictures(graphql, reporter);
  const heroes = await heroPictures(graphql, reporter, creativeFilesInUse(landings, tables));
  const without = landings.filter((landing) => !heroes[creativeKey(landingCreative(landing, tables))]);
  if (without.length > 0) {
    reporter.panic(
      `No hero picture was made for ${without.length} landing(s), e.g. ${entryName(without[0])}: ${creativeKey(landingCreative(without[0], tables))}`,
    );
  }

  writeBuiltPictures(ROOT, { app: pictures, heroes });

  const index = indexLandings(landings, tables, now);
  let variants = 0;
  for (const landing of landings) {
    const context = landingContext(landing, tables, index, pictures, heroes);
    actions.createPage({ path: landing.path, component: LANDING_TEMPLATE, context });
    const experiment = runningExperiment(landing, tables, now);
    for (const page of experiment ? variantPages(landing, experiment, context, tables, heroes) : []) {
      if (!page.context.hero) reporter.panic(`No hero picture was made for the A/B variant page ${page.path}`);
      actions.createPage({ path: page.path, component: LANDING_TEMPLATE, context: page.context });
      variants++;
    }
  }
  const redirects = expiredRedirects(landings, now);
  for (const redirect of redirects) {
    actions.createRedirect({ fromPath: redirect.from, toPath: redirect.to, isPermanent: false, redirectInBrowser: true });
  }

  const perBrand = Object.keys(tables.brands)
    .map((brand) => `${brand} ${landings.filter((landing) => landing.brand === brand).length}`)
    .join(', ');
  reporter.info(
    `Landings: ${landings.length} (${perBrand}); A/B variant pages: ${variants}; over already and redirected: ${redirects.length}; table warnings: ${warnings.length}`,
  );
};

/** The index and 404 pages come from src/pages; they get their data here rather than from GraphQL. */
export const giveSitePagesTheirData: NonNullable<GatsbyNode['onCreatePage']> = ({ page, actions, reporter }) => {
  const isIndex = page.path === '/';
  const isNotFound = page.path === '/404/' || page.path === '/404.html' || page.path === '/dev-404-page/';
  if (!isIndex && !isNotFound) return;
  const { tables, landings } = loadTables(reporter);
  actions.deletePage(page);
  actions.createPage({
    ...page,
    context: { ...page.context, ...(isIndex ? indexContext(tables) : notFoundContext(tables, landings)) },
  });
};
