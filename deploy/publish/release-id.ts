/**
 * A release's id: the time it was published and the commit it was built from, so that ids sort in the
 * order they were published and an operator reads both at a glance (20261207T133200Z-f9c29e8). Pure.
 */
const ID = /^(\d{8}T\d{6}Z)-[0-9a-z]+(?:-(\d+))?$/;

export function releaseId(at: Date, commit: string, taken: readonly string[] = []): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const short = (commit.toLowerCase().replace(/[^0-9a-z]/g, '') || 'unknown').slice(0, 7);
  const base = `${stamp}-${short}`;
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

export function isReleaseId(name: string): boolean {
  return ID.test(name);
}

/** Ids oldest first: by time, then by the suffix a second release of the same second got. */
export function byAge(ids: readonly string[]): string[] {
  const key = (id: string) => {
    const match = ID.exec(id);
    return [match?.[1] ?? id, Number(match?.[2] ?? 1)] as const;
  };
  return [...ids].sort((a, b) => {
    const [[stampA, nA], [stampB, nB]] = [key(a), key(b)];
    return stampA === stampB ? nA - nB : stampA < stampB ? -1 : 1;
  });
}
