/**
 * The brands' logos in static/icons/logos, their word marks drawn as outlines: `npm run logos` after a
 * change here, then commit the SVGs (tests/unit/scripts/logos.test.ts fails while they differ). The logos are
 * written into every landing's first screen (src/components/InlineIcon.tsx). As SVG text they were laid out
 * with the visitor's fonts: Arial Black is on no phone, so each platform drew another word mark, and the
 * first layout of every landing spent its time finding fonts for it. As outlines they look the same
 * everywhere and ask for no font. The letters are Roboto Black (@fontsource/roboto, OFL), stretched to
 * the width the design gives the word, as SVG's textLength with lengthAdjust="spacingAndGlyphs" does.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as opentype from 'opentype.js';
import type { Brand } from '../src/domain/links';

export const LOGO_DIR = path.resolve(__dirname, '..', 'static', 'icons', 'logos');
const FONT_DIR = path.resolve(__dirname, '..', 'node_modules', '@fontsource', 'roboto', 'files');

interface WordMark {
  /** Left end of the baseline, font size and the width the word is stretched to (all in viewBox units). */
  x: number;
  y: number;
  size: number;
  width: number;
  /** Runs of letters and their colour, drawn one after the other. */
  runs: Array<{ text: string; fill: string }>;
}

interface Logo {
  title: string;
  /** The drawing beside the word, as SVG markup. */
  mark: string;
  word: WordMark;
}

export const LOGOS: Record<Brand, Logo> = {
  zenit: {
    title: 'Zenit',
    mark:
      '<path fill="none" stroke="#ffd400" stroke-width="3" stroke-linecap="round" d="M4.5 30a13.5 13.5 0 0 1 27 0"/>' +
      '<path fill="#ffd400" stroke="#0b1f3a" stroke-width="2" stroke-linejoin="round" d="M21 3 9.5 22h7L13 37l13-20h-7l4-14z"/>',
    word: { x: 40, y: 31.5, size: 32, width: 108, runs: [{ text: 'ZENIT', fill: '#ffd400' }] },
  },
  zenbet: {
    title: 'Zenbet',
    mark: '',
    word: {
      x: 8,
      y: 31.5,
      size: 32,
      width: 144,
      runs: [
        { text: 'ZEN', fill: '#fff' },
        { text: 'BET', fill: '#ff7a00' },
      ],
    },
  },
  cupis: {
    title: 'Зенит',
    mark:
      '<circle cx="17" cy="20" r="14" fill="#3ddc97"/>' +
      '<path fill="none" stroke="#0a2463" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round" d="m10 20.5 5 5 9-11"/>',
    word: { x: 38, y: 31, size: 30, width: 113, runs: [{ text: 'ЗЕНИТ', fill: '#fff' }] },
  },
};

function loadFont(subset: 'latin' | 'cyrillic'): opentype.Font {
  const file = fs.readFileSync(path.join(FONT_DIR, `roboto-${subset}-900-normal.woff`));
  return opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
}

const round = (value: number) => String(Math.round(value * 10) / 10);

/** One glyph's outline as path data, its x stretched around the word's start. */
function glyphPath(glyph: opentype.Glyph, x: number, word: WordMark, stretch: number): string {
  const at = (px: number) => round(word.x + (px - word.x) * stretch);
  return glyph
    .getPath(x, word.y, word.size)
    .commands.map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${at(command.x)} ${round(command.y)}`;
        case 'Q':
          return `Q${at(command.x1)} ${round(command.y1)} ${at(command.x)} ${round(command.y)}`;
        case 'C':
          return `C${at(command.x1)} ${round(command.y1)} ${at(command.x2)} ${round(command.y2)} ${at(command.x)} ${round(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

/**
 * Each letter from the subset that has it (opentype.js's text shaping stops at Roboto's contextual
 * substitutions, which these capitals never need, so glyphs are placed one by one with their kerning).
 */
function wordPaths(word: WordMark, fonts: opentype.Font[]): string {
  const glyphOf = (char: string) => {
    for (const font of fonts) {
      const glyph = font.charToGlyph(char);
      if (glyph.index !== 0) return { font, glyph };
    }
    throw new Error(`no Roboto Black glyph for "${char}"`);
  };
  const letters = word.runs.flatMap((run) => [...run.text].map((char) => ({ ...glyphOf(char), fill: run.fill })));
  const scale = (font: opentype.Font) => word.size / font.unitsPerEm;
  const advances = letters.map(({ font, glyph }, index) => {
    const next = letters[index + 1];
    const kerning = next && next.font === font ? font.getKerningValue(glyph, next.glyph) : 0;
    return ((glyph.advanceWidth ?? 0) + kerning) * scale(font);
  });
  const natural = advances.reduce((sum, advance) => sum + advance, 0);
  const stretch = word.width / natural;
  let x = word.x;
  const byFill = new Map<string, string>();
  letters.forEach(({ glyph, fill }, index) => {
    byFill.set(fill, (byFill.get(fill) ?? '') + glyphPath(glyph, x, word, stretch));
    x += advances[index];
  });
  return [...byFill].map(([fill, d]) => `<path fill="${fill}" d="${d}"/>`).join('');
}

export function logoSvg(brand: Brand): string {
  const logo = LOGOS[brand];
  const fonts = [loadFont('latin'), loadFont('cyrillic')];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><title>${logo.title}</title>${logo.mark}${wordPaths(logo.word, fonts)}</svg>\n`;
}

export const logoFile = (brand: Brand) => path.join(LOGO_DIR, `${brand}.svg`);

function main(): void {
  for (const brand of Object.keys(LOGOS) as Brand[]) {
    fs.writeFileSync(logoFile(brand), logoSvg(brand));
    console.log(path.relative(process.cwd(), logoFile(brand)));
  }
}

if (require.main === module) main();
