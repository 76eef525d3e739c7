/**
 * What the host and the pages read beside the built pages, written once they are built. The host answers
 * expired landings with a redirect before any page loads (public/_redirects.*), and an A/B experiment's
 * landing with the visitor's variant (public/_experiments.*); the registration form reads country and
 * currency names in the page language (public/names/); the host's Content-Security-Policy allows each
 * page's scripts by hash: its <script src> tags get integrity, and public/_csp.nginx.map lists the hashes
 * per page (../post-build/csp-map-file.ts).
 */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { expiredRedirects } from '../../src/domain/landings';
import { BASE_PATH } from '../../src/domain/paths';
import { writeCspFiles } from '../post-build/csp-map-file';
import { ROOT } from '../../lib/root';
import { hostExperiments, pointVariantPageData, writeExperimentFiles } from '../post-build/experiment-files';
import { experimentLandings } from '../../tables/experiments';
import { writeNameFiles } from '../post-build/name-files';
import { writeRedirectFiles } from '../post-build/redirect-files';
import { buildTime, loadTables } from './site';

const PUBLIC_DIR = path.join(ROOT, 'public');

export const writeHostFiles: NonNullable<GatsbyNode['onPostBuild']> = ({ reporter }) => {
  const { landings, tables } = loadTables(reporter);
  const redirects = expiredRedirects(landings, buildTime());
  writeRedirectFiles(PUBLIC_DIR, redirects);
  writeNameFiles(
    PUBLIC_DIR,
    Object.fromEntries(Object.entries(tables.languages.languages).map(([code, language]) => [code, language.locale])),
    Object.fromEntries(Object.values(tables.offers).map((offer) => [offer.currencyId, offer.currency])),
  );
  reporter.info(`Wrote ${redirects.length} redirects to public/_redirects.json and public/_redirects.nginx.map`);
  const experiments = hostExperiments(
    experimentLandings(landings, tables, buildTime()),
    (landing) => tables.markets[landing.country].consent,
  );
  writeExperimentFiles(PUBLIC_DIR, experiments);
  pointVariantPageData(PUBLIC_DIR, experiments);
  reporter.info(`Wrote ${experiments.length} A/B experiments to public/_experiments.json and public/_experiments.nginx.conf`);
  const pages = writeCspFiles(PUBLIC_DIR, BASE_PATH, path.join(ROOT, '.cache', 'csp-hashes.json'), {
    deferBundle: true,
  });
  reporter.info(
    `Deferred the script files to after the first frame and wrote the script hashes of ${pages} pages to public/_csp.nginx.map`,
  );
};
