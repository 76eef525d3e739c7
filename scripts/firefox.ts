import path from 'node:path';

/**
 * How the browser tests start Debian's Firefox ESR (FIREFOX_PATH to use another): through the BiDi relay
 * (firefox-bidi-relay.mjs says why), and kept off every host but this machine's, as the Chromium flags
 * do for Chromium. MOZ_DISABLE_NONLOCAL_CONNECTIONS is Firefox's own switch for its test runs: it refuses
 * connections beyond loopback and lets the data: address below stand in for the Remote Settings server,
 * which Firefox would otherwise call at start and on a timer.
 */
export const FIREFOX_LAUNCH = {
  executablePath: path.join(__dirname, 'firefox-bidi-relay.mjs'),
  env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' },
  firefoxUserPrefs: { 'services.settings.server': 'data:,#remote-settings-dummy/v1' },
};
