/** Set by gatsby-node's webpack config in every bundle, the browser's included. */
export const SITE_URL_CONSTANT = 'process.env.SITE_URL';

/**
 * The main site's origin, where /promo is served, without a trailing slash, as every link of a head is made
 * from it (gatsby-config's siteMetadata, the head the server writes and the one a client-side navigation renders).
 */
export const SITE_URL = (process.env.SITE_URL || 'https://zenit.win').replace(/\/+$/, '');
