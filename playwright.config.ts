import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';
import { FIREFOX_LAUNCH } from './scripts/firefox';
import { E2E_EVENT_LOG } from './tests/e2e/event-log';
import { CONSENT_COOKIE } from './src/domain/consent';

/** The browser tests run against the built public/ served by the stand-in main site. */
const port = Number(process.env.E2E_PORT || 9310);
const ONCE = /\.once\.spec\.ts$/;
const ISOLATED = /(^|[/.])isolated\.spec\.ts$/;
/** The visitor's paths through the form and the links, and what every visitor can read and press, run in Firefox too: an engine difference there is a bug. */
const IN_FIREFOX =
  /(^|\/)(registration|landing)\.spec\.ts$|(^|\/)(first-tap|before-code|form-before-code|plain-visit|funnel-report|odds-late|reading|consent|consent-axe)\.once\.spec\.ts$/;

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
    // A visitor who has accepted tracking, so landings of every market behave alike and no choice covers the
    // page; consent.once.spec.ts clears it to be a visitor who has not chosen yet.
    storageState: {
      cookies: [
        {
          name: CONSENT_COOKIE,
          value: 'accept',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
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
      // Debian's Firefox ESR over WebDriver BiDi, at a phone's size: Firefox has no phone emulation (isMobile, touch).
      name: 'firefox',
      testMatch: IN_FIREFOX,
      testIgnore: ISOLATED,
      // Software rendering and a driver that round-trips every call make Firefox slower here than Chromium.
      timeout: 120_000,
      use: {
        browserName: 'firefox',
        channel: 'moz-firefox',
        viewport: { width: 360, height: 640 },
        // The ESR cannot override colour schemes (see the relay); the site has no dark scheme to test.
        colorScheme: null,
        launchOptions: FIREFOX_LAUNCH,
      },
    },
    {
      name: 'isolated',
      testMatch: ISOLATED,
      dependencies: ['phone', 'desktop', 'once', 'firefox'],
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    command: `node --import tsx server/main.ts`,
    env: { PORT: String(port), HOST: '127.0.0.1', PROMO_EVENT_LOG: E2E_EVENT_LOG },
    url: `http://127.0.0.1:${port}/promo/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
