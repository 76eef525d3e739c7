import fs from 'node:fs';
import path from 'node:path';
import type { GatsbyConfig } from 'gatsby';
import { BASE_PATH } from './src/domain/paths';
import { SITE_URL } from './src/site/site-url';

/** Third-party ids come from the environment so no build or test ever reaches those hosts unasked. */
const gtmId = process.env.GATSBY_GTM_ID;
/** The tables' folder (PROMO_DATA_DIR lets a test build another copy, as gatsby-node reads it). */
const dataDir = process.env.PROMO_DATA_DIR ? path.resolve(process.env.PROMO_DATA_DIR) : path.resolve(__dirname, 'data');

/**
 * What the service worker precaches: scripts, styles, icons and fonts anywhere in public/ but in the folders
 * that hold only pages and their data (one per brand, and page-data/). Workbox globs public/ after every
 * build, and walking those folders, which grow with the tables, would find nothing.
 */
function precachePatterns(): string[] {
  const brands = Object.keys(JSON.parse(fs.readFileSync(path.join(dataDir, 'brands.json'), 'utf8')) as object).filter(
    (key) => key !== '$schema',
  );
  const assets = '*.{js,css,svg,woff2}';
  return [assets, `!(${['page-data', ...brands].join('|')})/**/${assets}`];
}

const config: GatsbyConfig = {
  pathPrefix: BASE_PATH,
  trailingSlash: 'always',
  siteMetadata: {
    title: 'Zenit promotions',
    siteUrl: SITE_URL,
  },
  graphqlTypegen: false,
  plugins: [
    {
      resolve: 'gatsby-plugin-styled-components',
      // Component names in class names help in develop; in the build they only add bytes to every page's
      // JavaScript and HTML (the first load is held to 1.3× a bare Gatsby page's).
      options: { displayName: process.env.NODE_ENV !== 'production', fileName: process.env.NODE_ENV !== 'production', pure: true },
    },
    // Pictures are files in src/images processed at build; pages get their data through createPages.
    { resolve: 'gatsby-source-filesystem', options: { name: 'images', path: `${__dirname}/src/images` } },
    // The hero creatives the tables name (docs/landings.md, "Hero creatives"); the name is gatsby-node's TABLE_CREATIVES_SOURCE.
    { resolve: 'gatsby-source-filesystem', options: { name: 'creatives', path: path.join(dataDir, 'creatives') } },
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-plugin-offline',
      options: {
        // Relative to the site's folder, where the plugin itself reads and writes (public/sw.js): Gatsby hands
        // every browser plugin's options to the app bundle, and an absolute path there would make the bundle,
        // and so every page that names its hash, differ from one checkout's folder to another.
        appendScript: 'gatsby/service-worker/calls-past-the-worker.js',
        workboxConfig: {
          // The plugin merges this list into its own by position too: its first entries (the app and
          // webpack-runtime scripts) are top-level scripts that the first pattern matches again.
          globPatterns: precachePatterns(),
          // The plugin deep-merges this list into its own by position, so all four of its entries are
          // restated in its order. Only page data changes: NetworkFirst instead of StaleWhileRevalidate.
          // Landings change with every table edit, and a cached page-data.json or app-data.json would
          // show the last deploy's offer (and hide a new webpack compilation hash, so Gatsby could not
          // tell that the page's JavaScript is stale and reload it). The cache answers only offline.
          runtimeCaching: [
            { urlPattern: /(\.js$|\.css$|static\/)/, handler: 'CacheFirst' },
            { urlPattern: /^https?:.*\/page-data\/.*\.json/, handler: 'NetworkFirst' },
            { urlPattern: /^https?:.*\.(png|jpg|jpeg|webp|avif|svg|gif|tiff|js|woff|woff2|json|css)$/, handler: 'StaleWhileRevalidate' },
            { urlPattern: /^https?:\/\/fonts\.googleapis\.com\/css/, handler: 'StaleWhileRevalidate' },
          ],
        },
      },
    },
    ...(gtmId
      ? [
          {
            resolve: 'gatsby-plugin-google-tagmanager',
            options: { id: gtmId, includeInDevelopment: false, enableWebVitalsTracking: false },
          },
        ]
      : []),
  ],
};

export default config;
