/**
 * gatsby-plugin-offline caches what a page loads once its worker controls the page. On the first
 * visit everything was loaded before that: the plugin fetches the page's chunks and page-data.json
 * again through the worker, but not app-data.json nor the page's static query results, and without
 * them the plugin's offline shell renders a blank page (the loader cannot finish the page). This
 * fetches every page-data file the page loaded once more, through the worker, so it caches them.
 */

/** Gatsby's data files under the base path: page data, app data and static query results. */
export function pageDataUrls(resourceUrls: readonly string[], origin: string, basePath: string): string[] {
  const prefix = `${origin}${basePath}/page-data/`;
  const urls = resourceUrls.filter((url) => url.startsWith(prefix) && /\.json(?:$|\?)/.test(url));
  return [...new Set(urls)];
}

export async function refetchPageDataThroughWorker(win: Window, basePath: string): Promise<void> {
  // Right after an update the page is still the old build's: its data must not be cached again.
  if ((win as unknown as { ___swUpdated?: boolean }).___swUpdated) return;
  const container = win.navigator.serviceWorker;
  if (!container) return;
  if (!container.controller) {
    // clientsClaim() has run by now as a rule; if not, the worker takes the page over in a moment.
    const claimed = await new Promise<boolean>((resolve) => {
      const timer = win.setTimeout(() => resolve(false), 10_000);
      container.addEventListener(
        'controllerchange',
        () => {
          win.clearTimeout(timer);
          resolve(true);
        },
        { once: true },
      );
    });
    if (!claimed) return;
  }
  const loaded = win.performance.getEntriesByType('resource').map((entry) => entry.name);
  const urls = pageDataUrls(loaded, win.location.origin, basePath);
  const appData = `${win.location.origin}${basePath}/page-data/app-data.json`;
  if (!urls.includes(appData)) urls.push(appData);
  await Promise.all(
    urls.map((url) =>
      win.fetch(url, { credentials: 'same-origin' }).catch((error: unknown) => {
        // Service worker problems are logged only (spec 8).
        console.warn('[offline] could not cache', url, error);
      }),
    ),
  );
}
