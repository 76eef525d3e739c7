/**
 * What a built public/ holds, as publishing needs it: its files, its landings with their content hashes,
 * and the names a later release keeps answering for the tabs opened on it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { landingOfPageData, type Landings } from './landings';
import { servedToOldTabs } from './old-tabs';

export interface BuildFiles {
  files: string[];
  landings: Landings;
  oldTabFiles: string[];
}

export function readBuild(publicDir: string): BuildFiles {
  if (!fs.existsSync(path.join(publicDir, 'index.html')) || !fs.existsSync(path.join(publicDir, 'page-data')))
    throw new Error(`${publicDir} is not a build (no index.html and page-data/): run npm run build`);
  const files = (fs.readdirSync(publicDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const landings: Landings = {};
  for (const file of files) {
    const landing = landingOfPageData(file);
    if (landing)
      landings[landing] = createHash('sha256')
        .update(fs.readFileSync(path.join(publicDir, file)))
        .digest('hex')
        .slice(0, 12);
  }
  return { files, landings, oldTabFiles: files.filter(servedToOldTabs) };
}
