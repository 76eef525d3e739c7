/**
 * `npm run ci:build`: the site as of the operator's day (Moscow time), given to the build as BUILD_DATE,
 * so that every run of a day, on any runner, makes the same files, and the nightly run just after Moscow
 * midnight makes the new day's redirects. A BUILD_DATE already set is kept (building as of another day).
 */
import { spawnSync } from 'node:child_process';
import { operatorDay } from '../../src/domain/expiry';

export function buildDate(env: NodeJS.ProcessEnv, now: number): string {
  return env.BUILD_DATE || operatorDay(now);
}

if (require.main === module) {
  const date = buildDate(process.env, Date.now());
  console.log(`ci:build: the site as of ${date} (BUILD_DATE)`);
  const run = spawnSync('npm', ['run', 'build'], { env: { ...process.env, BUILD_DATE: date }, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
