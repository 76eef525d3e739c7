/**
 * V8's explicit compile hint (Chrome 136+): a script that begins with this comment has all its
 * functions compiled while it downloads, on a background thread, instead of each on the main thread
 * the first time it is called. Right for code nearly all of which runs at every page load.
 */
import type { Compiler } from 'webpack';
import { FRAMEWORK_CHUNK } from '../../src/early/chunk-tasks';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Gatsby's chunks of the first load every page makes: the libraries and its runtime ("app"). */
export const EAGER_COMPILED_FILES = new RegExp(`^(?:${FRAMEWORK_CHUNK}|app)-[0-9a-f]+\\.js$`);

/** Puts the hint first in the output files whose names match, after minifying (which drops comments) and before hashing. */
export class EagerCompileHint {
  constructor(private readonly files: RegExp) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EagerCompileHint', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EagerCompileHint', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets))
            if (this.files.test(name)) compilation.updateAsset(name, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        },
      );
    });
  }
}
