/**
 * Webpack's runtime installs a chunk the moment its file has run, and starts the page (Gatsby's entry:
 * every module of the first load set up, the page requested, hydration scheduled) at the end of the
 * last initial chunk to arrive, in the same task. So the browser's parse and compile of the 215 KB
 * framework file and the page's start-up become one long task, which a phone's CPU stretches past the
 * 50 ms that Total Blocking Time counts, while a bare Gatsby page's shorter start-up does not.
 *
 * Here the chunks the HTML itself loads (its `<script async>` tags) are installed each in a task of its
 * own, right after their file ran: the file's compile and the page's start-up become two shorter tasks,
 * with room for a tap between them. Chunks webpack loads later (`import()`, its script tags carry
 * `data-webpack`) are installed at once as before: webpack fails such a chunk as missing if it is not
 * installed when its script's load event fires.
 */

import { inNextTask } from '../site/next-task';

/** The name of webpack's chunk array on `self` (output.chunkLoadingGlobal, set in gatsby-node). */
export const CHUNK_GLOBAL = 'webpackChunkpromo';

type Install = (...chunks: unknown[]) => unknown;

/**
 * Must run before webpack's runtime: it watches the runtime set its installer on the chunk array and
 * puts itself in front. Until then, chunk files queue in the array as webpack expects.
 */
export function installInitialChunksInTasksOfTheirOwn(win: Window): void {
  const global = win as unknown as Record<string, unknown>;
  const queue = (Array.isArray(global[CHUNK_GLOBAL]) ? global[CHUNK_GLOBAL] : (global[CHUNK_GLOBAL] = [])) as unknown[];
  if (Object.getOwnPropertyDescriptor(queue, 'push')) return;
  let front: Install | null = null;
  Object.defineProperty(queue, 'push', {
    configurable: true,
    get: () => front ?? Array.prototype.push,
    set: (install: Install) => {
      front = (...chunks: unknown[]) => {
        const script = win.document.currentScript;
        if (!script || script.hasAttribute('data-webpack')) return install.apply(queue, chunks);
        inNextTask(win, () => install.apply(queue, chunks));
        return queue.length;
      };
    },
  });
}
