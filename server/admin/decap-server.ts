/**
 * Decap's local backend (decap-server) as a child process: it reads and writes the working tree's
 * files for the editor. It listens on 127.0.0.1 only (BIND_HOST), never on the network.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const DECAP_HOST = '127.0.0.1';
const ENTRY = path.resolve(__dirname, '..', '..', 'node_modules', 'decap-server', 'dist', 'index.js');

export interface DecapServer {
  /** The API address the editor's config names (local_backend.url). */
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export function startDecapServer(repoDir: string, port: number): Promise<DecapServer> {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: repoDir,
    env: { ...process.env, PORT: String(port), BIND_HOST: DECAP_HOST, MODE: 'fs', GIT_REPO_DIRECTORY: repoDir, LOG_LEVEL: 'info' },
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
