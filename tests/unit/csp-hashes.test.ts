/** The per-page script hashes of the Content-Security-Policy (deploy/csp-hashes.ts) and the policy built from them. */
import { cspHashOf, cspNginxMap, inlineScriptHashes, servedPath } from '../../deploy/csp-hashes';
import {
  contentSecurityPolicy,
  nginxContentSecurityPolicy,
  POLICY_HOSTS,
  securityHeadersFor,
  SECURITY_HEADERS,
} from '../../deploy/security-headers';

// The example of the CSP specification / MDN: <script>alert('Hello, world.');</script>
const HELLO = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

describe('cspHashOf', () => {
  test('is the base64 SHA-256 of the script text, quoted as a CSP source', () => {
    expect(cspHashOf("alert('Hello, world.');")).toBe(HELLO);
  });

  test('hashes what the browser hashes: line breaks as the HTML parser leaves them (LF)', () => {
    expect(cspHashOf('a();\r\nb();\rc();')).toBe(cspHashOf('a();\nb();\nc();'));
    expect(cspHashOf(' x ')).not.toBe(cspHashOf('x'));
  });
});

describe('inlineScriptHashes', () => {
  test('takes inline classic and module scripts, in document order, once each', () => {
    const html = [
      "<script>alert('Hello, world.');</script>",
      '<script type="module">m()</script>',
      '<SCRIPT id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/x/";/*]]>*/</SCRIPT>',
      "<script>alert('Hello, world.');</script>",
      '<script\n            id="gatsby-chunk-mapping"\n          >\n            window.___chunkMapping="{}";\n          </script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      HELLO,
      cspHashOf('m()'),
      cspHashOf('/*<![CDATA[*/window.pagePath="/x/";/*]]>*/'),
      cspHashOf('\n            window.___chunkMapping="{}";\n          '),
    ]);
  });

  test('leaves out scripts with src, data blocks, and anything inside <noscript>', () => {
    const html = [
      '<script src="/promo/app-0123456789abcdef0123.js" async></script>',
      "<script async src='/a.js'></script>",
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<noscript><script>never()</script><img src="https://mc.yandex.ru/watch/1"/></noscript>',
      '<script data-src="/lazy.js">runs()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([cspHashOf('runs()')]);
  });

  test('an empty inline script still needs its hash; a page without inline scripts needs none', () => {
    expect(inlineScriptHashes('<script></script>')).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]);
    expect(inlineScriptHashes('<html><body><p>text</p></body></html>')).toEqual([]);
  });
});

describe('the nginx map the build writes', () => {
  test('keys are the paths nginx ends up serving; values start with a space; pages without scripts are left out', () => {
    expect(servedPath('/promo', 'zenit/ru/bonus20000/index.html')).toBe('/promo/zenit/ru/bonus20000/index.html');
    const map = cspNginxMap([
      { uri: '/promo/404.html', hashes: ["'sha256-a'", "'sha256-b'"] },
      { uri: '/promo/plain.html', hashes: [] },
    ]);
    const lines = map.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines).toEqual([`/promo/404.html " 'sha256-a' 'sha256-b'";`]);
    expect(map.endsWith('\n')).toBe(true);
  });

  test('refuses a path nginx would misread', () => {
    expect(() => cspNginxMap([{ uri: '/promo/a b.html', hashes: ["'sha256-a'"] }])).toThrow(/cannot take/);
    expect(() => cspNginxMap([{ uri: '/promo/a";.html', hashes: ["'sha256-a'"] }])).toThrow(/cannot take/);
  });
});

describe('the policy', () => {
  test('puts the page hashes into script-src, right after self, and nowhere else', () => {
    const policy = contentSecurityPolicy(["'sha256-a'", "'sha256-b'"]);
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' https:\/\/www\.googletagmanager\.com /);
    expect(policy.match(/sha256/g)).toHaveLength(2);
    expect(contentSecurityPolicy([])).toContain("script-src 'self' https://www.googletagmanager.com ");
  });

  test('never lets inline or evaluated script run, and names no host outside the list', () => {
    const policy = contentSecurityPolicy([]);
    const scriptSrc = /script-src([^;]*)/.exec(policy)![1];
    expect(scriptSrc).not.toMatch(/unsafe|\*|data:|https?:(?:\s|$)/);
    const hosts = new Set(policy.split(/[\s;]+/).filter((token) => token.startsWith('https://')));
    expect([...hosts].sort()).toEqual([...POLICY_HOSTS].sort());
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'self'$/);
  });

  test('the nginx spelling is the same policy with the map variable where the hashes go', () => {
    const nginx = nginxContentSecurityPolicy();
    expect(nginx.replace('$promo_script_hashes', " 'sha256-a'")).toBe(contentSecurityPolicy(["'sha256-a'"]));
    expect(nginx.replace('$promo_script_hashes', '')).toBe(contentSecurityPolicy([]));
  });

  test('HTML gets the policy; every response gets the other headers', () => {
    expect(securityHeadersFor('text/html; charset=utf-8', ["'sha256-a'"])).toEqual({
      ...SECURITY_HEADERS,
      'Content-Security-Policy': contentSecurityPolicy(["'sha256-a'"]),
    });
    expect(securityHeadersFor('application/javascript')).toEqual(SECURITY_HEADERS);
    expect(securityHeadersFor(undefined)).toEqual(SECURITY_HEADERS);
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });
});
