/**
 * The publish root of a CI run may be a remote one (user@host:/srv/promo). The key and the host's known
 * key come from the CI's secrets (SSH_PRIVATE_KEY, SSH_KNOWN_HOSTS) and go into a folder of this run only,
 * never into the runner's ~/.ssh. ssh checks the host's key strictly, so a secret that does not name it
 * stops the publish instead of trusting whoever answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The remote shell command for `npm run publish --rsh`, and the folder to remove afterwards; null without a key. */
export function sshSetup(env: NodeJS.ProcessEnv): { rsh: string; dir: string } | null {
  const key = env.SSH_PRIVATE_KEY;
  if (!key) return null;
  if (!env.SSH_KNOWN_HOSTS)
    throw new Error('SSH_PRIVATE_KEY is set without SSH_KNOWN_HOSTS: the host to publish to must be known by its key');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-ssh-'));
  const keyFile = path.join(dir, 'id');
  const knownHosts = path.join(dir, 'known_hosts');
  // ssh refuses a key file others can read, and a key whose last line has no newline.
  fs.writeFileSync(keyFile, key.endsWith('\n') ? key : `${key}\n`, { mode: 0o600 });
  fs.writeFileSync(knownHosts, `${env.SSH_KNOWN_HOSTS.trim()}\n`, { mode: 0o600 });
  // One word per option: the publish splits --rsh on spaces.
  return {
    rsh: `ssh -i ${keyFile} -o IdentitiesOnly=yes -o UserKnownHostsFile=${knownHosts} -o StrictHostKeyChecking=yes -o BatchMode=yes`,
    dir,
  };
}
