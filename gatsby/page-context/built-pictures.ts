/**
 * The pictures the last build processed (the brands' app pictures and every hero creative in use),
 * kept beside its cache so the editor's preview can make a landing's context with the build's own
 * code without running the image pipeline: only a creative the last build never saw needs the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Brand } from '../../src/domain/links';
import type { ProcessedPicture, ResponsivePicture } from '../../src/domain/page-context';

export const BUILT_PICTURES_FILE = path.join('.cache', 'built-pictures.json');

export interface BuiltPictures {
  app: Partial<Record<Brand, ResponsivePicture>>;
  heroes: Record<string, ProcessedPicture>;
}

export function writeBuiltPictures(siteDir: string, pictures: BuiltPictures): void {
  const file = path.join(siteDir, BUILT_PICTURES_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(pictures));
}

/** Null before the first build. */
export function readBuiltPictures(siteDir: string): BuiltPictures | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(siteDir, BUILT_PICTURES_FILE), 'utf8')) as BuiltPictures;
  } catch {
    return null;
  }
}
