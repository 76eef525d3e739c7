import { drawBandsBehind } from '../../../src/early/draw-bands';
import { BAND_DRAWN_ATTRIBUTE } from '../../../src/early/early-state';

/**
 * jsdom knows no content-visibility: a band skips its layout here when it carries data-skips, as the
 * bands of components/below-the-fold.ts do in a browser until they are drawn.
 */
beforeEach(() => {
  document.body.innerHTML = `
    <main>
      <section id="offer"></section>
      <div><section id="steps" data-skips></section></div>
      <section id="apps" data-skips></section>
    </main>
    <footer id="footer" data-skips></footer>`;
  const real = window.getComputedStyle.bind(window);
  jest.spyOn(window, 'getComputedStyle').mockImplementation((element: Element) => {
    const skips = element.hasAttribute('data-skips') && !element.hasAttribute(BAND_DRAWN_ATTRIBUTE);
    return { ...real(element), contentVisibility: skips ? 'auto' : 'visible' } as CSSStyleDeclaration;
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
});

/** The browser's idle moments, one at a time, as the test gives them. */
let idle: Array<() => void> = [];
beforeEach(() => {
  idle = [];
  (window as { requestIdleCallback?: unknown }).requestIdleCallback = (work: () => void) => idle.push(work);
});
const idleMoment = () => idle.shift()?.();

const drawn = () => [...document.querySelectorAll(`[${BAND_DRAWN_ATTRIBUTE}]`)].map((element) => element.id);

test('draws the skipped bands one per idle moment, top first, and none while the page is still being read', async () => {
  drawBandsBehind(window);
  expect(drawn()).toEqual([]);
  idleMoment();
  expect(drawn()).toEqual(['steps']);
  idleMoment();
  expect(drawn()).toEqual(['steps', 'apps']);
  idleMoment();
  expect(drawn()).toEqual(['steps', 'apps', 'footer']);
});

test('the page showing draws every band left at once, and the idle moments after it draw nothing more', async () => {
  const bands = drawBandsBehind(window);
  idleMoment();
  expect(drawn()).toEqual(['steps']);
  bands.rest();
  expect(drawn()).toEqual(['steps', 'apps', 'footer']);
  document.getElementById('footer')!.removeAttribute(BAND_DRAWN_ATTRIBUTE);
  idleMoment();
  idleMoment();
  expect(drawn()).toEqual(['steps', 'apps']);
});

test('a page that shows while the parser is still reading draws the bands it reaches afterwards as it ends', async () => {
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  const bands = drawBandsBehind(window);
  document.getElementById('footer')!.remove();
  bands.rest();
  expect(drawn()).toEqual(['steps', 'apps']);
  // The parser reaches the footer after the page has shown.
  document.body.insertAdjacentHTML('beforeend', '<footer id="footer" data-skips></footer>');
  expect(drawn()).toEqual(['steps', 'apps']);
  readyState.mockReturnValue('interactive');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  expect(drawn()).toEqual(['steps', 'apps', 'footer']);
});
