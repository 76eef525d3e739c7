/**
 * A landing's script files are asked for after its first frame, not while it is parsed. Gatsby's
 * `<script src async>` tags are fetched at once, sharing a slow network with the hero picture, and
 * compiled (gatsby/webpack/compile-hint.ts) beside the page's first style and layout; yet the first screen
 * needs none of them: the preloader covers it (src/early/early.ts lifts it), links and the form work as
 * HTML, taps are kept until the code is there. So those tags become one inline loader that inserts the
 * same files, with the same integrity, a task after the first frame, at once in a tab that draws no
 * frames, or after 1 s at the latest. What a hashed inline script inserts is trusted by 'strict-dynamic',
 * so such a page needs no retry script (script-integrity.ts). Pure: the caller says what a src's integrity is.
 */
import { scriptFilesOf } from './script-integrity';

/** The id of the inline loader, so tests and tools can read its list back. */
export const BUNDLE_LOADER_ID = 'promo-bundle';
/** The latest the files are asked for when no frame has been drawn. */
export const BUNDLE_LATEST_MS = 1000;

const LOADER_LIST = new RegExp(`<script id="${BUNDLE_LOADER_ID}">\\(function\\(\\)\\{var l=(\\[[^\\n]*?\\]),d=document`);

/** The loader's text: ES5, so every browser that runs the page can parse it. */
export function bundleLoader(files: ReadonlyArray<readonly [src: string, integrity: string]>): string {
  const list = JSON.stringify(files).replace(/</g, '\\u003c');
  return (
    `(function(){var l=${list},d=document,n=0;` +
    'function go(){if(n++)return;for(var i=0;i<l.length;i++){var s=d.createElement("script");' +
    's.src=l[i][0];s.integrity=l[i][1];s.async=true;d.body.appendChild(s)}}' +
    'if(d.visibilityState==="hidden"||typeof requestAnimationFrame!=="function"){go();return}' +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${BUNDLE_LATEST_MS})})();`
  );
}

/**
 * The page with its <script src> elements replaced by the loader, which stands where the first of them
 * stood; a retry script an earlier pass added goes. `integrityFor` gives a src's integrity and throws for
 * a src that is not a file of the build. Running it on its own output changes nothing.
 */
export function withDeferredBundle(html: string, integrityFor: (src: string) => string): string {
  const { page, external } = scriptFilesOf(html);
  if (external.length === 0) return page;
  const files = external.map(({ src }) => [src!, integrityFor(src!)] as const);
  let out = page.slice(0, external[0].start) + `<script id="${BUNDLE_LOADER_ID}">${bundleLoader(files)}</script>`;
  let at = external[0].start;
  for (const script of external) {
    out += page.slice(at, script.start);
    at = script.end;
  }
  return out + page.slice(at);
}

/** The files the loader of a page asks for, with their integrity, in order (none without a loader). */
export function deferredBundle(html: string): Array<[src: string, integrity: string]> {
  const match = LOADER_LIST.exec(html);
  return match ? (JSON.parse(match[1]) as Array<[string, string]>) : [];
}
