/** Whether public/ was built from the sources as they are now. */
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['data', 'src', 'static', 'gatsby-config.ts', 'gatsby-node.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/** Missing or older than any input: the reason to build, or null when public/ is current. */
export function staleBuildReason(root: string): string | null {
  const marker = path.join(root, 'public', 'index.html');
  if (!fs.existsSync(marker)) return 'public/ has not been built yet';
  const builtAt = fs.statSync(marker).mtimeMs;
  const changed = INPUTS.find((input) => newestChange(path.join(root, input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}
