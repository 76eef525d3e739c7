/**
 * The scripts of a built page, as Content-Security-Policy hash sources ('sha256-…').
 *
 * Gatsby writes a few inline <script> elements into every page (the page path, the chunk map, the
 * compilation hash, gatsby-plugin-image's loaders, and the tag manager / metrics loaders when they
 * are configured) and a few <script src> elements (webpack's runtime, the framework, the app). The
 * policy says 'strict-dynamic', so each of them needs a hash: an inline script the hash of its text,
 * a <script src> the hash in its integrity attribute (script-integrity.ts adds those at build). The
 * page path differs per page, so each HTML file gets its own list, which the build writes to
 * public/_csp.nginx.map (see csp-map-file.ts) and the stand-in computes on the fly.
 *
 * Pure: no file system, no clock.
 */
import { createHash } from 'node:crypto';

/** Script types a browser executes (and so checks against script-src); data blocks such as JSON-LD are not. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const NOSCRIPT = /<noscript\b[^>]*>[\s\S]*?<\/noscript\s*>/gi;
/** What an integrity attribute may hold that CSP can match: the hash-sources of CSP3's hash-source grammar. */
const INTEGRITY_HASH = /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|$|/)`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** One executable <script> element of a document, where it stands in the text. */
export interface ScriptElement {
  /** Offset of `<script` and of the character after `</script>`. */
  start: number;
  end: number;
  /** The start tag's attribute text (between `<script` and `>`). */
  attributes: string;
  /** The src attribute, when there is one. */
  src: string | undefined;
  /** The element's text (what an inline script runs). */
  text: string;
}

/** Executable scripts of a document, in order. With scripting on, <noscript> content is plain text: nothing in it ever runs. */
export function executableScripts(html: string): ScriptElement[] {
  const hidden = [...html.matchAll(NOSCRIPT)].map((match) => [match.index, match.index + match[0].length] as const);
  const scripts: ScriptElement[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    if (hidden.some(([from, to]) => match.index >= from && match.index < to)) continue;
    const attributes = match[1];
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push({ start: match.index, end: match.index + match[0].length, attributes, src: attribute(attributes, 'src'), text: match[2] });
  }
  return scripts;
}

/** The browser hashes the element's text after the HTML parser turned CR LF and lone CR into LF. */
export function cspHashOf(scriptText: string): string {
  const normalized = scriptText.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalized, 'utf8').digest('base64')}'`;
}

/** Hash sources of every inline, executable script of an HTML document, in document order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = executableScripts(html)
    .filter((script) => script.src === undefined)
    .map((script) => cspHashOf(script.text));
  return [...new Set(hashes)];
}

/**
 * Hash sources for the <script src> elements of a document: the hashes their integrity attributes
 * name (CSP3 matches an external script by them). A script without integrity gets none, and so does
 * not run in a browser that honours 'strict-dynamic'.
 */
export function externalScriptHashes(html: string): string[] {
  const hashes = executableScripts(html)
    .filter((script) => script.src !== undefined)
    .flatMap((script) => (attribute(script.attributes, 'integrity') ?? '').split(/\s+/))
    .map((token) => token.replace(/\?.*$/, ''))
    .filter((token) => INTEGRITY_HASH.test(token))
    .map((token) => `'${token}'`);
  return [...new Set(hashes)];
}

/** Every hash source a page needs in script-src: its inline scripts, then its <script src> elements. */
export function scriptHashes(html: string): string[] {
  return [...new Set([...inlineScriptHashes(html), ...externalScriptHashes(html)])];
}

/** URL path under which the host serves a file of public/ (index.html keeps its name: nginx's $uri after `index`). */
export function servedPath(basePath: string, relativeFile: string): string {
  return `${basePath}/${relativeFile.split(/[\\/]+/).join('/')}`;
}

/**
 * nginx map lines: `<uri> " 'sha256-a' 'sha256-b'";`. Each value starts with a space so the policy in
 * promo.http.conf can read `script-src 'self'$promo_script_hashes 'strict-dynamic' …` whether or not a page has any.
 */
export function cspNginxMap(entries: ReadonlyArray<{ uri: string; hashes: readonly string[] }>): string {
  const lines = [
    '# Generated by the build (gatsby-node.ts onPostBuild, gatsby/post-build/csp-map-file.ts): the scripts of each page',
    '# as CSP hash sources. Use inside: map $uri $promo_script_hashes { default ""; include <this file>; }',
    ...entries
      .filter((entry) => entry.hashes.length > 0)
      .map((entry) => {
        if (/[\s";{}'\\]/.test(entry.uri)) throw new Error(`${entry.uri}: a path nginx cannot take as a map key`);
        return `${entry.uri} "${entry.hashes.map((hash) => ` ${hash}`).join('')}";`;
      }),
    '',
  ];
  return lines.join('\n');
}
