import { whenIdle } from './idle';

/** How far ahead of the screen the section starts loading: a screen's height, about a second of scrolling. */
export const AHEAD_MARGIN = '100% 0px';

/**
 * Starts `load` when `section` comes within a screen of the visible part of the page: at once when the
 * visitor scrolls towards it, after the page has settled (whenIdle) when it is that close from the
 * start (a tall screen), and never for a visitor who does not go there. Without IntersectionObserver,
 * once the page has settled. Returns the cleanup.
 */
export function whenNearScreen(section: Element | null, load: () => void): () => void {
  if (!section || typeof IntersectionObserver !== 'function') return whenIdle(load);
  let cancelIdle: () => void = () => undefined;
  let firstReport = true;
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.some((entry) => entry.isIntersecting);
      const atLoad = firstReport;
      firstReport = false;
      if (!near) return;
      observer.disconnect();
      if (atLoad) cancelIdle = whenIdle(load);
      else load();
    },
    { rootMargin: AHEAD_MARGIN },
  );
  observer.observe(section);
  return () => {
    observer.disconnect();
    cancelIdle();
  };
}
