/*
 * Appended to the service worker gatsby-plugin-offline writes (its appendScript option).
 *
 * The main site's calls (/ajax/…, /session.php) are never cached, yet every one of them from a page the worker
 * controls is handed to the worker first. A beacon handed over as the page is left is then often lost
 * with the page in Chromium: a view's last funnel events and its vitals never arrive. The Static
 * Routing API sends these calls to the network without waking the worker; a browser without it keeps
 * the ordinary path.
 */
/* global self */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const routes = event.addRoutes(
    ['/ajax/*', '/session.php'].map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' })),
  );
  // A refused rule must not fail the install: the worker still works without it.
  event.waitUntil(Promise.resolve(routes).catch(() => undefined));
});
