import path from 'node:path';

/**
 * The Gatsby build the stand-in serves under /promo, from the PUBLIC_DIR environment variable
 * (relative to the working directory), or undefined for the repository's public/. The directory need
 * not exist yet: the stand-in answers 503 until a build is there, so a deploy can be swapped in later.
 */
export function publicDirFromEnv(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string | undefined {
  const raw = env.PUBLIC_DIR?.trim();
  if (!raw) return undefined;
  return path.resolve(cwd, raw);
}
