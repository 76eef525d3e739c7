// Lint for what ships (src, gatsby-*), what serves it (server, deploy) and the tooling (scripts, tests).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'public/',
      '.cache/',
      'bench/',
      'test-results/',
      'playwright-report/',
      '.scratch/',
      'coverage/',
      'contract/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Input hardening matches control characters on purpose (addresses, game URLs, hostile payloads).
      'no-control-regex': 'off',
    },
  },
  { files: ['src/**/*.tsx', 'gatsby-*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // jest.isolateModules hands out fresh module copies only through require().
      '@typescript-eslint/no-require-imports': 'off',
      // Parsed request bodies (qs, JSON) are walked field by field in assertions.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // The browser code never loads the funnel report (Node, an embedded database): reports/ reads the events src/ sends.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/reports/**'], message: 'src/ must not import reports/.' }] }] },
  },
  // Playwright's fixtures call their callback `use`, which is not a React hook.
  { files: ['tests/e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
);
