/**
 * Runs `work` in a task of its own, as soon as the main thread is free: a long stretch of start-up
 * split in two leaves room for a tap between the halves, and neither half is a long task on a phone.
 * A message, not a timer: a timer in a background tab waits up to a second.
 */
export function inNextTask(win: Window, work: () => void): void {
  if (typeof MessageChannel !== 'function') {
    win.setTimeout(work, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

/** A promise settled in a task of its own (see inNextTask). */
export function nextTask(win: Window): Promise<void> {
  return new Promise((resolve) => inNextTask(win, resolve));
}
