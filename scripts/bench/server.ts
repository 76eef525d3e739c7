/** Starts and stops stand-in processes on free ports (PORT=0, the port is read from the first line it prints). */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  stop: () => Promise<void>;
  /** Replaces the stand-in's fault table (PUT /__stand-in/faults). */
  setFaults: (table: Record<string, unknown>) => Promise<void>;
}

/** The port a stand-in announces: "Stand-in main site: http://127.0.0.1:40123/ ...". */
export function announcedPort(output: string): number | null {
  const match = /Stand-in main site: http:\/\/[^\s/]+:(\d+)\//.exec(output);
  return match ? Number(match[1]) : null;
}

/** node --import tsx <script> in cwd, with PORT=0 and HOST=127.0.0.1. */
export async function startServer(cwd: string, script: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not announce its port within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = announcedPort(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before listening:\n${output}`));
    });
  });
  // Keep draining so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
    setFaults: async (table) => {
      const response = await fetch(`${origin}/__stand-in/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(table),
      });
      if (!response.ok) throw new Error(`PUT /__stand-in/faults answered ${response.status}: ${await response.text()}`);
    },
  };
}
