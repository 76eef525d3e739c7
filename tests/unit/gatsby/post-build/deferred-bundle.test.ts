/**
 * @jest-environment jsdom
 *
 * A page's script files asked for after its first frame (gatsby/post-build/deferred-bundle.ts). The loader runs here
 * in jsdom with fake timers and a hand-driven requestAnimationFrame: the tests decide when a frame is drawn.
 */
import { cspHashOf, scriptHashes } from '../../../../gatsby/post-build/csp-hashes';
import {
  BUNDLE_LATEST_MS,
  BUNDLE_LOADER_ID,
  bundleLoader,
  deferredBundle,
  withDeferredBundle,
} from '../../../../gatsby/post-build/deferred-bundle';
import { RETRY_SCRIPT_ID, withScriptIntegrity } from '../../../../gatsby/post-build/script-integrity';
import { FILES, integrityFor, PAGE } from '../../../fixtures/gatsby-page';

describe('withDeferredBundle', () => {
  const built = withDeferredBundle(PAGE, integrityFor);

  test('no <script src> is left for the parser to fetch: one loader stands where the first stood, listing every file in order with its integrity', () => {
    expect(built).not.toMatch(/<script[^>]*\ssrc=/);
    expect(deferredBundle(built)).toEqual(Object.entries(FILES));
    const before = PAGE.slice(0, PAGE.indexOf('<script src='));
    expect(built.startsWith(`${before}<script id="${BUNDLE_LOADER_ID}">`)).toBe(true);
    expect(built.endsWith('</script><!-- slice-end id="_gatsby-scripts-1" --></body></html>')).toBe(true);
  });

  test("the page's hashes cover the loader and its other inline scripts; the files need none (strict-dynamic trusts what the loader inserts)", () => {
    expect(scriptHashes(built)).toEqual(
      expect.arrayContaining([cspHashOf(bundleLoader(Object.entries(FILES))), cspHashOf('loadImages()')]),
    );
    expect(scriptHashes(built)).toHaveLength(4);
  });

  test('a second pass changes nothing; a page an earlier pass gave integrity and the retry script ends the same', () => {
    expect(withDeferredBundle(built, integrityFor)).toBe(built);
    const earlier = withScriptIntegrity(PAGE, integrityFor);
    expect(earlier).toContain(RETRY_SCRIPT_ID);
    expect(withDeferredBundle(earlier, integrityFor)).toBe(built);
  });

  test('a page without script files is left alone; a script that is not a file of the build stops the build, naming it', () => {
    const plain = '<html><body><script>inline()</script><noscript><script src="/x.js"></script></noscript></body></html>';
    expect(withDeferredBundle(plain, integrityFor)).toBe(plain);
    expect(deferredBundle(plain)).toEqual([]);
    expect(() => withDeferredBundle('<script src="https://cdn.example/lib.js"></script>', integrityFor)).toThrow(/cdn\.example/);
  });

  test('a file name that would close the script element is written so it cannot', () => {
    const loader = bundleLoader([['/promo/</script><b>x.js', 'sha256-X']]);
    expect(loader).not.toContain('</script');
  });
});

describe('the loader in the page', () => {
  let frames: FrameRequestCallback[] = [];
  const asked = () =>
    [...document.body.querySelectorAll('script')].map((script) => [script.getAttribute('src'), script.integrity, script.async]);
  const hidden = (value: boolean) =>
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });

  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
    frames = [];
    window.requestAnimationFrame = (callback) => frames.push(callback);
    hidden(false);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const run = () => new Function(bundleLoader(Object.entries(FILES)))();

  test('asks for nothing while the first frame is drawn, then for every file once, in order, with its integrity', () => {
    run();
    expect(asked()).toEqual([]);
    frames.forEach((frame) => frame(0));
    expect(asked()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(asked()).toEqual(Object.entries(FILES).map(([src, integrity]) => [src, integrity, true]));
    jest.advanceTimersByTime(BUNDLE_LATEST_MS);
    expect(asked()).toHaveLength(Object.keys(FILES).length);
  });

  test('a page that draws no frame asks for them after 1 s all the same', () => {
    run();
    jest.advanceTimersByTime(BUNDLE_LATEST_MS - 1);
    expect(asked()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(asked()).toHaveLength(Object.keys(FILES).length);
  });

  test('a tab opened in the background asks at once', () => {
    hidden(true);
    run();
    expect(asked()).toHaveLength(Object.keys(FILES).length);
    expect(frames).toEqual([]);
  });
});
