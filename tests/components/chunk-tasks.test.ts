import { CHUNK_GLOBAL, installInitialChunksInTasksOfTheirOwn } from '../../src/early/chunk-tasks';
import { nextTask } from '../../src/site/next-task';

type Chunk = [ids: string[], label: string];

/**
 * Webpack's JSONP runtime as it starts, line for line (webpack/lib/web/JsonpChunkLoadingRuntimeModule):
 * it installs the chunks already queued, then puts its installer in the array's push, keeping the
 * array's own push as the "parent" it calls for every chunk.
 */
function startWebpackRuntime(installed: string[]): void {
  const global = window as unknown as Record<string, unknown[]>;
  const webpackJsonpCallback = (parentChunkLoadingFunction: ((data: Chunk) => void) | 0, data: Chunk) => {
    installed.push(data[1]);
    if (parentChunkLoadingFunction) parentChunkLoadingFunction(data);
  };
  const chunkLoadingGlobal = (global[CHUNK_GLOBAL] = global[CHUNK_GLOBAL] || []);
  chunkLoadingGlobal.forEach((data) => webpackJsonpCallback(0, data as Chunk));
  chunkLoadingGlobal.push = webpackJsonpCallback.bind(null, chunkLoadingGlobal.push.bind(chunkLoadingGlobal)) as never;
}

/** A chunk file running: the script element it came from is the document's current script. */
function runChunkFile(data: Chunk, script: HTMLScriptElement): void {
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    const global = window as unknown as Record<string, unknown[]>;
    (global[CHUNK_GLOBAL] = global[CHUNK_GLOBAL] || []).push(data);
  } finally {
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
  }
}

const fromHtml = () => document.createElement('script');
const fromWebpack = () => {
  const script = document.createElement('script');
  script.setAttribute('data-webpack', 'promo:chunk-1');
  return script;
};

describe('the chunks the HTML loads are installed each in a task of its own', () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>)[CHUNK_GLOBAL];
  });

  it('lets a chunk that ran before the runtime queue, and the runtime install it as it starts', () => {
    installInitialChunksInTasksOfTheirOwn(window);
    runChunkFile([['framework'], 'framework'], fromHtml());
    const installed: string[] = [];
    startWebpackRuntime(installed);
    expect(installed).toEqual(['framework']);
  });

  it('installs a chunk of the HTML after its file has run, in a later task, in the order the files ran', async () => {
    installInitialChunksInTasksOfTheirOwn(window);
    const installed: string[] = [];
    startWebpackRuntime(installed);
    runChunkFile([['framework'], 'framework'], fromHtml());
    runChunkFile([['app'], 'app'], fromHtml());
    // Nothing yet: the page's start-up (which the last chunk's install runs) is not part of the file's task.
    expect(installed).toEqual([]);
    await nextTask(window);
    await nextTask(window);
    expect(installed).toEqual(['framework', 'app']);
    // The runtime's parent push still records them, as webpack keeps them.
    expect((window as unknown as Record<string, Chunk[]>)[CHUNK_GLOBAL].map((chunk) => chunk[1])).toEqual(['framework', 'app']);
  });

  it('installs a chunk webpack loaded itself at once, so the script load handler finds it installed', () => {
    installInitialChunksInTasksOfTheirOwn(window);
    const installed: string[] = [];
    startWebpackRuntime(installed);
    runChunkFile([['form'], 'form'], fromWebpack());
    expect(installed).toEqual(['form']);
  });

  it('keeps chunks queued before it and does nothing the second time it runs', async () => {
    (window as unknown as Record<string, unknown[]>)[CHUNK_GLOBAL] = [[['early'], 'early']];
    installInitialChunksInTasksOfTheirOwn(window);
    installInitialChunksInTasksOfTheirOwn(window);
    const installed: string[] = [];
    startWebpackRuntime(installed);
    runChunkFile([['app'], 'app'], fromHtml());
    await nextTask(window);
    expect(installed).toEqual(['early', 'app']);
  });
});
