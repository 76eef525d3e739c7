/**
 * The site's table of contents: every page is created here from the tables in data/.
 * A table problem stops the build with the file, the entry and the reason.
 */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { createFileNodeFromBuffer } from 'gatsby-source-filesystem';
import {
  creativeKey,
  defaultCreativeName,
  HERO_ASPECT_RATIO,
  HERO_AVIF_MEDIA,
  HERO_AVIF_WIDTH,
  HERO_SIZES,
  HERO_WIDTHS,
} from './src/domain/creatives';
import { entryName, expiredRedirects, type Landing } from './src/domain/landings';
import type { Brand } from './src/domain/links';
import type { ProcessedPicture, ResponsivePicture } from './src/site/page-context';
import { creativeFilesInUse, defaultCreativesInUse, landingCreative } from './src/tables/hero-creatives';
import { renderDefaultCreative } from './src/tables/hero-rasters';
import { formatProblem, loadSite, TableError, type Tables } from './src/tables/load';
import { indexContext, indexLandings, landingContext, notFoundContext } from './src/tables/page-contexts';
import { writeRedirectFiles } from './src/tables/redirect-files';
import { CONTROL, variantPath } from './src/domain/experiments';
import { experimentLandings, runningExperiment } from './src/tables/experiments';
import { hostExperiments, pointVariantPageData, writeExperimentFiles } from './src/tables/experiment-files';
import { variantPages } from './src/tables/experiment-pages';
import { writeNameFiles } from './src/tables/name-files';
import { writeCspFiles } from './deploy/csp-map-file';
import { BASE_PATH } from './src/domain/paths';
import { buildEarlyScript } from './src/early/build-early';
import { CHUNK_GLOBAL } from './src/early/chunk-tasks';
import { EagerCompileHint, EAGER_COMPILED_FILES } from './src/site/compile-hint';
import { EARLY_SCRIPT_CONSTANT } from './src/early/inline-script';
import { INLINE_ICONS_CONSTANT, readInlineIcons } from './src/site/icon-files';
import { SITE_URL, SITE_URL_CONSTANT } from './src/site/site-url';

const DATA_DIR = path.resolve(__dirname, 'data');
/** gatsby-config sources data/creatives/ under this name: the creatives the tables name. */
const TABLE_CREATIVES_SOURCE = 'creatives';
const LANDING_TEMPLATE = path.resolve(__dirname, 'src/templates/landing.tsx');

/** BUILD_DATE (YYYY-MM-DD or ISO) lets a build be made as of another day, e.g. to preview expiries. */
function buildTime(): number {
  const fixed = process.env.BUILD_DATE;
  if (!fixed) return Date.now();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) throw new Error(`BUILD_DATE "${fixed}" is not a date`);
  return time;
}

type Reporter = Parameters<NonNullable<GatsbyNode['createPages']>>[0]['reporter'];
let loaded: ReturnType<typeof loadSite> | undefined;

/** Tables are read once per build process; `gatsby develop` restarts on data/ changes anyway. */
function load(reporter: Reporter) {
  try {
    loaded ??= loadSite(process.env.PROMO_DATA_DIR ? path.resolve(process.env.PROMO_DATA_DIR) : DATA_DIR, buildTime());
    return loaded;
  } catch (error) {
    if (error instanceof TableError) reporter.panic(error.message);
    throw error;
  }
}

/**
 * Keeps the page nodes of the landings from one build to the next. Gatsby deletes, before createPages,
 * every node no plugin touched while sourcing, SitePage nodes included, so a warm build would delete every
 * landing's page node (with its context) and write it again: time and a .cache/data store that grows with
 * every build. Touched, a node whose page comes back unchanged stays as it is; a landing that is gone from
 * the tables is not created again, and Gatsby deletes its page and node then.
 */
function touchLandingPages(actions: Parameters<NonNullable<GatsbyNode['sourceNodes']>>[0]['actions'], paths: readonly string[]) {
  for (const pagePath of paths) {
    actions.touchNode({ id: `SitePage ${pagePath}`, internal: { type: 'SitePage' } } as Parameters<typeof actions.touchNode>[0]);
  }
}

/** The pages of the A/B variants running at build (src/tables/experiment-pages.ts), beside their landings'. */
function variantPaths(landings: readonly Landing[], tables: Tables): string[] {
  return experimentLandings(landings, tables, buildTime()).flatMap(({ landing, experiment }) =>
    experiment.variants.filter((variant) => variant.id !== CONTROL).map((variant) => variantPath(landing.path, experiment.id, variant.id)),
  );
}

type GraphQl = Parameters<NonNullable<GatsbyNode['createPages']>>[0]['graphql'];

/**
 * Each brand's app screenshot (src/images/app-<brand>.png), sized by gatsby-plugin-image's resolver:
 * WebP and the original format, 1× and 2× of 220 px. AVIF is left out: it is slow to encode, so it
 * would weigh on every cold build for a picture below the fold that WebP already makes small.
 */
async function appPictures(graphql: GraphQl, reporter: Reporter): Promise<Partial<Record<Brand, ResponsivePicture>>> {
  const result = await graphql<{
    allFile: { nodes: { name: string; childImageSharp: { gatsbyImageData: ResponsivePictureData } | null }[] };
  }>(`
    {
      allFile(filter: { sourceInstanceName: { eq: "images" }, name: { glob: "app-*" } }) {
        nodes {
          name
          childImageSharp {
            gatsbyImageData(width: 220, layout: CONSTRAINED, placeholder: NONE, formats: [AUTO, WEBP])
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) reporter.panic(`app screenshots could not be processed: ${JSON.stringify(result.errors)}`);
  const pictures: Partial<Record<Brand, ResponsivePicture>> = {};
  for (const node of result.data?.allFile.nodes ?? []) {
    const data = node.childImageSharp?.gatsbyImageData;
    if (!data) continue;
    pictures[node.name.replace(/^app-/, '') as Brand] = pictureOf(data);
  }
  return pictures;
}

/** The part of gatsby-plugin-image's IGatsbyImageData read above. */
interface ResponsivePictureData {
  width: number;
  height: number;
  images: { sources?: ResponsivePicture['sources']; fallback: ResponsivePicture['fallback'] };
}

/**
 * Files the pages write into their HTML, read once per build and handed to the bundles as constants (a
 * file read at render time would make Gatsby re-render every page on every build): the inline icons
 * (src/site/icon-files.ts) in every bundle, since the browser renders the static parts too after a
 * client-side navigation; the first-screen script (src/early) only in the HTML renderer's.
 */
/** Gatsby's Partytown hook, which does nothing outside `gatsby develop` (src/site/no-partytown.ts). */
const PARTYTOWN_BROWSER_HOOK = /internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/;
/** gatsby-plugin-styled-components' browser hook, a root wrapper the built pages do without (src/site/no-styled-root.ts). */
const STYLED_ROOT_BROWSER_HOOK = /gatsby-plugin-styled-components[\\/]gatsby-browser\.js$/;

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, plugins, getConfig }) => {
  const constants: Record<string, string> = {
    [INLINE_ICONS_CONSTANT]: JSON.stringify(readInlineIcons(path.join(__dirname, 'static', 'icons'))),
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
            plugins.normalModuleReplacement(PARTYTOWN_BROWSER_HOOK, path.join(__dirname, 'src', 'site', 'no-partytown.ts')),
            plugins.normalModuleReplacement(STYLED_ROOT_BROWSER_HOOK, path.join(__dirname, 'src', 'site', 'no-styled-root.ts')),
          ]
        : [];
    actions.replaceWebpackConfig({
      ...config,
      output: { ...config.output, chunkLoadingGlobal: CHUNK_GLOBAL },
      plugins: [...(config.plugins ?? []), ...production],
    });
  }
};

/**
 * The landings' page nodes are kept (touchLandingPages). The default creatives the landings show, each rendered from its SVG in the brand's colours, become
 * File nodes the image pipeline processes like any picture (see heroPictures).
 */
export const sourceNodes: GatsbyNode['sourceNodes'] = async ({ actions, createNodeId, getCache, cache, reporter }) => {
  const { tables, landings } = load(reporter);
  touchLandingPages(actions, [...landings.map((landing) => landing.path), ...variantPaths(landings, tables)]);
  const cacheDir = path.join(cache.directory, 'hero-renders');
  await Promise.all(
    defaultCreativesInUse(landings, tables).map(async ({ brand, family }) => {
      const { buffer, hash } = await renderDefaultCreative(brand, family, cacheDir);
      await createFileNodeFromBuffer({
        buffer,
        hash,
        name: defaultCreativeName(brand, family),
        ext: '.png',
        getCache,
        createNode: actions.createNode,
        createNodeId,
      });
    }),
  );
};

/**
 * What every hero is made of: WebP and JPEG at the phone and desktop widths, AVIF at the larger one
 * for the wider screens (HERO_AVIF_WIDTH and HERO_AVIF_MEDIA say why), cropped to 2:1 at the centre, with a tiny blurred placeholder. Two calls
 * of the resolver: AVIF beside a WebP of the same width (the same file as the second call's, made once).
 */
const HERO_CROP = `layout: CONSTRAINED, aspectRatio: ${HERO_ASPECT_RATIO}, sizes: "${HERO_SIZES}", transformOptions: { fit: COVER, cropFocus: CENTER }`;
const HERO_QUALITY = 'avifOptions: { quality: 50 }, webpOptions: { quality: 75 }, jpgOptions: { quality: 75, progressive: true }';
const HERO_IMAGE_DATA = `
  avif: gatsbyImageData(${HERO_CROP}, ${HERO_QUALITY}, width: ${HERO_AVIF_WIDTH}, breakpoints: [${HERO_AVIF_WIDTH}], formats: [AVIF, WEBP], placeholder: NONE)
  picture: gatsbyImageData(
    ${HERO_CROP}, ${HERO_QUALITY}, width: ${Math.max(...HERO_WIDTHS)}, breakpoints: [${HERO_WIDTHS.join(', ')}], formats: [WEBP, JPG]
    placeholder: BLURRED, blurredOptions: { width: 24, toFormat: WEBP }
  )`;

type HeroImageData = ResponsivePictureData & { placeholder?: { fallback?: string } };
type HeroImageNode = { childImageSharp: { avif: HeroImageData; picture: HeroImageData } | null };

/** Every creative a landing shows, processed: the defaults by name ("hero-zenit-sport-bonus"), table files as "file:<path>". */
async function heroPictures(graphql: GraphQl, reporter: Reporter, files: string[]): Promise<Record<string, ProcessedPicture>> {
  const result = await graphql<{
    defaults: { nodes: (HeroImageNode & { name: string })[] };
    tables: { nodes: (HeroImageNode & { relativePath: string })[] };
  }>(
    `query HeroCreatives($files: [String]) {
      defaults: allFile(filter: { sourceInstanceName: { eq: "__PROGRAMMATIC__" }, name: { glob: "hero-*" } }) {
        nodes { name childImageSharp { ${HERO_IMAGE_DATA} } }
      }
      tables: allFile(filter: { sourceInstanceName: { eq: "${TABLE_CREATIVES_SOURCE}" }, relativePath: { in: $files } }) {
        nodes { relativePath childImageSharp { ${HERO_IMAGE_DATA} } }
      }
    }`,
    { files },
  );
  if (result.errors || !result.data) reporter.panic(`hero creatives could not be processed: ${JSON.stringify(result.errors)}`);
  const pictures: Record<string, ProcessedPicture> = {};
  const add = (key: string, node: HeroImageNode) => {
    if (!node.childImageSharp) return;
    const { avif, picture } = node.childImageSharp;
    const made = pictureOf(picture);
    pictures[key] = {
      ...made,
      sources: [
        ...(avif.images.sources ?? [])
          .filter((source) => source.type === 'image/avif')
          .map((source) => ({ ...source, media: HERO_AVIF_MEDIA })),
        ...made.sources,
      ],
      placeholder: picture.placeholder?.fallback ?? null,
    };
  };
  for (const node of result.data?.defaults.nodes ?? []) add(node.name, node);
  for (const node of result.data?.tables.nodes ?? []) add(`file:${node.relativePath}`, node);
  return pictures;
}

function pictureOf(data: ResponsivePictureData): ResponsivePicture {
  return { width: data.width, height: data.height, sources: data.images.sources ?? [], fallback: data.images.fallback };
}

export const createPages: GatsbyNode['createPages'] = async ({ actions, graphql, reporter }) => {
  const now = buildTime();
  const { tables, landings, warnings } = load(reporter);
  for (const warning of warnings) reporter.warn(formatProblem(warning));
  const pictures = await appPictures(graphql, reporter);
  const heroes = await heroPictures(graphql, reporter, creativeFilesInUse(landings, tables));
  const without = landings.filter((landing) => !heroes[creativeKey(landingCreative(landing, tables))]);
  if (without.length > 0) {
    reporter.panic(
      `No hero picture was made for ${without.length} landing(s), e.g. ${entryName(without[0])}: ${creativeKey(landingCreative(without[0], tables))}`,
    );
  }

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

/**
 * The host answers expired landings with a redirect before any page loads (public/_redirects.*), and an A/B
 * experiment's landing with the visitor's variant (public/_experiments.*);
 * the registration form reads country and currency names in the page language (public/names/); the host's
 * Content-Security-Policy allows each page's scripts by hash: its <script src> tags get integrity, and
 * public/_csp.nginx.map lists the hashes per page (deploy/csp-map-file.ts).
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = ({ reporter }) => {
  const { landings, tables } = load(reporter);
  const redirects = expiredRedirects(landings, buildTime());
  writeRedirectFiles(path.resolve(__dirname, 'public'), redirects);
  writeNameFiles(
    path.resolve(__dirname, 'public'),
    Object.fromEntries(Object.entries(tables.languages.languages).map(([code, language]) => [code, language.locale])),
    Object.fromEntries(Object.values(tables.offers).map((offer) => [offer.currencyId, offer.currency])),
  );
  reporter.info(`Wrote ${redirects.length} redirects to public/_redirects.json and public/_redirects.nginx.map`);
  const experiments = hostExperiments(experimentLandings(landings, tables, buildTime()));
  writeExperimentFiles(path.resolve(__dirname, 'public'), experiments);
  pointVariantPageData(path.resolve(__dirname, 'public'), experiments);
  reporter.info(`Wrote ${experiments.length} A/B experiments to public/_experiments.json and public/_experiments.nginx.conf`);
  const pages = writeCspFiles(path.resolve(__dirname, 'public'), BASE_PATH, path.resolve(__dirname, '.cache', 'csp-hashes.json'), {
    deferBundle: true,
  });
  reporter.info(
    `Deferred the script files to after the first frame and wrote the script hashes of ${pages} pages to public/_csp.nginx.map`,
  );
};

/** The index and 404 pages come from src/pages; they get their data here rather than from GraphQL. */
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions, reporter }) => {
  const isIndex = page.path === '/';
  const isNotFound = page.path === '/404/' || page.path === '/404.html' || page.path === '/dev-404-page/';
  if (!isIndex && !isNotFound) return;
  const { tables, landings } = load(reporter);
  actions.deletePage(page);
  actions.createPage({
    ...page,
    context: { ...page.context, ...(isIndex ? indexContext(tables) : notFoundContext(tables, landings)) },
  });
};
