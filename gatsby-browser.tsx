/**
 * Browser APIs hold wrappers only; what a page does lives in src/features.
 * Scroll restoration per page (spec 2) is Gatsby's own default, so it is not overridden here.
 */
export {};
