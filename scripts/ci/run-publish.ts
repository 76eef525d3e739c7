/**
 * `npm run publish` as a CI step runs it (docs/deploy.md, "Publishing and rollback"): with the publish
 * root and the host's commands from the CI's variables, ssh set up from its secrets for a remote root,
 * its output shown as it comes, and its last line kept (a preview's address, or `live <id>`).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sshSetup } from './ssh';

const ROOT = path.resolve(__dirname, '../..');

/** The options every publish of the pipeline takes from the CI's variables. */
export function hostArguments(env: NodeJS.ProcessEnv, rsh: string | null): string[] {
  if (!env.PUBLISH_ROOT) throw new Error('PUBLISH_ROOT is not set: the CI needs it (docs/deploy.md, "The pipeline")');
  return [
    '--to',
    env.PUBLISH_ROOT,
    ...(env.RELOAD_COMMAND ? ['--reload', env.RELOAD_COMMAND] : []),
    ...(env.NGINX_TEST_COMMAND ? ['--nginx-test', env.NGINX_TEST_COMMAND] : []),
    ...(rsh ? ['--rsh', rsh] : []),
  ];
}

/** Runs `npm run publish` with the host's options and `args`; the last line it printed. */
export async function runPublish(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  // The release is checked through an nginx here before it goes live.
  const nginx = spawnSync('bash', [path.join(ROOT, 'scripts', 'ensure-nginx.sh')], { stdio: 'inherit' });
  if (nginx.status !== 0) throw new Error('the release check needs nginx here');
  const ssh = sshSetup(env);
  try {
    const all = [...hostArguments(env, ssh?.rsh ?? null), ...args];
    let output = '';
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'publish', '--', ...all], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        output = (output + chunk.toString('utf8')).slice(-10_000);
      });
      child.on('error', reject);
      child.on('close', (exit) => resolve(exit ?? 1));
    });
    if (code !== 0) throw new Error(`npm run publish failed (exit ${code})`);
    return output.trim().split('\n').at(-1)?.trim() ?? '';
  } finally {
    if (ssh) fs.rmSync(ssh.dir, { recursive: true, force: true });
  }
}
