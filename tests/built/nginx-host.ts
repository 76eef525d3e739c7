/**
 * A real nginx with deploy/promo.http.conf and deploy/promo.server.conf, exactly as on the operator's host,
 * in front of a stand-in main site for everything outside /promo. For tests run after a build
 * (`npm run test:built` installs nginx when missing: scripts/ensure-nginx.sh).
 *
 * nginx runs as a child process (`daemon off;`) from a temporary prefix: its own port, pid, logs and temp
 * paths, as the current user. Only /srv/promo/public in the two includes is replaced by the public/ served.
 * startNginxWith runs any http {} body the same way (split-clients.test.ts: nginx's own hash as reference).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const deployDir = path.resolve(__dirname, '../../deploy');
const PLACEHOLDER = '/srv/promo/public';

function nginxBinary(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((file): file is string => !!file);
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

/** A config of this run's own: its pid, logs and temp paths in `dir`, as the current user, `http` inside http {}. */
function writeOwnConfig(dir: string, http: string): string {
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
events { worker_connections 128; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${path.join(dir, 'logs', 'access.log')};
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

/** The test's main-site config: the shape of deploy/nginx.conf with this run's paths and ports. */
function writeConfig(dir: string, publicDir: string, nginxPort: number, upstreamPort: number): string {
  const render = (file: string) => fs.readFileSync(path.join(deployDir, file), 'utf8').split(PLACEHOLDER).join(publicDir);
  fs.writeFileSync(path.join(dir, 'promo.http.conf'), render('promo.http.conf'));
  fs.writeFileSync(path.join(dir, 'promo.server.conf'), render('promo.server.conf'));
  return writeOwnConfig(
    dir,
    `
    include ${path.join(dir, 'promo.http.conf')};

    upstream main_site { server 127.0.0.1:${upstreamPort}; }

    server {
        listen 127.0.0.1:${nginxPort};
        server_name localhost;
        include ${path.join(dir, 'promo.server.conf')};
        location / {
            proxy_pass http://main_site;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }
    }`,
  );
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

export interface NginxHost {
  port: number;
  stop(): Promise<void>;
}

/** Starts nginx serving `publicDir` at /promo, with everything else proxied to 127.0.0.1:`upstreamPort`. */
export async function startNginx(publicDir: string, upstreamPort: number): Promise<NginxHost> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-nginx-'));
  const port = await freePort();
  return runNginx(dir, port, writeConfig(dir, publicDir, port, upstreamPort));
}

/** Starts nginx with `http(port)` as the body of its http {} block (a server listening on 127.0.0.1:port, say). */
export async function startNginxWith(http: (port: number) => string): Promise<NginxHost> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-nginx-'));
  const port = await freePort();
  return runNginx(dir, port, writeOwnConfig(dir, http(port)));
}

async function runNginx(dir: string, port: number, conf: string): Promise<NginxHost> {
  const binary = nginxBinary();
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
  return { port, stop };
}
