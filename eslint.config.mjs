// Lint for what ships (src, gatsby-*), what builds and serves it (lib, tables, gatsby, deploy, server),
// the reports and the tooling (scripts, tests).
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The Node side's folders, lowest first: shared Node code, the table model, the Gatsby build code, the
 * host's configuration, the reports, the stand-in server, the tools. A folder imports src/ and those
 * before it; tests/ import anything and nothing imports them.
 */
const NODE_LAYERS = ['lib', 'tables', 'gatsby', 'deploy', 'reports', 'server', 'scripts'];

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
  // Arrows run one way (CONTRIBUTING.md, "Where code goes"): each browser layer imports only the layers
  // below it, no feature imports another, nothing that ships imports Node-only code, and each Node
  // folder imports only those below it.
  {
    files: [
      'src/**/*.{ts,tsx}',
      'lib/**/*.ts',
      'tables/**/*.ts',
      'gatsby/**/*.ts',
      'gatsby-*.{ts,tsx}',
      'server/**/*.ts',
      'reports/**/*.ts',
      'scripts/**/*.ts',
      'deploy/**/*.ts',
    ],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // The dependencies' own imports are read with the TypeScript parser, or no-cycle cannot follow them.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: boundaryZones() }],
    },
  },
  // Playwright's fixtures call their callback `use`, which is not a React hook.
  {
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      // A sleep then "nothing happened" passes when the thing happens later (CONTRIBUTING.md, "Tests").
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message: 'Wait for the event, the request or the state; a window that asserts nothing happens ends on an event.',
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
);

/** The browser's layers, lowest first: a layer may import those before it, never one after. */
function boundaryZones() {
  const layers = ['domain', 'main-site', 'early', 'runtime', 'styles', 'components', 'site', 'tracking', 'features', 'templates', 'pages'];
  const zones = layers.slice(0, -1).map((layer, at) => ({
    target: `./src/${layer}`,
    from: layers.slice(at + 1).map((above) => `./src/${above}`),
    message: `src/${layer} may import only the layers below it (${layers.slice(0, at).join(', ') || 'none'}).`,
  }));
  const features = fs
    .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory());
  for (const { name } of features) {
    zones.push({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'A feature never imports another.',
    });
  }
  zones.push(
    {
      target: './src',
      from: NODE_LAYERS.map((layer) => `./${layer}`).concat('./tests'),
      message: 'Browser code never imports Node-only code.',
    },
    {
      target: ['./lib', './tables', './gatsby', './deploy'],
      from: './src',
      except: ['./domain', './early', './styles', './site/site-url.ts', './site/metrics-counter.tsx'],
      message: 'The Node side reads rules and constants from src/, never its UI.',
    },
  );
  NODE_LAYERS.forEach((layer, at) =>
    zones.push({
      target: `./${layer}`,
      from: NODE_LAYERS.slice(at + 1)
        .map((above) => `./${above}`)
        .concat('./tests'),
      message: `${layer}/ may import only src/ and the Node folders below it (${NODE_LAYERS.slice(0, at).join(', ') || 'none'}).`,
    }),
  );
  zones.push(
    {
      target: './reports/shared',
      from: ['./reports/funnel', './reports/experiments'],
      message: 'What the reports share imports neither report.',
    },
    {
      target: './reports/experiments',
      from: './reports/funnel',
      message: 'The experiments report is part of the funnel report, never the other way.',
    },
    {
      target: './server/host',
      from: ['./server/stand-in', './server/qa', './server/admin', './server/app.ts', './server/main.ts'],
      message: 'The host imitation stands apart from the main-site stand-in and the tools beside it.',
    },
    {
      target: './server/stand-in',
      from: ['./server/host', './server/qa', './server/admin', './server/app.ts', './server/main.ts'],
      message: 'The main-site stand-in stands apart from the host imitation and the tools beside it.',
    },
    {
      target: ['./server/qa', './server/admin'],
      from: ['./server/host', './server/stand-in', './server/app.ts', './server/main.ts'],
      message: 'The QA index and the editor read the tables and the build, never the host imitation or the stand-in.',
    },
  );
  return zones;
}
