/** Hero creatives: which one a landing leads with, and the table checks that keep a wrong file out of the build. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { chooseCreative, creativeFamily, isCreativeFileName } from '../../../src/domain/creatives';
import { OFFER_COPY } from '../../../tables/schemas';
import { readImageHeader } from '../../../lib/image-header';
import { creativeFilesInUse, defaultCreativesInUse, landingCreative, paintCreative } from '../../../tables/hero-creatives';
import { loadSite, TableError } from '../../../tables/load';
import { THEMES } from '../../../src/styles/themes';
import { editedData, editedPromotions, promotionRow as row } from '../../fixtures/tables';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function problemsOf(dir: string): string[] {
  try {
    loadSite(dir, NOW);
  } catch (error) {
    if (error instanceof TableError) return error.message.split('\n').slice(1);
    throw error;
  }
  return [];
}

/** A copy of data/ with `file` written into data/creatives/ and named by the landing's row. */
function withCreative(landing: string, file: string, bytes: Buffer | string): string {
  const dir = editedPromotions((json) => (row(json, landing).creative = file));
  fs.mkdirSync(path.dirname(path.join(dir, 'creatives', file)), { recursive: true });
  fs.writeFileSync(path.join(dir, 'creatives', file), bytes);
  return dir;
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#13315c' } })
    .png()
    .toBuffer();

describe('which creative a landing leads with', () => {
  test('each offer of slugs.json has the family a marketer would expect', () => {
    expect(Object.fromEntries(OFFER_COPY.map((offer) => [offer, creativeFamily(offer)]))).toEqual({
      sportBonus: 'sport-bonus',
      casinoBonus: 'casino',
      slots: 'casino',
      spins: 'casino',
      betgames: 'casino',
      freebet: 'free-bet',
      android: 'app',
      applications: 'app',
      products: 'information',
      broadcast: 'information',
      tvshows: 'casino',
      cybersport: 'information',
      people: 'information',
      quiz: 'quiz',
      usOpen: 'information',
      none: 'information',
    });
  });

  test("the landing's own creative comes first, then the slug's, then the family's default", () => {
    const base = { brand: 'zenit', offer: 'sportBonus', rtl: false };
    expect(chooseCreative({ ...base, landingCreative: 'autumn.jpg', slugCreative: 'bonus.png' })).toEqual({
      source: 'landing',
      file: 'autumn.jpg',
    });
    expect(chooseCreative({ ...base, slugCreative: 'bonus.png' })).toEqual({ source: 'slug', file: 'bonus.png' });
    expect(chooseCreative(base)).toEqual({ source: 'default', family: 'sport-bonus', brand: 'zenit', mirrored: false });
  });

  test('a default that moves one way is mirrored on right-to-left pages; others and table files never are', () => {
    expect(chooseCreative({ brand: 'zenbet', offer: 'sportBonus', rtl: true })).toMatchObject({ mirrored: true });
    expect(chooseCreative({ brand: 'zenbet', offer: 'freebet', rtl: true })).toMatchObject({ mirrored: false });
    expect(chooseCreative({ brand: 'zenbet', offer: 'sportBonus', rtl: true, slugCreative: 'x.png' })).toEqual({
      source: 'slug',
      file: 'x.png',
    });
  });

  test('the shipped tables: cybersport has its own creative, every other landing its default in its brand', () => {
    const { tables, landings } = loadSite(path.resolve(__dirname, '../../../data'), NOW);
    expect(creativeFilesInUse(landings, tables)).toEqual(['cybersport.png']);
    const ae = landings.find((l) => l.path === '/zenbet/ae/bonus30000/')!;
    expect(landingCreative(ae, tables)).toEqual({ source: 'default', family: 'sport-bonus', brand: 'zenbet', mirrored: true });
    // Three brands × six families, all in use.
    expect(defaultCreativesInUse(landings, tables)).toHaveLength(18);
  });
});

describe('default creatives in the brand colours', () => {
  const svg = fs.readFileSync(path.resolve(__dirname, '../../../src/images/hero/casino.svg'), 'utf8');

  test.each(Object.keys(THEMES) as (keyof typeof THEMES)[])('%s: the accent and background of its theme fill the drawing', (brand) => {
    const painted = paintCreative(svg, brand);
    expect(painted).toContain(`.accent{fill:${THEMES[brand].accent}}`);
    expect(painted).toContain(`.background-stop{stop-color:${THEMES[brand].background}}`);
    expect(painted.match(/<style id="palette">/g)).toHaveLength(1);
  });

  test('every drawing has a palette to paint and no words (no <text>)', () => {
    const dir = path.resolve(__dirname, '../../../src/images/hero');
    for (const file of fs.readdirSync(dir)) {
      const drawing = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(() => paintCreative(drawing, 'cupis')).not.toThrow();
      expect(drawing).not.toMatch(/<text\b/);
    }
  });
});

describe('image headers', () => {
  test.each([
    [
      'PNG',
      () =>
        sharp({ create: { width: 1201, height: 603, channels: 4, background: '#fff0' } })
          .png()
          .toBuffer(),
      'png',
    ],
    [
      'JPEG',
      () =>
        sharp({ create: { width: 1201, height: 603, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      'jpeg',
    ],
    [
      'lossy WebP',
      () =>
        sharp({ create: { width: 1201, height: 603, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      'webp',
    ],
    [
      'lossless WebP',
      () =>
        sharp({ create: { width: 1201, height: 603, channels: 3, background: '#fff' } })
          .webp({ lossless: true })
          .toBuffer(),
      'webp',
    ],
    [
      'WebP with alpha',
      () =>
        sharp({ create: { width: 1201, height: 603, channels: 4, background: '#fff8' } })
          .webp()
          .toBuffer(),
      'webp',
    ],
    [
      'AVIF',
      () =>
        sharp({ create: { width: 1201, height: 603, channels: 3, background: '#fff' } })
          .avif({ effort: 0 })
          .toBuffer(),
      'avif',
    ],
  ])('%s: format and size', async (_name, make, format) => {
    expect(readImageHeader(await make())).toEqual({ format, width: 1201, height: 603 });
  });

  test('a progressive JPEG with a large metadata block before its frame', async () => {
    const jpeg = await sharp({ create: { width: 1300, height: 700, channels: 3, background: '#123' } })
      .withMetadata({ exif: { IFD0: { ImageDescription: 'x'.repeat(20_000) } } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(readImageHeader(jpeg)).toEqual({ format: 'jpeg', width: 1300, height: 700 });
  });

  test('not images: an SVG, a text file, a cut-off PNG', async () => {
    expect(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"/>'))).toBeNull();
    expect(readImageHeader(Buffer.from('hello'))).toBeNull();
    expect(readImageHeader((await picture(1200, 600)).subarray(0, 20))).toBeNull();
  });
});

describe('a creative the tables name', () => {
  test('a good one loads and is the landing’s choice', async () => {
    const dir = withCreative('zenit/ru/bonus20000', 'autumn/hero.png', await picture(1400, 700));
    const { tables, landings } = loadSite(dir, NOW);
    const landing = landings.find((l) => l.path === '/zenit/ru/bonus20000/')!;
    expect(landingCreative(landing, tables)).toEqual({ source: 'landing', file: 'autumn/hero.png' });
  });

  test.each<[string, () => Promise<string>, string]>([
    [
      'a file that is not there',
      async () => editedPromotions((json) => (row(json, 'zenit/ru/bonus20000').creative = 'autumn.jpg')),
      'data/promotions/zenit/ru/bonus20000.json: zenit/ru/bonus20000: creative "autumn.jpg": no such file in data/creatives/',
    ],
    [
      'a file that is not an image',
      async () => withCreative('zenbet/de/freebet30', 'banner.png', '<html>not a picture</html>'),
      'data/promotions/zenbet/de/freebet30.json: zenbet/de/freebet30: creative "banner.png" is not a PNG, JPEG, WebP or AVIF image',
    ],
    [
      'a picture too small for the hero',
      async () => withCreative('cupis/ru/quiz', 'quiz.png', await picture(800, 400)),
      'data/promotions/cupis/ru/quiz.json: cupis/ru/quiz: creative "quiz.png" is 800×400 px; a hero needs at least 1080×540 px (2:1; other shapes are cropped at the centre)',
    ],
    [
      'a wide picture too low for the hero',
      async () => withCreative('cupis/ru/quiz', 'quiz.png', await picture(2400, 500)),
      'data/promotions/cupis/ru/quiz.json: cupis/ru/quiz: creative "quiz.png" is 2400×500 px; a hero needs at least 1080×540 px',
    ],
    [
      'a path out of data/creatives/',
      async () => editedPromotions((json) => (row(json, 'zenit/ru/people').creative = '../brands.json')),
      'data/promotions/zenit/ru/people.json: zenit/ru/people: creative "../brands.json" is not a file name in data/creatives/ ending in .png, .jpg, .jpeg, .webp, .avif',
    ],
    [
      'a format the pipeline cannot read',
      async () => editedPromotions((json) => (row(json, 'zenit/ru/people').creative = 'hero.gif')),
      'data/promotions/zenit/ru/people.json: zenit/ru/people: creative "hero.gif" is not a file name in data/creatives/',
    ],
    [
      "a slug's creative that is missing",
      async () => editedData('slugs.json', (json) => ({ ...json, people: { ...json.people, creative: 'people.webp' } })),
      'data/slugs.json: people: creative "people.webp": no such file in data/creatives/',
    ],
  ])('%s fails with the file, the entry and the reason', async (_name, makeData, message) => {
    expect(problemsOf(await makeData())).toContainEqual(expect.stringContaining(message));
  });
});

describe('file names a marketer may write', () => {
  test.each(['hero.png', 'autumn/zenit-ru.JPG', 'a_b-1.jpeg', 'x.webp', 'x.avif'])('%s is one', (name) => {
    expect(isCreativeFileName(name)).toBe(true);
  });
  test.each(['../x.png', '/abs/x.png', 'a/../x.png', '.hidden.png', 'x.gif', 'x', 'a//x.png', 'x.svg'])('%s is not', (name) => {
    expect(isCreativeFileName(name)).toBe(false);
  });
});
