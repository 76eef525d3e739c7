/**
 * Webpack's runtime installs a chunk the moment its file has run and starts the page (every module of
 * the first load set up, hydration scheduled) at the end of the last initial chunk, in the same task:
 * the compile of the large framework file and the start-up become one task a phone stretches into a
 * long one. Here the chunks the page loads first (gatsby/post-build/deferred-bundle.ts) are installed each in a
 * task of its own, so compile and start-up are two shorter tasks with room for a tap between them.
 * Chunks loaded later (`import()`, script tags with `data-webpack`) are installed at once, as webpack
 * fails a chunk not installed by its script's load event. React's own set-up would still fall in the
 * start-up, since modules are set up when first required: the framework chunk's modules (react,
 * react-dom, scheduler, which depend on nothing else) are required a slice per task beforehand.
 */

import { inNextTask } from './next-task';

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
  const tasks = taskQueue(win);
  let front: Install | null = null;
  Object.defineProperty(queue, 'push', {
    configurable: true,
    get: () => front ?? Array.prototype.push,
    set: (install: Install) => {
      front = (...chunks: unknown[]) => {
        const script = win.document.currentScript;
        if (!script || script.hasAttribute('data-webpack')) return install.apply(queue, chunks);
        // The framework's modules are set up before its install: if it is the last chunk to arrive, its
        // install starts the page at once.
        if (FRAMEWORK_CHUNK_FILE.test((script as HTMLScriptElement).src ?? '')) tasks.add(settingUp(win, install, queue, chunks[0]));
        tasks.add(() => {
          install.apply(queue, chunks);
          return true;
        });
        return queue.length;
      };
    },
  });
}

/** Gatsby's chunk of the libraries every page loads: its webpack cache group, and its files' name. */
export const FRAMEWORK_CHUNK = 'framework';

const FRAMEWORK_CHUNK_FILE = new RegExp(`/${FRAMEWORK_CHUNK}-[0-9a-f]+\\.js(?:$|\\?)`);

/** Work per task while the framework's modules are set up: well under the 50 ms of a long task on a 4× slower phone. */
const SLICE_MS = 4;

type Require = (id: string) => unknown;

/** A step returns true when it is done; otherwise it runs again in the next task, before the steps after it. */
type Step = () => boolean;

/** Steps run one per task, in order. */
function taskQueue(win: Window) {
  const steps: Step[] = [];
  let running = false;
  const run = () => {
    if (steps[0]?.()) steps.shift();
    if (steps.length > 0) inNextTask(win, run);
    else running = false;
  };
  return {
    add(step: Step) {
      steps.push(step);
      if (running) return;
      running = true;
      inNextTask(win, run);
    },
  };
}

/**
 * A step that sets a chunk's modules up, about SLICE_MS of them per task: they are first handed to
 * webpack under an id of our own (the chunk's own id stays uninstalled, so nothing waiting on it
 * starts), with a third entry webpack runs with its require, which hands that over.
 */
function settingUp(win: Window, install: Install, queue: unknown[], chunk: unknown): Step {
  const modules = Array.isArray(chunk) && chunk[1] && typeof chunk[1] === 'object' ? (chunk[1] as object) : {};
  const ids = Object.keys(modules);
  let requireModule: Require | null = null;
  return () => {
    if (!requireModule) {
      if (ids.length === 0) return true;
      install.apply(queue, [[[`${CHUNK_GLOBAL}-setup`], modules, (webpackRequire: Require) => void (requireModule = webpackRequire)]]);
      return !requireModule;
    }
    const start = win.performance.now();
    while (ids.length > 0 && win.performance.now() - start < SLICE_MS) {
      try {
        requireModule(ids.shift()!);
      } catch {
        // The page's start-up would meet the same error: it, not this, reports it.
        return true;
      }
    }
    return ids.length === 0;
  };
}
