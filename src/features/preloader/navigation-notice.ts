/** The landing's notice (NavigationNotice.tsx, server HTML); the id lives here so gatsby-browser's first load does not carry the notice's styles. */
export const NAVIGATION_NOTICE_ID = 'navigation-notice';
export const NAVIGATION_PROGRESS_ID = 'navigation-progress';

/**
 * A landing shows its own notice in its language. Pages with no single language (the index, the 404
 * page) get a thin progress bar instead: no words, so none in the wrong language.
 */
export function showNavigationNotice(doc: Document): void {
  const notice = doc.getElementById(NAVIGATION_NOTICE_ID);
  if (notice) {
    notice.removeAttribute('hidden');
    return;
  }
  if (doc.getElementById(NAVIGATION_PROGRESS_ID)) return;
  const bar = doc.createElement('div');
  bar.id = NAVIGATION_PROGRESS_ID;
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-busy', 'true');
  bar.style.cssText = 'position:fixed;top:0;left:0;right:0;height:4px;z-index:1001;background:#ffd400;';
  doc.body.appendChild(bar);
}

export function hideNavigationNotice(doc: Document): void {
  doc.getElementById(NAVIGATION_NOTICE_ID)?.setAttribute('hidden', '');
  doc.getElementById(NAVIGATION_PROGRESS_ID)?.remove();
}
