/**
 * The build is reproducible: the same sources built in another checkout, in a folder of another name
 * and length with its own node_modules, give public/ byte for byte, so a CI runner's folder never
 * decides which files a publish moves. The second build runs as CI runs it (`npm run ci:build`), as of
 * the same instant as the one in public/: the build judges expiry by its date.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { compareTrees } from '../../scripts/compare-builds';
import { copyWorkingTree, removeDir } from '../../lib/site-copy';

const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');

/**
 * When public/ was built: Gatsby writes the app's data at the end of every build (a page's data only
 * when it changed), minutes after the build read the time, and the build judges expiry by the day.
 */
function builtAt(): string {
  return fs.statSync(path.join(publicDir, 'page-data', 'app-data.json')).mtime.toISOString();
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; tail: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, tail: output }));
  });
}

test(
  'another checkout in another folder builds the same public/, byte for byte',
  async () => {
    expect(fs.existsSync(path.join(publicDir, 'index.html'))).toBe(true);
    const checkout = copyWorkingTree(root, 'another-checkout-folder', { ownNodeModules: true });
    try {
      const env = { ...process.env, BUILD_DATE: process.env.BUILD_DATE || builtAt() };
      const build = await run('npm', ['run', 'ci:build'], checkout, env);
      expect({ exit: build.code, tail: build.code ? build.tail : '' }).toEqual({ exit: 0, tail: '' });
      const { differ, onlyInA, onlyInB } = compareTrees(publicDir, path.join(checkout, 'public'));
      expect({ differ, onlyInThisBuild: onlyInA, onlyInTheOther: onlyInB }).toEqual({
        differ: [],
        onlyInThisBuild: [],
        onlyInTheOther: [],
      });
    } finally {
      removeDir(checkout);
    }
  },
  30 * 60_000,
);
