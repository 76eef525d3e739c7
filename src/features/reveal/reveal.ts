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
  const below = [...win.document.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
    (section) => section.getBoundingClientRect().top >= win.innerHeight,
  );
  if (below.length === 0) return;
  const observer = new win.IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      entry.target.setAttribute(REVEAL_STATE, 'shown');
      observer.unobserve(entry.target);
    }
  });
  for (const section of below) {
    section.setAttribute(REVEAL_STATE, 'waiting');
    observer.observe(section);
  }
}
