import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';

/** The browser tests run against the built public/ served by the stand-in main site. */
const port = Number(process.env.E2E_PORT || 9310);
const ONCE = /\.once\.spec\.ts$/;
const ISOLATED = /(^|[/.])isolated\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['./tests/e2e/tally-reporter.ts']],
  use: {
    // "localhost", not 127.0.0.1: Gatsby registers its service worker only over HTTPS or on localhost (spec 2).
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    // *.spec.ts: every test at both viewports. *.once.spec.ts: one phone viewport, parallel, page-level stubs only.
    // *.isolated.spec.ts and isolated.spec.ts: change or read the stand-in's shared state, so alone, one at a time, after the rest.
    {
      name: 'phone',
      testIgnore: [ONCE, ISOLATED],
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, browserName: 'chromium' },
    },
    { name: 'desktop', testIgnore: [ONCE, ISOLATED], use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'once', testMatch: ONCE, use: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, browserName: 'chromium' } },
    {
      name: 'isolated',
      testMatch: ISOLATED,
      dependencies: ['phone', 'desktop', 'once'],
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    command: `node --import tsx server/main.ts`,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${port}/promo/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
