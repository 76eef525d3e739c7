/**
 * Decap's local backend (decap-server) as a child process: it reads and writes the working tree's
 * files for the editor. It listens on 127.0.0.1 only (BIND_HOST), never on the network, and only the
 * stand-in talks to it (backend-proxy.ts), so its port can be any free one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const DECAP_HOST = '127.0.0.1';
const ENTRY = path.resolve(__dirname, '..', '..', 'node_modules', 'decap-server', 'dist', 'index.js');

export interface DecapServer {
  /** The API address the editor's config names (local_backend.url). */
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * `fs` writes the working tree (npm start: a save is a change to commit later); `git` commits each save
 * on the repository's branch, as a git host's backend does.
 */
export function startDecapServer(repoDir: string, port: number, mode: 'fs' | 'git' = 'fs'): Promise<DecapServer> {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: repoDir,
    env: { ...process.env, PORT: String(port), BIND_HOST: DECAP_HOST, MODE: mode, GIT_REPO_DIRECTORY: repoDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/listening on/i.test(output)) {
        child.stdout!.off('data', onData);
        resolve({ url: `http://${DECAP_HOST}:${port}/api/v1`, process: child, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`decap-server stopped (exit ${code}) before listening:\n${output}`)));
  });
}

/** A port nothing listens on at 127.0.0.1 right now. */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, DECAP_HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The ports to try first: DECAP_PORT when it is set, else the one after the site's PORT. */
export function preferredBackendPorts(env: NodeJS.ProcessEnv): number[] {
  const wanted = env.DECAP_PORT ? Number(env.DECAP_PORT) : Number(env.PORT || '9000') + 1;
  return Number.isInteger(wanted) && wanted > 0 && wanted < 65536 ? [wanted] : [];
}

/**
 * decap-server on the first of `preferred` it can listen on, else on any free port: a second checkout
 * or another program on a port never keeps the editor from starting. Rejects, with each try's reason,
 * only when none works.
 */
export async function startEditorBackend(repoDir: string, preferred: number[]): Promise<DecapServer> {
  const failures: string[] = [];
  for (const wanted of [...preferred, 0, 0]) {
    const port = wanted || (await freeLocalPort());
    try {
      return await startDecapServer(repoDir, port);
    } catch (error) {
      const reason = /EADDRINUSE/.test((error as Error).message) ? 'the port is taken' : (error as Error).message.split('\n')[0];
      failures.push(`port ${port}: ${reason}`);
    }
  }
  throw new Error(failures.join('; '));
}
