/**
 * One change to a host at a time. Two publishes at once (an operator's rollback while CI publishes, two
 * runners of different pipelines) would each read the same live release, link against it and switch the
 * pointer in turn, and the later one's clean-up could remove the release the other just made live. The
 * lock is a folder made with `mkdir`, which is atomic on the host's file system, locally and over ssh; it
 * names who holds it, so a refusal can say what to wait for and, if that run died, what to remove.
 */
import { quote, type Host } from './host';

export const LOCK_DIR = '.publishing';

/** Runs `change` holding the host's lock; refused, with the holder named, while another run holds it. */
export async function withHostLock<T>(host: Host, what: string, change: () => Promise<T> | T): Promise<T> {
  const holder = `${what}, started ${new Date().toISOString()} by process ${process.pid}`;
  const taken = host.sh(
    `if mkdir ${LOCK_DIR} 2>/dev/null; then printf '%s\\n' ${quote(holder)} > ${LOCK_DIR}/holder; echo taken; else cat ${LOCK_DIR}/holder 2>/dev/null || echo unknown; fi`,
  );
  if (taken.trim() !== 'taken')
    throw new Error(
      `another publish holds ${host.root} (${taken.trim()}); nothing was changed and the live release is as it was. ` +
        `Run again when it has ended; if that run died, remove ${host.root}/${LOCK_DIR}.`,
    );
  try {
    return await change();
  } finally {
    host.sh(`rm -rf ${LOCK_DIR}`);
  }
}
