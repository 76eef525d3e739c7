/**
 * Peak memory of a process and everything it started (Gatsby renders HTML and processes images in
 * worker processes), sampled from /proc: the largest sum of resident set sizes seen at one moment.
 */
import fs from 'node:fs';

export interface ProcessSample {
  pid: number;
  ppid: number;
  rssBytes: number;
}

/** `/proc/<pid>/stat`: the command name is in parentheses and may hold spaces, so fields are read after the last ")". */
export function parseStat(text: string, pageSize: number): ProcessSample | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const pid = Number(text.slice(0, text.indexOf(' ')));
  // After ")": state(3) ppid(4) … rss is field 24, i.e. index 21 of the fields that follow the command.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const ppid = Number(fields[1]);
  const rssPages = Number(fields[21]);
  if (!Number.isFinite(pid) || !Number.isFinite(ppid) || !Number.isFinite(rssPages)) return null;
  return { pid, ppid, rssBytes: rssPages * pageSize };
}

/** The root and all its descendants among the samples. */
export function treeOf(root: number, samples: readonly ProcessSample[]): ProcessSample[] {
  const children = new Map<number, ProcessSample[]>();
  for (const sample of samples) {
    const list = children.get(sample.ppid);
    if (list) list.push(sample);
    else children.set(sample.ppid, [sample]);
  }
  const tree: ProcessSample[] = [];
  const rootSample = samples.find((sample) => sample.pid === root);
  const queue = rootSample ? [rootSample] : [];
  while (queue.length) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return tree;
}

function readAll(pageSize: number): ProcessSample[] {
  const samples: ProcessSample[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const sample = parseStat(fs.readFileSync(`/proc/${name}/stat`, 'utf8'), pageSize);
      if (sample) samples.push(sample);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return samples;
}

export interface PeakMemory {
  /** Largest sum of RSS over the tree at one sample. */
  treeBytes: number;
  /** Largest RSS of a single process of the tree. */
  processBytes: number;
  /** Most processes in the tree at one sample. */
  processes: number;
}

/** Samples the tree under `root` every `intervalMs` until stopped; Linux only (an empty result elsewhere). */
export function watchPeakMemory(root: number, intervalMs = 250): { stop: () => PeakMemory } {
  const peak: PeakMemory = { treeBytes: 0, processBytes: 0, processes: 0 };
  if (!fs.existsSync('/proc/self/stat')) return { stop: () => peak };
  const pageSize = 4096;
  const sample = () => {
    const tree = treeOf(root, readAll(pageSize));
    const sum = tree.reduce((total, entry) => total + entry.rssBytes, 0);
    peak.treeBytes = Math.max(peak.treeBytes, sum);
    peak.processBytes = Math.max(peak.processBytes, ...tree.map((entry) => entry.rssBytes), 0);
    peak.processes = Math.max(peak.processes, tree.length);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
