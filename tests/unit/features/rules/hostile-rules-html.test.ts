/**
 * @jest-environment jsdom
 */
/**
 * Hostile input, the rules HTML (spec 7 /ajax/html/get): the whole corpus through the
 * sanitiser, as markup and as a link target. DOMPurify needs a DOM, hence jsdom for this file only.
 */
import { sanitizeRulesHtml } from '../../../../src/features/rules/sanitize';
import { HOSTILE_PAYLOADS, SENTINEL, isDangerousHref } from '../../../fixtures/hostile-payloads';

const ALLOWED_TAGS = new Set([
  'DIV',
  'P',
  'H2',
  'H3',
  'H4',
  'OL',
  'UL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'BR',
  'SPAN',
  'A',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Parses sanitised output the way the dialog does (innerHTML) and lists what should not be there. */
function problemsIn(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  const problems: string[] = [];
  for (const element of host.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(element.tagName)) problems.push(`element <${element.tagName.toLowerCase()}>`);
    for (const { name, value } of element.attributes) {
      if (name !== 'href' && name !== 'class') problems.push(`attribute ${name} on <${element.tagName.toLowerCase()}>`);
      if (value.includes(SENTINEL)) problems.push(`the sentinel in ${name}`);
    }
    const href = element.getAttribute('href');
    if (href !== null) {
      if (isDangerousHref(href)) problems.push(`href ${JSON.stringify(href)}`);
      const read = href.replace(/[\u0000-\u0020]/g, '');
      // An empty href is the page itself: harmless.
      if (read !== '' && !/^(?:https?:|\/(?![/\\]))/i.test(read))
        problems.push(`href ${JSON.stringify(href)} is neither http(s) nor a site path`);
      if (read.startsWith('/') && new URL(href, 'https://main.example/promo/').origin !== 'https://main.example') {
        problems.push(`site path ${JSON.stringify(href)} leaves the site`);
      }
    }
  }
  return problems;
}

describe('sanitizeRulesHtml on the hostile corpus', () => {
  test.each(HOSTILE_PAYLOADS.map((p) => [p.label, p.value] as const))(
    '%s: as markup and as a link target, nothing runnable survives',
    (label, value) => {
      for (const html of [
        value,
        `<div class="promo-rules"><p>${value}</p></div>`,
        `<a href="${attr(value)}">${label}</a>`,
        `<a href='${value}'>${label}</a>`,
        `<p title="${value}">x</p>`,
      ]) {
        const clean = sanitizeRulesHtml(html);
        expect(problemsIn(clean)).toEqual([]);
        // Sanitising is stable: the output read back and sanitised again is the same markup.
        expect(sanitizeRulesHtml(clean)).toBe(clean);
      }
    },
  );

  test.each([
    ['/\\evil.example', 'a slash and a backslash'],
    ['/\t\\evil.example', 'a slash, a tab and a backslash'],
    ['\\\\evil.example', 'two backslashes'],
    ['//evil.example', 'two slashes'],
    [' //evil.example', 'a space before two slashes'],
    ['/\n/evil.example', 'a newline between the slashes'],
  ])('a link to %s (%s) is not a site path: the href is dropped', (href) => {
    const clean = sanitizeRulesHtml(`<a href="${attr(href)}">rules</a>`);
    expect(clean).toBe('<a>rules</a>');
  });

  test.each([
    ['/promo/zenit/ru/freebet30/', 'a site path'],
    ['/m/company/support', 'a main-site path'],
    ['https://zenit.example/rules', 'an https address'],
  ])('a link to %s (%s) is kept', (href) => {
    expect(sanitizeRulesHtml(`<a href="${href}">rules</a>`)).toBe(`<a href="${href}">rules</a>`);
  });

  test('text that only looks like markup stays text', () => {
    const clean = sanitizeRulesHtml(`<p>&lt;img src=x onerror=${SENTINEL}(1)&gt;</p>`);
    expect(problemsIn(clean)).toEqual([]);
    const host = document.createElement('div');
    host.innerHTML = clean;
    expect(host.textContent).toBe(`<img src=x onerror=${SENTINEL}(1)>`);
  });
});
