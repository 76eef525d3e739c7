import fs from 'node:fs';
import sharp from 'sharp';
import { FAVICON_BRANDS, FAVICON_SIZES, faviconPng, renderFavicon } from '../../../scripts/favicons';

describe('the favicons', () => {
  test.each(FAVICON_BRANDS.flatMap((brand) => FAVICON_SIZES.map(({ size, opaque }) => ({ brand, size, opaque }))))(
    '$brand at $size px is the PNG its SVG makes (run `npm run favicons` after changing the SVG)',
    async ({ brand, size, opaque }) => {
      expect(fs.existsSync(faviconPng(brand, size))).toBe(true);
      const committed = await sharp(faviconPng(brand, size)).raw().toBuffer({ resolveWithObject: true });
      const made = await renderFavicon(brand, size, opaque).raw().toBuffer({ resolveWithObject: true });
      expect(committed.info).toMatchObject({ width: size, height: size, channels: made.info.channels });
      expect(committed.data.equals(made.data)).toBe(true);
    },
  );
});
