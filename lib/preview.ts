/**
 * A page the editor's preview frame or the QA index opens is not a visitor's: its address carries the
 * `preview` query parameter (the editor's frame has always carried it, to reload after each rebuild),
 * and every tracking call the page makes names that address in its Referer (the site's Referrer-Policy
 * keeps the query on same-origin calls). The stand-in marks those calls' log lines `"preview": true`,
 * and the funnel report keeps them out of every count (docs/funnel.md, "Preview views").
 */
export const PREVIEW_PARAM = 'preview';

/** A site path with the marker: what the QA index links to. */
export const previewHref = (href: string, source: string): string =>
  `${href}${href.includes('?') ? '&' : '?'}${PREVIEW_PARAM}=${encodeURIComponent(source)}`;

/** Whether a tracking call came from a marked page, by its Referer. */
export function isPreviewReferer(referer: string | undefined): boolean {
  if (!referer) return false;
  try {
    return new URL(referer).searchParams.has(PREVIEW_PARAM);
  } catch {
    return false;
  }
}
