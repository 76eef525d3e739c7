import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publicDirFromEnv } from '../../server/host/public-dir';

const ROOT = path.resolve(__dirname, '..', '..');

describe('PUBLIC_DIR: which build the stand-in serves', () => {
  it('is undefined (the repository public/) when unset or blank', () => {
    expect(publicDirFromEnv({}, '/srv')).toBeUndefined();
    expect(publicDirFromEnv({ PUBLIC_DIR: '  ' }, '/srv')).toBeUndefined();
  });

  it('resolves a relative directory against the working directory and keeps an absolute one', () => {
    expect(publicDirFromEnv({ PUBLIC_DIR: 'builds/a' }, '/srv')).toBe(path.resolve('/srv/builds/a'));
    expect(publicDirFromEnv({ PUBLIC_DIR: '/tmp/deploy/' }, '/srv')).toBe(path.resolve('/tmp/deploy'));
  });

  describe('server/main.ts started with PUBLIC_DIR', () => {
    let dir: string;
    let child: ChildProcess | undefined;

    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'stand-in-public-dir-'));
      mkdirSync(path.join(dir, 'zenit', 'ru', 'freebet30'), { recursive: true });
      writeFileSync(path.join(dir, 'zenit', 'ru', 'freebet30', 'index.html'), '<!doctype html><title>Build from PUBLIC_DIR</title>');
    });

    afterAll(() => {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('serves that directory under /promo', async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUBLIC_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const port = await new Promise<number>((resolve, reject) => {
        let output = '';
        child!.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const match = /Promo site: http:\/\/localhost:(\d+)\//.exec(output);
          if (match) resolve(Number(match[1]));
        });
        child!.on('exit', (code) => reject(new Error(`stand-in exited with ${code}: ${output}`)));
      });
      const response = await fetch(`http://127.0.0.1:${port}/promo/zenit/ru/freebet30/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Build from PUBLIC_DIR');
    }, 30_000);
  });
});
