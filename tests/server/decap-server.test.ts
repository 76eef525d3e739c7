/**
 * The editor's local backend writes the working tree, so it must answer this machine only; and a port
 * someone else holds never stops the site from being served.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { preferredBackendPorts, startDecapServer, startEditorBackend, type DecapServer } from '../../server/admin/decap-server';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The local addresses the kernel has a listening TCP socket on for a port (/proc/net/tcp and tcp6). */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((file) => fs.existsSync(file))
    .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[3] === '0A' && columns[1]?.endsWith(`:${hexPort}`))
    .map((columns) => columns[1].split(':')[0]);
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let server: DecapServer | undefined;
afterEach(async () => server?.stop());

test('decap-server listens on 127.0.0.1 only', async () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'decap-repo-'));
  const port = await freePort();
  server = await startDecapServer(repo, port);
  expect(server.url).toBe(`http://127.0.0.1:${port}/api/v1`);
  // 0100007F is 127.0.0.1 in the kernel's byte order; 00000000 would be every address.
  expect(listeners(port)).toEqual(['0100007F']);
  expect(await connects('127.0.0.1', port)).toBe(true);
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);
  for (const address of outside) expect(await connects(address, port)).toBe(false);
  const info = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"info"}' });
  expect(await info.json()).toMatchObject({ type: 'local_fs', repo: path.basename(repo) });
});

test('the backend’s port follows DECAP_PORT, else the one after PORT', () => {
  expect(preferredBackendPorts({ DECAP_PORT: '9902', PORT: '9901' })).toEqual([9902]);
  expect(preferredBackendPorts({ PORT: '9901' })).toEqual([9902]);
  expect(preferredBackendPorts({})).toEqual([9001]);
  expect(preferredBackendPorts({ DECAP_PORT: 'x' })).toEqual([]);
});

describe('two npm starts on one machine', () => {
  const stops: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  /** What scripts/start.ts puts together: the backend on a free port if the wanted one is taken, then the site. */
  async function start(wanted: number[]): Promise<{ url: string; backend: string | null }> {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'decap-repo-'));
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decap-public-'));
    fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>promo</title><h1>promo root</h1>');
    stops.push(async () => fs.rmSync(repo, { recursive: true, force: true }));
    let backend: DecapServer | null = null;
    let backendProblem: string | null = null;
    try {
      backend = await startEditorBackend(repo, wanted);
      stops.push(backend.stop);
    } catch (error) {
      backendProblem = (error as Error).message;
    }
    const app = buildApp({
      publicDir,
      smsLog: () => undefined,
      admin: { repoDir: repo, localBackend: backend?.url ?? null, backendProblem, repo: 'o/r' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    stops.push(() => app.close());
    return { url: `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`, backend: backend?.url ?? null };
  }

  test('both serve the site and the editor while the backend port they ask for is taken', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    stops.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as net.AddressInfo).port;

    const first = await start([port]);
    const second = await start([port]);
    expect(new Set([first.backend, second.backend, `http://127.0.0.1:${port}/api/v1`]).size).toBe(3);
    for (const site of [first, second]) {
      const root = await fetch(`${site.url}/promo/`);
      expect(root.status).toBe(200);
      expect(await root.text()).toContain('promo root');
      const info = await fetch(`${site.url}/__admin/api/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"action":"info"}',
      });
      expect(await info.json()).toMatchObject({ type: 'local_fs' });
    }
  }, 60_000);

  test('when the backend cannot start at all, the site still serves and the editor says why', async () => {
    // A repository that is not there: decap-server cannot start in it on any port.
    const missing = path.join(os.tmpdir(), `no-such-repo-${process.pid}`);
    await expect(startEditorBackend(missing, [])).rejects.toThrow(/port \d+: /);
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decap-public-'));
    fs.writeFileSync(path.join(publicDir, 'index.html'), '<h1>promo root</h1>');
    const app = buildApp({
      publicDir,
      admin: {
        repoDir: missing,
        localBackend: null,
        backendProblem: "the editor's backend (decap-server) did not start: port 9902: the port is taken",
        repo: 'o/r',
      },
    });
    stops.push(() => app.close());
    expect((await app.inject({ url: '/promo/' })).statusCode).toBe(200);
    const page = await app.inject({ url: '/__admin/' });
    expect(page.body).toContain(
      'The editor cannot save here: the editor&#39;s backend (decap-server) did not start: port 9902: the port is taken.',
    );
  }, 60_000);
});
