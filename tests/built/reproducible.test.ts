/**
 * The build is reproducible: the same sources built in another checkout, in a folder of another name
 * and length with its own node_modules, give public/ byte for byte, so a CI runner's folder never
 * decides which files a publish moves. The second build is the nightly run as CI runs it
 * (`npm run ci:nightly`: ci:build, then ci:publish to a local publish root), as of the same instant as
 * the one in public/: the build judges expiry by its date.
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
  'another checkout in another folder builds the same public/, byte for byte, and the nightly run publishes it',
  async () => {
    expect(fs.existsSync(path.join(publicDir, 'index.html'))).toBe(true);
    const checkout = copyWorkingTree(root, 'another-checkout-folder', { ownNodeModules: true });
    const publishRoot = path.join(checkout, 'srv-promo');
    fs.mkdirSync(publishRoot);
    try {
      // What a CI runner sets for the nightly run; this machine's nginx is not the host's, so its commands do nothing.
      const base = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(GITHUB_|GITLAB_|CI_|PUBLISH_|PREVIEW_|SSH_)/.test(name)),
      );
      const env = {
        ...base,
        BUILD_DATE: process.env.BUILD_DATE || builtAt(),
        PUBLISH_ROOT: publishRoot,
        PUBLISH_COMMIT: 'reproducible',
        RELOAD_COMMAND: 'true',
        NGINX_TEST_COMMAND: 'true',
      };
      const nightly = await run('npm', ['run', 'ci:nightly'], checkout, env);
      expect({ exit: nightly.code, tail: nightly.code ? nightly.tail : '' }).toEqual({ exit: 0, tail: '' });
      const { differ, onlyInA, onlyInB } = compareTrees(publicDir, path.join(checkout, 'public'));
      expect({ differ, onlyInThisBuild: onlyInA, onlyInTheOther: onlyInB }).toEqual({
        differ: [],
        onlyInThisBuild: [],
        onlyInTheOther: [],
      });
      expect(compareTrees(publicDir, path.join(publishRoot, 'live', 'public'))).toMatchObject({ differ: [], onlyInA: [], onlyInB: [] });
    } finally {
      removeDir(checkout);
    }
  },
  30 * 60_000,
);
