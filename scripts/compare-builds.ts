/**
 * `npx tsx scripts/compare-builds.ts <a> <b>`: builds the site as of two commits (or "." for the working
 * tree), one after the other in the same folder, with one BUILD_DATE, and compares every file of the two public/ trees byte
 * for byte. It prints the count and each file that differs or exists on one side only, and exits 1 if any
 * does: a change meant to move sources without touching the site (a new table layout) shows it made none.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyCommit, copyWorkingTree, gatsbyBuild, makeTempDir, removeDir } from '../lib/site-copy';

const ROOT = path.resolve(__dirname, '..');

export interface TreeComparison {
  files: number;
  differ: string[];
  onlyInA: string[];
  onlyInB: string[];
}

function filesOf(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Every file of two trees compared byte for byte. */
export function compareTrees(a: string, b: string): TreeComparison {
  const [inA, inB] = [filesOf(a), filesOf(b)];
  const inBoth = inA.filter((file) => inB.includes(file));
  return {
    files: new Set([...inA, ...inB]).size,
    differ: inBoth.filter((file) => !fs.readFileSync(path.join(a, file)).equals(fs.readFileSync(path.join(b, file)))),
    onlyInA: inA.filter((file) => !inB.includes(file)),
    onlyInB: inB.filter((file) => !inA.includes(file)),
  };
}

const lockOf = (source: string) =>
  source === '.'
    ? fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')
    : execFileSync('git', ['-C', ROOT, 'show', `${source}:package-lock.json`], { encoding: 'utf8', maxBuffer: 1 << 30 });

async function main(): Promise<number> {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) {
    console.error(
      'usage: npx tsx scripts/compare-builds.ts <commit | .> <commit | .>   (BUILD_DATE=YYYY-MM-DD to fix the day; default today)',
    );
    return 2;
  }
  // Both builds run on this tree's node_modules: a comparison across a dependency change would not be one.
  if (lockOf(a) !== lockOf(b) || lockOf(a) !== lockOf('.')) {
    console.error(`package-lock.json differs between ${a}, ${b} and the working tree: the builds would not use their own dependencies`);
    return 2;
  }
  process.env.BUILD_DATE ??= new Date().toISOString().slice(0, 10);
  // One folder for both builds, though the build is the same in any folder (tests/built/reproducible.test.ts):
  // the two copies then differ in their sources only.
  const site = makeTempDir('compare');
  const publics: string[] = [];
  try {
    for (const [label, source] of [
      ['a', a],
      ['b', b],
    ]) {
      const copy = source === '.' ? copyWorkingTree(ROOT, `compare-${label}`) : copyCommit(ROOT, source, `compare-${label}`);
      removeDir(site);
      fs.renameSync(copy, site);
      console.log(`building ${source} as of ${process.env.BUILD_DATE} in ${site}`);
      const run = await gatsbyBuild(site, path.join(site, 'build.log'));
      if (run.exitCode !== 0) {
        console.error(`the build of ${source} failed (exit ${run.exitCode}):\n${run.tail}`);
        return 2;
      }
      console.log(`  ${run.pages} pages in ${run.seconds.toFixed(0)} s`);
      publics.push(`${site}-public-${label}`);
      fs.renameSync(path.join(site, 'public'), publics.at(-1)!);
    }
    const result = compareTrees(publics[0], publics[1]);
    for (const file of result.differ) console.log(`differs: ${file}`);
    for (const file of result.onlyInA) console.log(`only in ${a}: ${file}`);
    for (const file of result.onlyInB) console.log(`only in ${b}: ${file}`);
    const different = result.differ.length + result.onlyInA.length + result.onlyInB.length;
    console.log(`${result.files} files in public/, ${different} differ`);
    return different ? 1 : 0;
  } finally {
    if (process.env.COMPARE_KEEP === '1') console.log(`kept: ${[site, ...publics].join(' ')}`);
    else [site, ...publics].forEach(removeDir);
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(2);
    },
  );
}
