/**
 * Sections come alive as they scroll in (spec 9's scroll animation, with an IntersectionObserver
 * instead of its 50 ms poll). Run once, early, in the browser (gatsby-browser's onClientEntry): it
 * marks only the sections carrying `data-reveal` that lie wholly below the screen at that moment, and
 * reveals each as it enters. So nothing a visitor has seen, nothing on the first screen (the largest
 * paint included) and nothing without JavaScript is ever hidden; under prefers-reduced-motion nothing
 * is marked. The CSS is in the global style. React never renders `data-reveal-state`, so it leaves it be.
 */
export const REVEAL_STATE = 'data-reveal-state';

export function revealOnScroll(win: Window & typeof globalThis = window): void {
  if (typeof win.IntersectionObserver !== 'function') return;
  if (win.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const sections = Array.from(win.document.querySelectorAll<HTMLElement>('[data-reveal]'));
  if (sections.length === 0) return;
  // Where each section lies is read from the observer's first report, made when the browser lays the
  // page out anyway, rather than by measuring here, which would force a layout of the whole page.
  const waiting = new Set<Element>();
  const show = (section: Element) => {
    waiting.delete(section);
    section.setAttribute(REVEAL_STATE, 'shown');
    observer.unobserve(section);
  };
  const observer = new win.IntersectionObserver((entries) => {
    for (const entry of entries) {
      const section = entry.target;
      if (waiting.has(section)) {
        if (!entry.isIntersecting) continue;
        // The sections stack down the page, so those before this one are above it or on screen too.
        // A fast fling (or a busy browser that skips frames) can carry a section past the screen
        // without the observer ever seeing it inside; it must not stay hidden behind the visitor.
        for (const earlier of sections.slice(0, sections.indexOf(section as HTMLElement))) {
          if (waiting.has(earlier)) show(earlier);
        }
        show(section);
      } else if (!entry.isIntersecting && entry.boundingClientRect.top >= (entry.rootBounds?.height ?? win.innerHeight)) {
        waiting.add(section);
        section.setAttribute(REVEAL_STATE, 'waiting');
      } else {
        observer.unobserve(section);
      }
    }
  });
  for (const section of sections) observer.observe(section);
}
