/**
 * The default creatives are drawn as SVG (src/images/hero/) and painted in each brand's colours; the
 * image pipeline (gatsby-plugin-sharp) only reads bitmaps, so each is rendered here (sharp's SVG
 * renderer) at the largest width the hero is made in. Renders are kept in the build cache by content.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { HERO_WIDTHS, type CreativeFamily } from '../../src/domain/creatives';
import type { Brand } from '../../src/domain/links';
import { CREATIVE_SVG_DIR, paintCreative } from '../../tables/hero-creatives';

export async function renderDefaultCreative(
  brand: Brand,
  family: CreativeFamily,
  cacheDir: string,
): Promise<{ buffer: Buffer; hash: string }> {
  const svg = paintCreative(fs.readFileSync(path.join(CREATIVE_SVG_DIR, `${family}.svg`), 'utf8'), brand);
  const width = HERO_WIDTHS[HERO_WIDTHS.length - 1];
  const hash = createHash('sha256').update(`${width}\n${svg}`).digest('hex').slice(0, 24);
  const cached = path.join(cacheDir, `${hash}.png`);
  if (fs.existsSync(cached)) return { buffer: fs.readFileSync(cached), hash };
  // A fast PNG: it is only read once more, by the pipeline that makes the AVIF, WebP and JPEG files.
  const buffer = await sharp(Buffer.from(svg)).resize({ width }).png({ compressionLevel: 1 }).toBuffer();
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(cached, buffer);
  return { buffer, hash };
}
