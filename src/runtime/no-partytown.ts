/**
 * Stands in, in the browser's production bundle, for Gatsby's internal Partytown plugin
 * (gatsby/dist/internal-plugins/partytown/gatsby-browser.js): its one browser hook returns at once
 * outside `gatsby develop`, yet it brought Partytown's snippet code into every landing's first load.
 * The site runs no off-main-thread scripts (`<Script strategy="off-main-thread">`).
 */
export {};
