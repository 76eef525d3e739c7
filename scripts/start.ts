/**
 * `npm start`: builds the site when public/ is missing or stale, then serves it at /promo together
 * with the stand-in main site (server/) and the promotions editor at /__admin/, whose local backend
 * (decap-server, on 127.0.0.1 only) it starts and stops with itself. The site is served whether or not
 * the backend starts: the editor's page then says why it cannot save.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { preferredBackendPorts, startEditorBackend } from '../server/admin/decap-server';
import { staleBuildReason } from './build-freshness';

const root = path.resolve(__dirname, '..');
const reason = staleBuildReason(root);
if (reason) {
  console.log(`Building the site: ${reason}.`);
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) {
    console.error('The build failed; see the messages above. Nothing is served.');
    process.exit(build.status ?? 1);
  }
} else {
  console.log('public/ is up to date with data/ and src/: serving it as it is.');
}

const port = process.env.PORT || '9000';
console.log(
  [
    'Sample landings:',
    `  http://localhost:${port}/promo/zenit/ru/bonus20000/`,
    `  http://localhost:${port}/promo/zenbet/br/bonus35000_betgold/`,
    `  http://localhost:${port}/promo/zenit/ae/welcome_bonus_casino/  (right to left)`,
    `  http://localhost:${port}/promo/cupis/ru/quiz/`,
    `  http://localhost:${port}/promo/zenit/ru/US-Open/  (over: redirects to freebet35)`,
  ].join('\n'),
);
startEditorBackend(root, preferredBackendPorts(process.env))
  .then(
    (decap) => {
      console.log(`Editor backend (decap-server): ${decap.url}, writing to ${root}`);
      process.env.DECAP_SERVER_URL = decap.url;
      process.on('exit', () => decap.process.kill());
    },
    (error: unknown) => {
      const reason = `the editor's backend (decap-server) did not start: ${(error as Error).message}`;
      console.error(`${reason}. The site is served; the editor cannot save.`);
      process.env.DECAP_SERVER_PROBLEM = reason;
    },
  )
  // Only after the build: the server reads public/ as it starts.
  .then(() => import('../server/main'));
