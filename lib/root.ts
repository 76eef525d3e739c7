import path from 'node:path';

/** The repository's root: the build's modules find data/, static/, public/ and .cache/ from it. */
export const ROOT = path.resolve(__dirname, '..');
