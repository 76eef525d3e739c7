/**
 * @jest-environment jsdom
 *
 * Integrity on a page's <script src> tags and the retry script for browsers that know 'strict-dynamic'
 * but cannot match an external script by its hash (gatsby/post-build/script-integrity.ts). The retry script runs
 * here in jsdom, which fires no loads: the tests fire the error event a CSP block would.
 */
import { createHash } from 'node:crypto';
import { cspHashOf, scriptHashes } from '../../../../gatsby/post-build/csp-hashes';
import {
  integrityOf,
  RETRY_MARK,
  RETRY_SCRIPT_ID,
  retryScript,
  scriptsWithoutIntegrity,
  withScriptIntegrity,
} from '../../../../gatsby/post-build/script-integrity';
import { FILES, integrityFor, PAGE } from '../../../fixtures/gatsby-page';

describe('integrityOf', () => {
  test('is the SRI form of the file\u2019s SHA-256, the hash CSP lists for it', () => {
    const digest = createHash('sha256').update('console.log(1)').digest('base64');
    expect(integrityOf(Buffer.from('console.log(1)'))).toBe(`sha256-${digest}`);
  });
});

describe('withScriptIntegrity', () => {
  const built = withScriptIntegrity(PAGE, integrityFor);

  test('every <script src> gets the integrity of its file, the rest of the page stays as it was', () => {
    expect(built).toContain('<script src="/promo/webpack-runtime-0123456789abcdef0123.js" async integrity="sha256-RRRR"></script>');
    expect(built).toContain('<script src="/promo/app-0123456789abcdef0123.js" async integrity="sha256-AAAA"></script>');
    expect(scriptsWithoutIntegrity(PAGE)).toHaveLength(2);
    expect(scriptsWithoutIntegrity(built)).toEqual([]);
    const retry = new RegExp(`<script id="${RETRY_SCRIPT_ID}">[\\s\\S]*?</script>`);
    expect(built.replace(retry, '').replace(/ integrity="[^"]*"/g, '')).toBe(PAGE);
  });

  test('the retry script comes right before the first script file and lists exactly this page\u2019s files', () => {
    const at = built.indexOf(`<script id="${RETRY_SCRIPT_ID}">`);
    expect(at).toBeGreaterThan(built.indexOf('___webpackCompilationHash'));
    expect(built.indexOf('<script src=')).toBe(built.indexOf('</script>', at) + '</script>'.length);
    expect(built).toContain(`<script id="${RETRY_SCRIPT_ID}">${retryScript(FILES)}</script>`);
  });

  test('the page\u2019s hashes then cover the retry script and both files', () => {
    expect(scriptHashes(built)).toEqual(
      expect.arrayContaining([cspHashOf(retryScript(FILES)), "'sha256-RRRR'", "'sha256-AAAA'", cspHashOf('loadImages()')]),
    );
    expect(scriptHashes(built)).toHaveLength(6);
  });

  test('a second pass changes nothing; a stale integrity is replaced', () => {
    expect(withScriptIntegrity(built, integrityFor)).toBe(built);
    const stale = built.replace('sha256-AAAA', 'sha256-OLD');
    expect(withScriptIntegrity(stale, integrityFor)).toBe(built);
  });

  test('a page without script files is left alone', () => {
    const plain = '<html><body><script>inline()</script><noscript><script src="/x.js"></script></noscript></body></html>';
    expect(withScriptIntegrity(plain, integrityFor)).toBe(plain);
  });

  test('a script that is not a file of the build stops the build, naming it', () => {
    expect(() => withScriptIntegrity('<script src="https://cdn.example/lib.js"></script>', integrityFor)).toThrow(/cdn\.example/);
    expect(() => withScriptIntegrity('<script src=""></script>', integrityFor)).toThrow(/names no file/);
  });
});

describe('the retry script (what Firefox 52–115 and Safari 15.4–15.5 run)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    // A fresh listener per test: the retry script adds one to document each time it runs.
    jest.spyOn(document, 'addEventListener');
    new Function(retryScript(FILES))();
  });
  afterEach(() => {
    for (const [type, listener, options] of (document.addEventListener as jest.Mock).mock.calls) {
      document.removeEventListener(type, listener, options);
    }
    jest.restoreAllMocks();
  });

  function blocked(src: string, attributes: Record<string, string> = { async: '' }): HTMLScriptElement {
    const script = document.createElement('script');
    script.setAttribute('src', src);
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    document.body.append(script);
    script.dispatchEvent(new Event('error'));
    return script;
  }

  test('a listed file that failed is inserted once more, right after, with its listed integrity and marked', () => {
    const original = blocked('/promo/app-0123456789abcdef0123.js', { async: '', integrity: 'sha256-AAAA' });
    const scripts = [...document.body.querySelectorAll('script')];
    expect(scripts).toHaveLength(2);
    const copy = scripts[1];
    expect(scripts[0]).toBe(original);
    expect(copy.getAttribute('src')).toBe('/promo/app-0123456789abcdef0123.js');
    expect(copy.integrity).toBe('sha256-AAAA');
    expect(copy.async).toBe(true);
    expect(copy.hasAttribute(RETRY_MARK)).toBe(true);
  });

  test('the copy keeps a script without async in order (async off), and carries the listed integrity whatever the tag said', () => {
    blocked('/promo/webpack-runtime-0123456789abcdef0123.js', { integrity: 'sha256-FORGED' });
    const copy = document.body.querySelectorAll('script')[1];
    expect(copy.async).toBe(false);
    expect(copy.integrity).toBe('sha256-RRRR');
  });

  test('a script that is not on the list is never inserted again (an injected tag stays blocked)', () => {
    blocked('https://evil.example/x.js');
    blocked('/promo/other-0123456789abcdef0123.js');
    blocked('constructor');
    expect(document.body.querySelectorAll('script')).toHaveLength(3);
  });

  test('a copy that fails too is not tried again', () => {
    blocked('/promo/app-0123456789abcdef0123.js');
    const copy = document.body.querySelectorAll('script')[1];
    copy.dispatchEvent(new Event('error'));
    expect(document.body.querySelectorAll('script')).toHaveLength(2);
  });

  test('errors of other elements pass by', () => {
    const image = document.createElement('img');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(document.body.querySelectorAll('script')).toHaveLength(0);
  });
});
