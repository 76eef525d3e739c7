/**
 * Stands in, in the browser's production bundle, for gatsby-plugin-styled-components' browser hook
 * (gatsby-plugin-styled-components/gatsby-browser.js): it wraps the page's root in a StyleSheetManager
 * whose one option (vendor prefixes) the site leaves at its default, and so brought the whole styling
 * library into every landing's first load. What React renders there is plain markup; the
 * parts that come later bring the library with them and need no manager. The server's render keeps the
 * plugin's own hook, which collects the page's styles.
 */
export {};
