/** A chunk's script tag is added in a task of its own, not in the task that asked for the chunk. */
import { addChunkScriptsInTasksOfTheirOwn, type ChunkLoader } from '../../../src/runtime/chunk-scripts';

const win = globalThis as unknown as Window;

/** Webpack's script loader stood in for: it records its calls, and says when one came. */
function runtime() {
  const calls: unknown[][] = [];
  let called: () => void = () => undefined;
  const loader: ChunkLoader = {
    l(...args: unknown[]) {
      calls.push(args);
      called();
    },
  };
  const loaded = new Promise<void>((resolve) => (called = resolve));
  return { loader, calls, loaded };
}

test('the script is loaded with the same arguments, once, in a later task', async () => {
  const { loader, calls, loaded } = runtime();
  addChunkScriptsInTasksOfTheirOwn(loader, win);
  const done = () => undefined;
  loader.l!('/promo/page-calls-1.js', done, 'chunk-7', 7);
  expect(calls).toEqual([]);
  await loaded;
  expect(calls).toEqual([['/promo/page-calls-1.js', done, 'chunk-7', 7]]);
});

test('set up twice, the loader is wrapped once', () => {
  const { loader } = runtime();
  addChunkScriptsInTasksOfTheirOwn(loader, win);
  const once = loader.l;
  addChunkScriptsInTasksOfTheirOwn(loader, win);
  expect(loader.l).toBe(once);
});

test('outside webpack (no runtime, or one without a script loader) nothing happens', () => {
  expect(() => addChunkScriptsInTasksOfTheirOwn(undefined, win)).not.toThrow();
  const bare: ChunkLoader = {};
  addChunkScriptsInTasksOfTheirOwn(bare, win);
  expect(bare.l).toBeUndefined();
});
