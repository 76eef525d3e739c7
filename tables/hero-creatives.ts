/**
 * Each landing's hero creative, as the build and the marketers' tools see it: which one the tables
 * choose, the default creatives the build must draw, and the brand colours they are drawn in.
 */
import path from 'node:path';
import { chooseCreative, creativeKey, type CreativeChoice, type CreativeFamily } from '../src/domain/creatives';
import type { Landing } from '../src/domain/landings';
import type { Brand } from '../src/domain/links';
import { textDirection } from '../src/domain/locale';
import type { HeroPicture, ProcessedPicture } from '../src/domain/page-context';
import { THEMES, type Theme } from '../src/styles/themes';
import { namedExperiment } from './experiments';
import { ROOT } from '../lib/root';
import type { Tables } from './load';

/** The default creatives, one SVG per family. */
export const CREATIVE_SVG_DIR = path.join(ROOT, 'src/images/hero');

export function landingCreative(landing: Landing, tables: Pick<Tables, 'slugs' | 'languages'>): CreativeChoice {
  const slug = tables.slugs[landing.slug];
  return chooseCreative({
    brand: landing.brand,
    offer: slug.offer,
    rtl: textDirection(landing.country, tables.languages.rtl) === 'rtl',
    landingCreative: landing.row.creative,
    slugCreative: slug.creative,
  });
}

/**
 * The processed picture of the landing's creative, or of `choice` (an A/B variant's); null when the build
 * has none for it (gatsby-node stops the build then).
 */
export function heroOf(
  landing: Landing,
  tables: Pick<Tables, 'slugs' | 'languages'>,
  pictures: Readonly<Record<string, ProcessedPicture>>,
  choice: CreativeChoice = landingCreative(landing, tables),
): HeroPicture | null {
  const picture = pictures[creativeKey(choice)];
  return picture ? { ...picture, mirrored: choice.source === 'default' && choice.mirrored } : null;
}

/** The default creatives some landing shows: the build draws only these. */
export function defaultCreativesInUse(
  landings: readonly Landing[],
  tables: Pick<Tables, 'slugs' | 'languages'>,
): { brand: Brand; family: CreativeFamily }[] {
  const used = new Map<string, { brand: Brand; family: CreativeFamily }>();
  for (const landing of landings) {
    const choice = landingCreative(landing, tables);
    if (choice.source === 'default') used.set(creativeKey(choice), { brand: choice.brand as Brand, family: choice.family });
  }
  return [...used.values()].sort((a, b) => `${a.brand}/${a.family}`.localeCompare(`${b.brand}/${b.family}`));
}

/** The table files some landing or one of its A/B variants shows (paths inside data/creatives/). */
export function creativeFilesInUse(landings: readonly Landing[], tables: Pick<Tables, 'slugs' | 'languages'>): string[] {
  const files = new Set<string>();
  for (const landing of landings) {
    const choice = landingCreative(landing, tables);
    if (choice.source !== 'default') files.add(choice.file);
    for (const variant of namedExperiment(landing, tables)?.experiment.variants ?? []) if (variant.creative) files.add(variant.creative);
  }
  return [...files].sort();
}

/** The theme colours the drawings use, by class: `.accent` fills, `.accent-line` strokes, `.accent-stop` gradient stops. */
const PAINTS = ['background', 'surface', 'text', 'muted', 'accent', 'onAccent', 'link'] as const satisfies readonly (keyof Theme)[];
const PALETTE = /<style id="palette">[\s\S]*?<\/style>/;

/**
 * A default creative (src/images/hero/<family>.svg) in a brand's colours: its palette block is
 * replaced by the brand's theme (src/styles/themes.ts), so the drawings follow any change of colours.
 */
export function paintCreative(svg: string, brand: Brand): string {
  if (!PALETTE.test(svg)) throw new Error('a hero creative needs a <style id="palette"> block for the brand colours');
  const theme = THEMES[brand];
  const rules = PAINTS.map(
    (paint) => `.${paint}{fill:${theme[paint]}}.${paint}-line{stroke:${theme[paint]}}.${paint}-stop{stop-color:${theme[paint]}}`,
  );
  return svg.replace(PALETTE, `<style id="palette">${rules.join('')}</style>`);
}
