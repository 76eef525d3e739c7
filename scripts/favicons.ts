/**
 * The brands' favicons as PNG, made from their SVG in static/favicons: `npm run favicons` after an SVG
 * changes, then commit the PNGs (tests/unit/scripts/favicons.test.ts fails while they differ). PNG, not SVG,
 * because Chromium makes an SVG favicon a document of its own, parsed and laid out on the page's main
 * thread after load, and Safari shows no SVG favicon at all.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Brand } from '../src/domain/links';

export const FAVICON_DIR = path.resolve(__dirname, '..', 'static', 'favicons');
export const FAVICON_BRANDS: readonly Brand[] = ['zenit', 'zenbet', 'cupis'];
/** The tab icon and the home-screen icon (apple-touch-icon: opaque, iOS rounds the corners itself). */
export const FAVICON_SIZES = [
  { size: 32, opaque: false },
  { size: 180, opaque: true },
] as const;

export function faviconPng(brand: Brand, size: number): string {
  return path.join(FAVICON_DIR, `${brand}-${size}.png`);
}

export function renderFavicon(brand: Brand, size: number, opaque: boolean): sharp.Sharp {
  const image = sharp(path.join(FAVICON_DIR, `${brand}.svg`), { density: 384 }).resize(size, size);
  return (opaque ? image.flatten({ background: '#ffffff' }) : image).png({ compressionLevel: 9 });
}

async function main(): Promise<void> {
  for (const brand of FAVICON_BRANDS)
    for (const { size, opaque } of FAVICON_SIZES) {
      await renderFavicon(brand, size, opaque).toFile(faviconPng(brand, size));
      console.log(path.relative(process.cwd(), faviconPng(brand, size)));
    }
}

if (require.main === module) void main();
