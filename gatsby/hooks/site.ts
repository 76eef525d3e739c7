/**
 * The tables of data/ as the build's steps see them: read once per build process, a problem stopping
 * the build with the file, the entry and the reason.
 */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { CONTROL, variantPath } from '../../src/domain/experiments';
import type { Landing } from '../../src/domain/landings';
import { ROOT } from '../../lib/root';
import { experimentLandings } from '../../tables/experiments';
import { loadSite, TableError, type Tables } from '../../tables/load';

const DATA_DIR = path.join(ROOT, 'data');

/** BUILD_DATE (YYYY-MM-DD or ISO) lets a build be made as of another day, e.g. to preview expiries. */
export function buildTime(): number {
  const fixed = process.env.BUILD_DATE;
  if (!fixed) return Date.now();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) throw new Error(`BUILD_DATE "${fixed}" is not a date`);
  return time;
}

export type Reporter = Parameters<NonNullable<GatsbyNode['createPages']>>[0]['reporter'];
let loaded: ReturnType<typeof loadSite> | undefined;

/** Tables are read once per build process; `gatsby develop` restarts on data/ changes anyway. */
export function loadTables(reporter: Reporter): ReturnType<typeof loadSite> {
  try {
    loaded ??= loadSite(process.env.PROMO_DATA_DIR ? path.resolve(process.env.PROMO_DATA_DIR) : DATA_DIR, buildTime());
    return loaded;
  } catch (error) {
    if (error instanceof TableError) reporter.panic(error.message);
    throw error;
  }
}

type Actions = Parameters<NonNullable<GatsbyNode['sourceNodes']>>[0]['actions'];

/**
 * Keeps the page nodes of the landings from one build to the next. Gatsby deletes, before createPages,
 * every node no plugin touched while sourcing, SitePage nodes included, so a warm build would delete every
 * landing's page node (with its context) and write it again: time and a .cache/data store that grows with
 * every build. Touched, a node whose page comes back unchanged stays as it is; a landing that is gone from
 * the tables is not created again, and Gatsby deletes its page and node then.
 */
export function touchLandingPages(actions: Actions, landings: readonly Landing[], tables: Tables): void {
  for (const pagePath of [...landings.map((landing) => landing.path), ...variantPaths(landings, tables)]) {
    actions.touchNode({ id: `SitePage ${pagePath}`, internal: { type: 'SitePage' } } as Parameters<typeof actions.touchNode>[0]);
  }
}

/** The pages of the A/B variants running at build (../page-context/experiment-pages.ts), beside their landings'. */
function variantPaths(landings: readonly Landing[], tables: Tables): string[] {
  return experimentLandings(landings, tables, buildTime()).flatMap(({ landing, experiment }) =>
    experiment.variants.filter((variant) => variant.id !== CONTROL).map((variant) => variantPath(landing.path, experiment.id, variant.id)),
  );
}
