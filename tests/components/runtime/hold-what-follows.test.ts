/**
 * Content arriving late above what the visitor reads keeps that in place (src/runtime/hold-what-follows.ts).
 * jsdom lays nothing out: each element's place on the screen is given by the test, and moved as a browser would.
 */
import { holdWhatFollows } from '../../../src/runtime/hold-what-follows';

const SCREEN = 823;

function page(): { band: HTMLElement; wrapper: HTMLElement; follower: HTMLElement; place: (element: Element, top: number) => void } {
  document.body.innerHTML =
    '<main><section id="band"></section><div id="wrapper" style="display: contents"><section id="follower"></section></div></main>';
  const place = (element: Element, top: number) => {
    element.getBoundingClientRect = () => ({ top }) as DOMRect;
    element.getClientRects = () => [{ top }] as unknown as DOMRectList;
  };
  const wrapper = document.getElementById('wrapper')!;
  wrapper.getClientRects = () => [] as unknown as DOMRectList;
  return { band: document.getElementById('band')!, wrapper, follower: document.getElementById('follower')!, place };
}

beforeEach(() => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: SCREEN });
  window.scrollBy = jest.fn() as unknown as typeof window.scrollBy;
});

test('what follows the band, on the screen, stays where it was when the band grows by 1588 px', () => {
  const { band, follower, place } = page();
  place(follower, 243);
  const release = holdWhatFollows(band);
  place(follower, 243 + 1588);
  release();
  expect(window.scrollBy).toHaveBeenCalledWith(0, 1588);
});

test('and when the band goes, the page scrolls back by as much', () => {
  const { band, follower, place } = page();
  place(follower, 400);
  const release = holdWhatFollows(band);
  band.remove();
  place(follower, 120);
  release();
  expect(window.scrollBy).toHaveBeenCalledWith(0, -280);
});

test('a follower still below the screen needs nothing: the change moves nothing the visitor sees', () => {
  const { band, follower, place } = page();
  place(follower, SCREEN + 10);
  const release = holdWhatFollows(band);
  place(follower, SCREEN + 900);
  release();
  expect(window.scrollBy).not.toHaveBeenCalled();
});

test('a browser that kept it in place itself (scroll anchoring) is not scrolled a second time', () => {
  const { band, follower, place } = page();
  place(follower, 243);
  const release = holdWhatFollows(band);
  release();
  expect(window.scrollBy).not.toHaveBeenCalled();
});

test('nothing after the band, or no band, is nothing to hold', () => {
  document.body.innerHTML = '<main><section id="last"></section></main>';
  holdWhatFollows(document.getElementById('last'))();
  holdWhatFollows(null)();
  expect(window.scrollBy).not.toHaveBeenCalled();
});
