/**
 * Where releases live: a local folder or `user@host:/path`. Every step on the host is a shell script run
 * there (`sh -c` here, the remote shell, ssh by default, there), and files travel with rsync, so a local
 * root and a remote one take the same path through the code and the tests exercise both.
 */
import { execFileSync } from 'node:child_process';

export interface Host {
  /** The root's path on the host. */
  root: string;
  /** user@host, or undefined for a local folder. */
  remote: string | undefined;
  /** Runs a shell script on the host with the root as its working directory; its output, or an error with its stderr. */
  sh(script: string): string;
  /** rsync with these arguments; `hostPath(…)` names a destination on the host. */
  rsync(args: string[]): string;
  /** A path on the host as rsync names it. */
  hostPath(path: string): string;
}

/** A shell word: the text in single quotes. */
export function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** rsync's rule: a colon before any slash makes it remote (user@host:/srv/promo). */
export function parseRoot(to: string): { remote: string | undefined; root: string } {
  const match = /^([^/:]+):(.*)$/.exec(to);
  if (!match) return { remote: undefined, root: to.replace(/\/+$/, '') || '/' };
  return { remote: match[1], root: match[2].replace(/\/+$/, '') || '/' };
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} failed: ${(stderr || stdout || String(error)).trim()}`);
  }
}

export function hostOf(to: string, rsh = 'ssh'): Host {
  const { remote, root } = parseRoot(to);
  const [rshCommand, ...rshArgs] = rsh.split(/\s+/).filter(Boolean);
  const inRoot = (script: string) => `set -eu\nmkdir -p ${quote(root)}\ncd ${quote(root)}\n${script}`;
  return {
    root,
    remote,
    sh: (script) => (remote ? run(rshCommand, [...rshArgs, remote, inRoot(script)]) : run('sh', ['-c', inRoot(script)])),
    rsync: (args) => run('rsync', remote ? ['-e', rsh, ...args] : args),
    hostPath: (path) => (remote ? `${remote}:${path}` : path),
  };
}
