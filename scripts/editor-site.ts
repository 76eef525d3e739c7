/**
 * The promotions editor on a copy of the working tree (lib/site-copy.ts), so saving in it never
 * touches the repository: the copy's own git history shows what a save changed, its own decap-server
 * writes it, its own stand-in serves its build. The repository's build and Gatsby cache are copied in,
 * so the rebuild after a save is a warm one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { startEditorBackend, type DecapServer } from '../server/admin/decap-server';
import type { Builder } from '../server/admin/rebuild';
import { copyWorkingTree, gatsbyBuild, removeDir } from '../lib/site-copy';

const ROOT = path.resolve(__dirname, '..');

export interface EditorSite {
  dir: string;
  url: string;
  read: (file: string) => string;
  /** `git diff` of the copy against the tree as copied. */
  diff: (file: string) => string;
  /** Lets a held full rebuild run (holdRebuild). */
  releaseRebuild: () => void;
  stop: () => Promise<void>;
}

export interface EditorSiteOptions {
  /** A built copy to edit in (the bench's), kept on stop; by default a copy of this tree and its build. */
  dir?: string;
  /** Full rebuilds after a save wait until releaseRebuild(): what the preview shows meanwhile is the point. */
  holdRebuild?: boolean;
}

export async function startEditorSite(options: EditorSiteOptions = {}): Promise<EditorSite> {
  const source = options.dir ?? ROOT;
  for (const built of ['public', '.cache']) {
    if (!fs.existsSync(path.join(source, built))) throw new Error(`${built}/ is missing: run \`npm run build\` before the editor's test`);
  }
  const dir = options.dir ?? copyWorkingTree(ROOT, 'editor');
  if (!options.dir) for (const built of ['public', '.cache']) fs.cpSync(path.join(ROOT, built), path.join(dir, built), { recursive: true });
  const remove = () => (options.dir ? undefined : removeDir(dir));
  let releaseRebuild = () => {};
  const held = options.holdRebuild ? new Promise<void>((resolve) => (releaseRebuild = resolve)) : Promise.resolve();
  const build: Builder = async (siteDir, logFile, onOutput) => {
    await held;
    return gatsbyBuild(siteDir, logFile, onOutput);
  };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=editor-test', '-c', 'user.email=editor-test@localhost', ...args], { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('add', 'data');
  git('commit', '-q', '-m', 'The tables as copied');
  let decap: DecapServer | undefined;
  let app: FastifyInstance | undefined;
  try {
    decap = await startEditorBackend(dir, []);
    app = buildApp({
      publicDir: path.join(dir, 'public'),
      dataDir: path.join(dir, 'data'),
      admin: { repoDir: dir, localBackend: decap.url, repo: 'local/editor-test', build },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await decap?.stop();
    remove();
    throw error;
  }
  const { port } = app.server.address() as net.AddressInfo;
  return {
    dir,
    url: `http://localhost:${port}`,
    read: (file) => fs.readFileSync(path.join(dir, file), 'utf8'),
    diff: (file) => git('diff', '--unified=0', '--', file),
    releaseRebuild: () => releaseRebuild(),
    stop: async () => {
      await app!.close();
      await decap!.stop();
      remove();
    },
  };
}
