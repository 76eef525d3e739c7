/**
 * Makes a built page's <script src> elements allowed by a 'strict-dynamic' policy, under which a script
 * the parser meets runs only if a hash or nonce allows it (what it inserts is then trusted in turn). So
 * each of Gatsby's tags gets an integrity attribute with its file's hash, and the policy lists that hash.
 * Browsers that know 'strict-dynamic' but cannot match an external script by its hash (Firefox 52–115,
 * Safari 15.4–15.5) block those tags: a small hashed inline script inserts them again from its own list
 * of this page's files and never anything else, so an injected <script src> stays blocked.
 * Pure: the caller says what a src's integrity is (csp-map-file.ts reads the file from public/).
 */
import { createHash } from 'node:crypto';
import { attribute, executableScripts, type ScriptElement } from './csp-hashes';

/** The id of the inline retry script, so a second pass over the same page replaces it instead of adding another. */
export const RETRY_SCRIPT_ID = 'promo-csp-retry';
/** Marks the copy the retry script inserted, so a copy that fails too is not tried again. */
export const RETRY_MARK = 'data-csp-retry';

/** Subresource Integrity metadata of a file: 'sha256-' and the base64 digest (the same hash CSP lists). */
export function integrityOf(content: Buffer | string): string {
  return `sha256-${createHash('sha256').update(content).digest('base64')}`;
}

const RETRY_ELEMENT = new RegExp(`<script\\b[^>]*\\bid="${RETRY_SCRIPT_ID}"[^>]*>[\\s\\S]*?</script\\s*>`, 'gi');

/**
 * The retry script: on a <script src> of its list that failed to load (a capturing listener sees the
 * element's error event, which a CSP block fires), inserts one copy with the listed integrity. ES5, so
 * the browsers it is for can parse it.
 */
export function retryScript(files: Readonly<Record<string, string>>): string {
  const list = JSON.stringify(files).replace(/</g, '\\u003c');
  return (
    `(function(){var k=${list};document.addEventListener("error",function(e){` +
    `var s=e.target,u=s&&s.tagName==="SCRIPT"&&!s.hasAttribute("${RETRY_MARK}")&&s.getAttribute("src");` +
    `if(!u||!Object.prototype.hasOwnProperty.call(k,u)||!s.parentNode)return;` +
    `var c=document.createElement("script");` +
    `for(var i=0;i<s.attributes.length;i++)c.setAttribute(s.attributes[i].name,s.attributes[i].value);` +
    `c.async=s.hasAttribute("async");c.integrity=k[u];c.setAttribute("${RETRY_MARK}","");` +
    `s.parentNode.insertBefore(c,s.nextSibling)},true)})();`
  );
}

function setIntegrity(attributes: string, integrity: string): string {
  const without = attributes.replace(/\s+integrity\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi, '');
  const selfClosing = /\s*\/\s*$/.exec(without);
  const body = selfClosing ? without.slice(0, selfClosing.index) : without;
  return `${body} integrity="${integrity}"${selfClosing ? selfClosing[0] : ''}`;
}

/**
 * The page with an integrity attribute on every <script src> (replacing any it had) and, before the
 * first of them, the retry script for this page's files. `integrityFor` gives a src's integrity and
 * throws for a src that is not a file of the build. Running it on its own output changes nothing.
 */
/**
 * The page without a retry script an earlier pass added, and its <script src> elements in order (a pass
 * over the build's pages reads them this way, whichever way it then rewrites them). Throws for a src that
 * names no file.
 */
export function scriptFilesOf(html: string): { page: string; external: ScriptElement[] } {
  const page = html.replace(RETRY_ELEMENT, '');
  const external = executableScripts(page).filter((script) => script.src !== undefined);
  if (external.some(({ src }) => src!.trim() === '')) throw new Error('a <script src=""> names no file');
  return { page, external };
}

export function withScriptIntegrity(html: string, integrityFor: (src: string) => string): string {
  const { page, external } = scriptFilesOf(html);
  if (external.length === 0) return page;
  const files: Record<string, string> = {};
  for (const { src } of external) files[src!] ??= integrityFor(src!);
  let out = page.slice(0, external[0].start) + `<script id="${RETRY_SCRIPT_ID}">${retryScript(files)}</script>`;
  let at = external[0].start;
  for (const script of external) {
    out += page.slice(at, script.start) + `<script${setIntegrity(script.attributes, files[script.src!])}>`;
    at = page.indexOf('>', script.start) + 1;
  }
  return out + page.slice(at);
}

/** The src attributes of a page's <script src> elements that carry no integrity (none after withScriptIntegrity). */
export function scriptsWithoutIntegrity(html: string): string[] {
  return executableScripts(html)
    .filter((script) => script.src !== undefined && !attribute(script.attributes, 'integrity'))
    .map((script) => script.src!);
}
