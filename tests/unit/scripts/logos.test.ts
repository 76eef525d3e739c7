import fs from 'node:fs';
import { LOGOS, logoFile, logoSvg } from '../../../scripts/logos';
import type { Brand } from '../../../src/domain/links';

describe('the brand logos', () => {
  test.each(Object.keys(LOGOS) as Brand[])(
    '%s is the outlined SVG `npm run logos` makes (run it after changing scripts/logos.ts)',
    (brand) => {
      expect(fs.readFileSync(logoFile(brand), 'utf8')).toBe(logoSvg(brand));
    },
  );

  test.each(Object.keys(LOGOS) as Brand[])(
    '%s draws its word mark as outlines in its colours, stretched to the width of the design',
    (brand) => {
      const svg = logoSvg(brand);
      expect(svg).not.toMatch(/<text|font-family/);
      const { word, title } = LOGOS[brand];
      expect(svg).toContain(`<title>${title}</title>`);
      for (const run of word.runs) expect(svg).toContain(`<path fill="${run.fill}" d="M`);
      const xs = [...svg.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)]
        .filter(([, d]) => !LOGOS[brand].mark.includes(d))
        .flatMap(([, d]) => [...d.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map((pair) => Number(pair[1])));
      // Letters start at the word's x and end within a letter's side bearing of x + width.
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(word.x);
      expect(Math.min(...xs)).toBeLessThan(word.x + 2);
      expect(Math.max(...xs)).toBeLessThanOrEqual(word.x + word.width);
      expect(Math.max(...xs)).toBeGreaterThan(word.x + word.width - 3);
    },
  );
});
