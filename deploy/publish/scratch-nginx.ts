/**
 * An nginx of its own (its port, pid, logs and temp paths in a temporary folder, `daemon off;`, as the
 * current user) with a given http {} body: how a release is served for its check before it goes live.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function nginxBinary(explicit?: string): string {
  const candidates = [explicit, process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((file): file is string => !!file);
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found)
    throw new Error('nginx is not installed: run `bash scripts/ensure-nginx.sh` (Debian: apt-get install -y nginx) or set NGINX_PATH');
  return found;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** nginx.conf of this run's own: its pid, logs and temp paths in `dir`, as the current user, `http` inside http {}. */
export function writeOwnConfig(dir: string, http: string): string {
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const temp = (name: string) => path.join(dir, 'temp', name);
  const isRoot = process.getuid?.() === 0;
  const conf = `
${isRoot ? 'user root;' : '# not root: workers run as the current user'}
daemon off;
master_process on;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs', 'error.log')} warn;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    server_tokens off;
${http}
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return file;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}:\n${log()}`);
}

export interface ScratchNginx {
  port: number;
  /** The folder of its config, pid and logs. */
  dir: string;
  /** Its nginx command line, `-t` or `-s reload` to add. */
  command: string[];
  stop(): Promise<void>;
}

/** Starts nginx with `http(port)` as the body of its http {} block; `nginx -t` first, its complaint as the error. */
export async function startScratchNginx(http: (port: number) => string, binary = nginxBinary()): Promise<ScratchNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-nginx-'));
  const port = await freePort();
  const conf = writeOwnConfig(dir, http(port));
  const args = ['-p', dir, '-c', conf];
  try {
    execFileSync(binary, [...args, '-t'], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t rejected the config:\n${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`);
  }
  let output = '';
  const nginx = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  nginx.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const errorLog = path.join(dir, 'logs/error.log');
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, nginx, () => `${output}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, dir, command: [binary, ...args], stop };
}
