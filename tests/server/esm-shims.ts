import path from 'node:path';

/**
 * Jest on Node 20 cannot require ES-module-only packages, and light-my-request (behind
 * app.inject) requires `cookie` 2.x, which is one. It only uses stringifySetCookie, for inject's
 * `cookies` option; this CommonJS stand-in covers that so inject loads under jest.
 */
const cookieModule = require.resolve('cookie', { paths: [path.dirname(require.resolve('light-my-request'))] });

jest.doMock(cookieModule, () => ({
  stringifySetCookie: ({ name, value }: { name: string; value: string }) => `${name}=${encodeURIComponent(value)}`,
}));
