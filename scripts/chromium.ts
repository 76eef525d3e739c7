/** Debian's Chromium and the flags every headless run here needs (browser tests, Lighthouse, the bench). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps calling Google's hosts, which this machine refuses. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
