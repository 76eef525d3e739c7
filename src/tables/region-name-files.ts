/**
 * Country names in every page language, written next to the built site (public/region-names/<lang>.json).
 * The registration form reads them instead of the browser's own data, which lacks Kazakh, Turkmen
 * and Uzbek in Chrome, and instead of the main site's list, which is Russian for kz (spec 7 lang_id 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { regionNames } from '../domain/region-names';

export const REGION_NAMES_DIR = 'region-names';

export function writeRegionNameFiles(publicDir: string, locales: Record<string, string>): void {
  const dir = path.join(publicDir, REGION_NAMES_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const [language, locale] of Object.entries(locales)) {
    fs.writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(regionNames(locale)));
  }
}
