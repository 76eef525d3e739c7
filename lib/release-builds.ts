/**
 * Three real builds for the publishing tests, built one after the other in one copy of the tree, so the
 * checkout's path is the same in all three and only the edits tell them apart:
 *
 * - A: the tree as it is;
 * - B: A with one landing's table edited, what a marketer's save gives (its last day one day earlier,
 *   still far off, so it stays open);
 * - C: B with a code change in the main site's transport, which the form loads as its own chunk: every
 *   page's inline scripts (the chunk map, the compilation hash) and that chunk's name change, as with
 *   any change to the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { copyWorkingTree, gatsbyBuild, makeTempDir, removeDir } from './site-copy';

export const EDITED_LANDING = { brand: 'zenit', country: 'ru', slug: 'bonus20000', date: '2099-12-30' } as const;
export const EDITED_PATH = `${EDITED_LANDING.brand}/${EDITED_LANDING.country}/${EDITED_LANDING.slug}`;
/** The module C changes, and the global it sets when it loads: a page can tell C's transport ran. */
export const CHANGED_MODULE = 'src/main-site/ajax.ts';
export const CODE_MARK = '__promoBuildC';

/** Webpack's content-named output at the top of public/: a build of its own carries only its own. */
const HASHED_ASSET = /-[0-9a-f]{20}\.(?:js|css)(?:\.map|\.LICENSE\.txt)?$/;

export interface ReleaseBuilds {
  /** public/ of each build, in a folder of its own. */
  a: string;
  b: string;
  c: string;
  seconds: { a: number; b: number; c: number };
  remove(): void;
}

export async function buildReleases(root: string, logDir: string): Promise<ReleaseBuilds> {
  const siteDir = copyWorkingTree(root, 'releases');
  const out = makeTempDir('release-builds');
  try {
    const build = async (name: 'a' | 'b' | 'c') => {
      const publicDir = path.join(siteDir, 'public');
      // A working tree's public/ keeps every earlier build's chunks; a build of its own has only its own.
      if (fs.existsSync(publicDir))
        for (const file of fs.readdirSync(publicDir)) if (HASHED_ASSET.test(file)) fs.rmSync(path.join(publicDir, file));
      const run = await gatsbyBuild(siteDir, path.join(logDir, `release-build-${name}.log`));
      if (run.exitCode !== 0) throw new Error(`build ${name.toUpperCase()} failed (exit ${run.exitCode}):\n${run.tail}`);
      fs.cpSync(publicDir, path.join(out, name), { recursive: true });
      return run.seconds;
    };
    const a = await build('a');
    const table = path.join(siteDir, 'data', 'promotions', EDITED_LANDING.brand, EDITED_LANDING.country, `${EDITED_LANDING.slug}.json`);
    fs.writeFileSync(table, `${JSON.stringify({ ...JSON.parse(fs.readFileSync(table, 'utf8')), date: EDITED_LANDING.date }, null, 2)}\n`);
    const b = await build('b');
    fs.appendFileSync(path.join(siteDir, CHANGED_MODULE), `\n(globalThis as unknown as Record<string, unknown>).${CODE_MARK} = true;\n`);
    const c = await build('c');
    return { a: path.join(out, 'a'), b: path.join(out, 'b'), c: path.join(out, 'c'), seconds: { a, b, c }, remove: () => removeDir(out) };
  } catch (error) {
    removeDir(out);
    throw error;
  } finally {
    removeDir(siteDir);
  }
}
