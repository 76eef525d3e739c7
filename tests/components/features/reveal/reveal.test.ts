/** Sections below the screen wait until they scroll in; none is ever left hidden behind the visitor. */
import { REVEAL_STATE, revealOnScroll } from '../../../../src/features/reveal/reveal';

type Where = 'below' | 'inside' | 'above';

/** A stand-in for the browser's observer: the test says where a section is when the browser reports it. */
function installObserver() {
  let callback: IntersectionObserverCallback | null = null;
  const observed = new Set<Element>();
  class FakeObserver {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe(element: Element) {
      observed.add(element);
    }
    unobserve(element: Element) {
      observed.delete(element);
    }
    disconnect() {
      observed.clear();
    }
    takeRecords() {
      return [];
    }
  }
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  const top = { below: 900, inside: 100, above: -900 };
  return {
    observed,
    report: (reports: [Element, Where][]) =>
      callback!(
        reports
          .filter(([target]) => observed.has(target))
          .map(
            ([target, where]) =>
              ({
                target,
                isIntersecting: where === 'inside',
                boundingClientRect: { top: top[where] },
                rootBounds: { height: 640 },
              }) as unknown as IntersectionObserverEntry,
          ),
        {} as IntersectionObserver,
      ),
  };
}

function page(count: number): HTMLElement[] {
  document.body.innerHTML = Array.from({ length: count }, (_, index) => `<section data-reveal="" id="s${index}"></section>`).join('');
  return Array.from(document.querySelectorAll('section'));
}

const states = (sections: HTMLElement[]) => sections.map((section) => section.getAttribute(REVEAL_STATE));

beforeEach(() => {
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
});

test('only the sections wholly below the screen wait; each is shown as it enters', () => {
  const observer = installObserver();
  const sections = page(4);
  revealOnScroll(window);
  observer.report([
    [sections[0], 'inside'],
    [sections[1], 'below'],
    [sections[2], 'below'],
    [sections[3], 'below'],
  ]);
  expect(states(sections)).toEqual([null, 'waiting', 'waiting', 'waiting']);
  observer.report([[sections[1], 'inside']]);
  expect(states(sections)).toEqual([null, 'shown', 'waiting', 'waiting']);
  expect(observer.observed.has(sections[1])).toBe(false);
});

test('a section carried past the screen unseen is shown once a later one enters', () => {
  const observer = installObserver();
  const sections = page(4);
  revealOnScroll(window);
  observer.report(sections.map((section, index) => [section, index === 0 ? 'inside' : 'below'] as [Element, Where]));
  // A fling: the browser next reports the last section inside, and never saw the middle ones there.
  observer.report([[sections[3], 'inside']]);
  expect(states(sections)).toEqual([null, 'shown', 'shown', 'shown']);
  expect(observer.observed.size).toBe(0);
});

test('under reduced motion nothing waits', () => {
  const observer = installObserver();
  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as unknown as typeof window.matchMedia;
  const sections = page(2);
  revealOnScroll(window);
  expect(observer.observed.size).toBe(0);
  expect(states(sections)).toEqual([null, null]);
});
