/**
 * Projects: pure rules and components, the stand-in server, the main-site contract's consumer tests
 * (they write contract/; `npm run contract:verify` then checks the stand-in against it), checks of
 * the built site, and the bench's own tests (scripts/bench/tests), kept apart from the product's.
 */
const tsJest = [
  'ts-jest',
  {
    tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true },
    diagnostics: false,
  },
];

const common = {
  transform: { '^.+\\.(ts|tsx)$': tsJest },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/components/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/tests/components/setup.ts'],
      moduleNameMapper: {
        '^gatsby$': '<rootDir>/tests/components/gatsby-mock.tsx',
      },
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'contract',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/contract/**/*.pact.test.ts'],
    },
    {
      ...common,
      displayName: 'built',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/built/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/scripts/bench/tests/**/*.test.ts'],
    },
  ],
};
