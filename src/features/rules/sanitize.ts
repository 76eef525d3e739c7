import DOMPurify from 'dompurify';

/**
 * The rules come from the main site as HTML. Only text structure survives: no scripts, styles,
 * event handlers, forms, frames or images, and links only to http(s) and site paths. A site path
 * starts with one "/" followed by neither "/" nor a backslash: browsers read "//host" and "/\host" as
 * another host (DOMPurify drops whitespace before testing, so "/<tab>\host" is caught too).
 */
export function sanitizeRulesHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'div',
      'p',
      'h2',
      'h3',
      'h4',
      'ol',
      'ul',
      'li',
      'strong',
      'b',
      'em',
      'i',
      'br',
      'span',
      'a',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    ALLOWED_ATTR: ['href', 'class'],
    ALLOWED_URI_REGEXP: /^(?:https?:|\/(?![/\\]))/i,
  });
}
