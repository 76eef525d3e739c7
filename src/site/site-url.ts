/** The main site's origin, where /promo is served (gatsby-config's siteMetadata and the server-rendered head). */
export const SITE_URL = process.env.SITE_URL || 'https://zenit.win';
