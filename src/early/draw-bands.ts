import { BAND_DRAWN_ATTRIBUTE } from './early-state';
import { inNextTask } from './next-task';

type IdleWindow = Window & { requestIdleCallback?: (work: () => void, options?: { timeout: number }) => number };

/** The page's bands whose layout the browser skips until drawn (components/below-the-fold.ts), top first. */
function undrawnBands(doc: Document): HTMLElement[] {
  const view = doc.defaultView;
  if (!view) return [];
  return [...doc.querySelectorAll<HTMLElement>('main section, body footer')].filter(
    (band) => !band.hasAttribute(BAND_DRAWN_ATTRIBUTE) && view.getComputedStyle(band).contentVisibility === 'auto',
  );
}

/**
 * The bands below the first screen skip their layout at load, so the first layout is the first
 * screen's alone, and keep a place of about their phone height meanwhile. No guess fits every
 * language, width and text size: a band drawn as it comes on screen would move what the visitor
 * reads. So, once the page has parsed, each band is drawn in an idle moment of its own, top first,
 * behind the preloader; `rest` draws whatever is left when the page shows. From then on every band
 * stands at its own height, and reaching one moves nothing.
 */
export function drawBandsBehind(win: Window): { rest: () => void } {
  const doc = win.document;
  let stopped = false;
  const idle = (work: () => void) => {
    const request = (win as IdleWindow).requestIdleCallback;
    if (typeof request === 'function') request.call(win, work, { timeout: 1000 });
    else inNextTask(win, work);
  };
  const drawNext = () => {
    if (stopped) return;
    const [band] = undrawnBands(doc);
    if (!band) return;
    band.setAttribute(BAND_DRAWN_ATTRIBUTE, '');
    // Laid out here, in this idle moment, rather than in the frame the page shows in.
    void band.offsetHeight;
    idle(drawNext);
  };
  const start = () => idle(drawNext);
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
  return {
    rest: () => {
      stopped = true;
      const drawAll = () => {
        for (const band of undrawnBands(doc)) band.setAttribute(BAND_DRAWN_ATTRIBUTE, '');
      };
      drawAll();
      // On a slow network the page may show before the parser has reached the last bands: they are
      // drawn as it ends, so they too stand at their own height before the visitor reaches them.
      if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', drawAll, { once: true });
    },
  };
}
