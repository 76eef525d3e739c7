/**
 * Two deploys of the promo site for the service-worker tests: build A is the repository's public/ as
 * it is, build B a warm rebuild of a copy of the tree with one promotion changed. Each is served by
 * its own stand-in (server/main.ts with PUBLIC_DIR) so the shared stand-in of the suite is untouched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyWorkingTree, gatsbyBuild, makeTempDir, removeDir } from '../../lib/site-copy';

export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The offer build B changes: the ru freebet goes from 3 000 ₽ to 3 700 ₽ on every brand's ru freebet30
 * landing, which is also where the /promo/ index links to.
 */
export const CHANGED = { country: 'ru', slug: 'freebet30', from: 3000, to: 3700 } as const;

/** Set by build B's gatsby-browser only, so a page can tell whose JavaScript runs in it. */
export const DEPLOY_MARK = '__promoDeployMark';

/** Webpack output at the top of public/: content-hashed chunks, their maps and licence notes. */
const HASHED_ASSET = /-[0-9a-f]{20}\.(?:js|css)(?:\.map|\.LICENSE\.txt)?$/;

export function tempDir(label: string): string {
  return makeTempDir(`sw-${label}`);
}

export function copyDir(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
}

/**
 * public/ of a working tree keeps the chunks of every earlier build next to the current ones. A real
 * deploy of build B carries only B's chunks, so they go before B is built (webpack writes the current
 * ones again) and A's old chunk names really are gone from B.
 */
export function dropHashedAssets(publicDir: string): number {
  let dropped = 0;
  for (const name of fs.readdirSync(publicDir)) {
    if (HASHED_ASSET.test(name)) {
      fs.rmSync(path.join(publicDir, name));
      dropped += 1;
    }
  }
  return dropped;
}

/** Changes one amount of data/offers.json in a site copy, touching only that line. */
export function editOffer(siteDir: string): void {
  const file = path.join(siteDir, 'data', 'offers.json');
  const text = fs.readFileSync(file, 'utf8');
  const block = text.indexOf(`"${CHANGED.country}": {`);
  if (block === -1) throw new Error(`offers.json has no "${CHANGED.country}" block`);
  const amount = new RegExp(`("${CHANGED.slug}"\\s*:\\s*)${CHANGED.from}\\b`, 'g');
  amount.lastIndex = block;
  const match = amount.exec(text);
  if (!match) throw new Error(`offers.json has no ${CHANGED.slug}: ${CHANGED.from} in "${CHANGED.country}"`);
  const edited = text.slice(0, match.index) + `${match[1]}${CHANGED.to}` + text.slice(match.index + match[0].length);
  fs.writeFileSync(file, edited);
}

/** A code change too, so B's JavaScript (and its webpack compilation hash) differs from A's. */
export function markDeploy(siteDir: string): void {
  const file = path.join(siteDir, 'gatsby-browser.tsx');
  fs.appendFileSync(
    file,
    `\n// Added by the service-worker test: marks build B's JavaScript.\nif (typeof window !== 'undefined') (window as unknown as Record<string, unknown>).${DEPLOY_MARK} = 'B';\n`,
  );
}

export interface BuildB {
  siteDir: string;
  publicDir: string;
  seconds: number;
}

/** A warm `gatsby build --prefix-paths` of a copy of the tree (its .cache and public/ copied first) with the promotion changed. */
export async function buildChangedSite(logFile: string): Promise<BuildB> {
  const siteDir = copyWorkingTree(ROOT);
  try {
    copyDir(path.join(ROOT, '.cache'), path.join(siteDir, '.cache'));
    copyDir(path.join(ROOT, 'public'), path.join(siteDir, 'public'));
    dropHashedAssets(path.join(siteDir, 'public'));
    editOffer(siteDir);
    markDeploy(siteDir);
    const run = await gatsbyBuild(siteDir, logFile);
    if (run.exitCode !== 0) throw new Error(`build B failed (exit ${run.exitCode}), log in ${logFile}:\n${run.tail}`);
    return { siteDir, publicDir: path.join(siteDir, 'public'), seconds: run.seconds };
  } catch (error) {
    removeDir(siteDir);
    throw error;
  }
}

/** The app chunk of a build (app-<hash>.js): the file the plugin's worker checks before it answers from its shell. */
export function appChunk(publicDir: string): string {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const app = stats.assetsByChunkName.app?.find((name) => /^app-.*\.js$/.test(name));
  if (!app) throw new Error(`no app chunk in ${publicDir}/webpack.stats.json`);
  return app;
}

export function compilationHash(publicDir: string): string {
  return (JSON.parse(fs.readFileSync(path.join(publicDir, 'page-data', 'app-data.json'), 'utf8')) as { webpackCompilationHash: string })
    .webpackCompilationHash;
}

export interface StandIn {
  port: number;
  origin: string;
  stop(): Promise<void>;
  output(): string;
}

/** server/main.ts as a child process on a free port, serving `publicDir` under /promo. */
export async function startStandIn(publicDir: string): Promise<StandIn> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUBLIC_DIR: publicDir, STAND_IN_FAULTS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stand-in did not start in 30 s:\n${output}`)), 30_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Promo site: http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stand-in exited with ${code}:\n${output}`));
    });
  });
  let exited = false;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void done.then(() => {
    exited = true;
  });
  return {
    port,
    origin: `http://localhost:${port}`,
    output: () => output,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Swaps the deployed build in place: what was at `live` moves to `retired`, `next` takes its place. */
export function deploy(live: string, next: string, retired: string): void {
  fs.renameSync(live, retired);
  fs.renameSync(next, live);
}

export { removeDir };
