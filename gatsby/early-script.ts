/**
 * Builds the first-screen script (early.ts) into one small, self-contained string, for the HTML renderer
 * to inline in every landing (inline-script.ts). Node only (gatsby-node).
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import { EARLY_SCRIPT_GLOBAL } from '../src/early/inline-script';
import { ROOT } from '../lib/root';

export function buildEarlyScript(): string {
  const result = buildSync({
    entryPoints: [path.join(ROOT, 'src/early/entry.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: EARLY_SCRIPT_GLOBAL,
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0].text.trim();
}
