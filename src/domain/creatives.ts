/**
 * Which hero creative a landing leads with: the one its own promotion row names, else the one its
 * slug names in slugs.json, else the default of its offer family in the brand's colours.
 */

/** The families the default creatives are drawn for (src/images/hero/<family>.svg). */
export const CREATIVE_FAMILIES = ['sport-bonus', 'free-bet', 'casino', 'app', 'quiz', 'information'] as const;
export type CreativeFamily = (typeof CREATIVE_FAMILIES)[number];

/** slugs.json's "offer" → the family whose default creative it shows. */
const FAMILY_OF_OFFER: Record<string, CreativeFamily> = {
  sportBonus: 'sport-bonus',
  freebet: 'free-bet',
  casinoBonus: 'casino',
  slots: 'casino',
  spins: 'casino',
  betgames: 'casino',
  tvshows: 'casino',
  android: 'app',
  applications: 'app',
  quiz: 'quiz',
};

export function creativeFamily(offer: string): CreativeFamily {
  return FAMILY_OF_OFFER[offer] ?? 'information';
}

/** Default creatives whose picture moves one way (the ball flies into the gift): mirrored on right-to-left pages. */
const DIRECTIONAL: ReadonlySet<CreativeFamily> = new Set(['sport-bonus']);

/**
 * The hero's shape and the widths the build makes of it. Phones show it full width (about 360–430 CSS
 * px at 2–3 device pixels per px: the 720 and 1080 px files); wide and short screens crop it to 3:1, at most
 * 928 CSS px wide. AVIF is made at the larger width only: it is smaller there than WebP at 720 px, and
 * each AVIF width is slow to encode for every creative (sharp's default effort; gatsby-plugin-sharp
 * passes no speed setting), so a 720 px AVIF would weigh on the cold build to save phones very little.
 */
export const HERO_WIDTHS = [720, 1080] as const;
export const HERO_AVIF_WIDTH = 1080;
/**
 * Where the AVIF is offered: screens from 600 CSS px wide, and screens of 2 device pixels per px or
 * more, which take the 1080 px file in any format (the AVIF is half the WebP's bytes there). A phone of
 * fewer device pixels (the budget Androids, and Lighthouse's phone at 1.75) takes the WebP of its width
 * instead, a little larger than the AVIF but much quicker to decode (the first AVIF also starts the AV1
 * decoder), on the cores the page's own start-up needs; the hero, the largest paint, is painted only once
 * decoded.
 */
export const HERO_AVIF_MEDIA = '(min-width: 600px), (min-resolution: 2dppx)';
export const HERO_ASPECT_RATIO = 2;
/** A creative from the tables must be at least this large, so no width is made by enlarging it. */
export const CREATIVE_MIN_SIZE = {
  width: HERO_WIDTHS[HERO_WIDTHS.length - 1],
  height: HERO_WIDTHS[HERO_WIDTHS.length - 1] / HERO_ASPECT_RATIO,
};
/** The layout's `sizes`: the hero spans the content column (960 px less 16 px padding on each side). */
export const HERO_SIZES = '(min-width: 960px) 928px, calc(100vw - 32px)';

/** Files a marketer may name (in data/creatives/): what the image pipeline reads. */
export const CREATIVE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

/** A path inside data/creatives/: no way out of it, one of the extensions above. */
export function isCreativeFileName(name: string): boolean {
  const parts = name.split('/');
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return (
    parts.every((part) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(part) && part !== '.' && part !== '..') &&
    (CREATIVE_EXTENSIONS as readonly string[]).includes(extension) &&
    parts[parts.length - 1].includes('.')
  );
}

/** "variant": an A/B variant's own creative (src/domain/experiments.ts), on the variant's page only. */
export type CreativeChoice =
  | { source: 'landing' | 'slug' | 'variant'; file: string }
  | { source: 'default'; family: CreativeFamily; brand: string; mirrored: boolean };

export interface CreativeInputs {
  brand: string;
  /** slugs.json's "offer" of the landing's slug. */
  offer: string;
  rtl: boolean;
  /** The landing's own row's "creative" (data/promotions/{brand}/{country}/{slug}.json). */
  landingCreative?: string;
  /** The slug's slugs.json "creative". */
  slugCreative?: string;
}

export function chooseCreative({ brand, offer, rtl, landingCreative, slugCreative }: CreativeInputs): CreativeChoice {
  if (landingCreative) return { source: 'landing', file: landingCreative };
  if (slugCreative) return { source: 'slug', file: slugCreative };
  const family = creativeFamily(offer);
  return { source: 'default', family, brand, mirrored: rtl && DIRECTIONAL.has(family) };
}

/** The image the build processes for a choice: one per table file, one per brand and family. */
export function creativeKey(choice: CreativeChoice): string {
  return choice.source === 'default' ? defaultCreativeName(choice.brand, choice.family) : `file:${choice.file}`;
}

/** The name of a default creative's processed file ("hero-zenit-sport-bonus"): it names the files in public/static too. */
export function defaultCreativeName(brand: string, family: CreativeFamily): string {
  return `hero-${brand}-${family}`;
}

/** How `npm run promos` and the QA index name a choice. */
export function describeCreative(choice: CreativeChoice): string {
  if (choice.source === 'default') return `default ${choice.family}${choice.mirrored ? ' (mirrored)' : ''}`;
  return `${choice.file} (${choice.source})`;
}
