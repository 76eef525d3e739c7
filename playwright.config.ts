import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';

/** The browser tests run against the built public/ served by the stand-in main site. */
const port = Number(process.env.E2E_PORT || 9310);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    // "localhost", not 127.0.0.1: Gatsby registers its service worker only over HTTPS or on localhost (spec 2).
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: 'phone', testIgnore: /isolated\.spec\.ts/, use: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, browserName: 'chromium' } },
    { name: 'desktop', testIgnore: /isolated\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    // Faults change the stand-in for every page at once, and call counts need it to themselves: alone, after the rest.
    { name: 'isolated', testMatch: /isolated\.spec\.ts/, dependencies: ['phone', 'desktop'], use: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, browserName: 'chromium' } },
  ],
  webServer: {
    command: `node --import tsx server/main.ts`,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${port}/promo/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
