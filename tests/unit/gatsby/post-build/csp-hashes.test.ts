/** The per-page script hashes of the Content-Security-Policy (gatsby/post-build/csp-hashes.ts) and the policy built from them. */
import {
  cspHashOf,
  cspNginxMap,
  externalScriptHashes,
  inlineScriptHashes,
  scriptHashes,
  servedPath,
} from '../../../../gatsby/post-build/csp-hashes';
import {
  contentSecurityPolicy,
  METRICS_SCRIPTS,
  nginxContentSecurityPolicy,
  POLICY_HOSTS,
  securityHeadersFor,
  SECURITY_HEADERS,
} from '../../../../deploy/security-headers';
import { metricsCounterTags } from '../../../../src/site/metrics-counter';
import { cspFindings, formatFindings } from '../../../fixtures/csp-findings';
import { renderToStaticMarkup } from 'react-dom/server';
import React from 'react';

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

describe('externalScriptHashes and scriptHashes', () => {
  test('a <script src> counts by the hashes of its integrity attribute; one without integrity has none', () => {
    const html = [
      '<script src="/promo/app-0123456789abcdef0123.js" async integrity="sha256-AAAA"></script>',
      "<script src='/promo/b.js' integrity='sha384-BBBB sha512-CCCC?opt'></script>",
      '<script src="/promo/c.js"></script>',
      '<script src="/promo/d.js" integrity="md5-DDDD"></script>',
      '<noscript><script src="/promo/e.js" integrity="sha256-EEEE"></script></noscript>',
      '<script type="application/json" src="/promo/f.json" integrity="sha256-FFFF"></script>',
    ].join('');
    expect(externalScriptHashes(html)).toEqual(["'sha256-AAAA'", "'sha384-BBBB'", "'sha512-CCCC'"]);
  });

  test('a page needs its inline scripts\u2019 hashes, then its script files\u2019, each once', () => {
    const html =
      '<script>alert(\'Hello, world.\');</script><script src="/a.js" integrity="sha256-AAAA"></script><script src="/b.js" integrity="sha256-AAAA"></script>';
    expect(scriptHashes(html)).toEqual([HELLO, "'sha256-AAAA'"]);
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
  test("puts the page hashes into script-src, after self, then 'strict-dynamic', and nowhere else", () => {
    const policy = contentSecurityPolicy(["'sha256-a'", "'sha256-b'"]);
    expect(policy).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' 'strict-dynamic' https:\/\/www\.googletagmanager\.com /,
    );
    expect(policy.match(/sha256/g)).toHaveLength(2);
    expect(contentSecurityPolicy([])).toContain("script-src 'self' 'strict-dynamic' https://www.googletagmanager.com ");
  });

  test('the fallback host list names the metrics counter\u2019s script folder only, where its loader fetches tag.js', () => {
    const scriptSrc = /script-src([^;]*)/.exec(contentSecurityPolicy([]))![1].trim().split(' ');
    expect(scriptSrc).toContain(METRICS_SCRIPTS);
    expect(scriptSrc).not.toContain('https://mc.yandex.ru');
    const loader = renderToStaticMarkup(React.createElement(React.Fragment, null, ...metricsCounterTags('12345678', true)));
    expect(loader).toContain(`'${METRICS_SCRIPTS}tag.js'`);
  });

  test('Google\u2019s CSP Evaluator finds nothing of high severity, for CSP3 browsers, CSP2 browsers or Lighthouse', () => {
    const { all, high } = cspFindings(contentSecurityPolicy([HELLO]));
    expect(all.length).toBeGreaterThan(0);
    expect(formatFindings(high)).toBe('(none)');
  });

  test('the evaluator does find the bypass the host list had before (the check can fail)', () => {
    const before = contentSecurityPolicy([HELLO]).replace(" 'strict-dynamic'", '').replace(METRICS_SCRIPTS, 'https://mc.yandex.ru');
    expect(formatFindings(cspFindings(before).high)).toMatch(/mc\.yandex\.ru is known to host JSONP endpoints/);
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
