import type { GatsbyConfig } from 'gatsby';
import { BASE_PATH } from './src/domain/paths';

/** Third-party ids come from the environment so no build or test ever reaches those hosts unasked. */
const gtmId = process.env.GATSBY_GTM_ID;

const config: GatsbyConfig = {
  pathPrefix: BASE_PATH,
  trailingSlash: 'always',
  siteMetadata: {
    title: 'Zenit promotions',
    siteUrl: process.env.SITE_URL || 'https://zenit.win',
  },
  graphqlTypegen: false,
  plugins: [
    'gatsby-plugin-styled-components',
    // Pictures are files in src/images processed at build; pages get their data through createPages.
    { resolve: 'gatsby-source-filesystem', options: { name: 'images', path: `${__dirname}/src/images` } },
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-plugin-offline',
      options: {
        workboxConfig: {
          // Landings change with every table edit: HTML and page data are always revalidated.
          globPatterns: ['**/*.{js,css,svg,woff2}'],
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
