import { CHUNK_GLOBAL, installInitialChunksInTasksOfTheirOwn } from '../../../src/early/chunk-tasks';
import { nextTask } from '../../../src/early/next-task';

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

/**
 * Webpack's JSONP callback with what it does with modules (webpack/lib/web/JsonpChunkLoadingRuntimeModule):
 * a chunk none of whose ids is installed has its modules registered and its third entry run with
 * `require`; the entry a chunk's third entry defers (Gatsby's start-up) runs once the chunks it waits on
 * are installed. A module is set up the first time it is required.
 */
type ModuleChunk = [ids: string[], modules: Record<string, () => void>, runtime?: (require: (id: string) => unknown) => void];

function startWebpackWithModules(log: string[]) {
  const global = window as unknown as Record<string, unknown[]>;
  const factories: Record<string, () => void> = {};
  const setUp = new Set<string>();
  const installedChunks = new Set<string>();
  const waiting: Array<{ chunks: string[]; start: () => void }> = [];
  const require = (id: string) => {
    if (!setUp.has(id)) {
      setUp.add(id);
      factories[id]();
    }
    return {};
  };
  const checkWaiting = () => {
    for (const entry of [...waiting])
      if (entry.chunks.every((id) => installedChunks.has(id))) {
        waiting.splice(waiting.indexOf(entry), 1);
        entry.start();
      }
  };
  const callback = (parent: (data: ModuleChunk) => void, data: ModuleChunk) => {
    const [ids, modules, runtime] = data;
    if (ids.some((id) => !installedChunks.has(id))) {
      Object.assign(factories, modules);
      runtime?.(require);
    }
    ids.forEach((id) => installedChunks.add(id));
    parent(data);
    checkWaiting();
  };
  const queue = (global[CHUNK_GLOBAL] = global[CHUNK_GLOBAL] || []);
  queue.push = callback.bind(null, queue.push.bind(queue)) as never;
  /** The app chunk's third entry: the page starts once the framework is installed, requiring what it needs. */
  const startsThePage = (needs: string[]) => () =>
    waiting.push({
      chunks: ['framework'],
      start: () => {
        log.push(`start (set up before it: ${needs.filter((id) => setUp.has(id)).join(',') || 'none'})`);
        needs.forEach(require);
      },
    });
  return { startsThePage, setUp };
}

function scriptFrom(src: string) {
  const script = document.createElement('script');
  script.src = src;
  return script;
}

describe("the framework's modules are set up in tasks of their own, before the page starts", () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>)[CHUNK_GLOBAL];
  });

  async function loadInOrder(order: Array<'framework' | 'app'>) {
    const log: string[] = [];
    installInitialChunksInTasksOfTheirOwn(window);
    const webpack = startWebpackWithModules(log);
    const framework: ModuleChunk = [
      ['framework'],
      { react: () => log.push('react set up'), 'react-dom': () => log.push('react-dom set up') },
    ];
    const app: ModuleChunk = [
      ['app'],
      { gatsby: () => log.push('gatsby set up') },
      webpack.startsThePage(['react', 'react-dom', 'gatsby']),
    ];
    for (const name of order) {
      if (name === 'framework') runChunkFile(framework as never, scriptFrom('http://localhost/promo/framework-0a1b2c.js'));
      else runChunkFile(app as never, scriptFrom('http://localhost/promo/app-3d4e5f.js'));
      log.push(`${name} file ran`);
    }
    for (let task = 0; task < 8; task += 1) await nextTask(window);
    return log;
  }

  it('when the framework file runs first', async () => {
    const log = await loadInOrder(['framework', 'app']);
    expect(log.slice(0, 2)).toEqual(['framework file ran', 'app file ran']);
    expect(log.slice(2)).toEqual(['react set up', 'react-dom set up', 'start (set up before it: react,react-dom)', 'gatsby set up']);
  });

  it('when the app file runs first (the smaller file often arrives first)', async () => {
    const log = await loadInOrder(['app', 'framework']);
    expect(log.slice(2)).toEqual(['react set up', 'react-dom set up', 'start (set up before it: react,react-dom)', 'gatsby set up']);
  });
});
