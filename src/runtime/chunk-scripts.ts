/**
 * Webpack adds a chunk's script tag within the `import()` that asks for it, and the landing asks for
 * its parts' code from React's effects and renders: the tag's set-up (the fetch started, the page's
 * script tags searched for one already there) then falls in the one task that runs all of the page's
 * first effects, and a phone stretches that into a long task. Here each tag is added in a task of its
 * own instead; the import's promise and its outcome are the same, one task later.
 */
import { inNextTask } from '../early/next-task';

type LoadScript = (...args: unknown[]) => void;

/** The part of webpack's runtime (`__webpack_require__`) that loads a chunk's script. */
export interface ChunkLoader {
  l?: LoadScript;
}

const IN_TASKS_OF_THEIR_OWN = Symbol.for('promo.chunkScriptsInTasksOfTheirOwn');

export function addChunkScriptsInTasksOfTheirOwn(runtime: ChunkLoader | undefined, win: Window): void {
  const load = runtime?.l;
  if (!runtime || typeof load !== 'function' || IN_TASKS_OF_THEIR_OWN in load) return;
  const deferred: LoadScript = (...args) => inNextTask(win, () => load.apply(runtime, args));
  Object.defineProperty(deferred, IN_TASKS_OF_THEIR_OWN, { value: true });
  runtime.l = deferred;
}
