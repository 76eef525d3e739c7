/**
 * src/domain/paths.ts's isSitePath as one regular expression, for the editor's field pattern (Decap
 * takes a pattern, not a function); tests/server/admin-config.test.ts holds the two to the same answers.
 */
export const SITE_PATH_PATTERN = '^/(?!/)(?![A-Za-z][A-Za-z0-9+.-]*:)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\\\\\s\\u0000-\\u001f\\u007f]*$';
