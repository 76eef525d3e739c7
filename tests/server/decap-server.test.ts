/** The editor's local backend writes the working tree, so it must answer this machine only. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startDecapServer, type DecapServer } from '../../server/admin/decap-server';

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
