/** Landing categories used by tracking (spec 2 "Landing categories for tracking"). */
export type LandingCategory = 'another' | 'casino' | 'tournament_casino' | 'sport';

/** What view_landing sends as detail.type: tracking knows only three types (spec 3). */
export type TrackingType = 'casino' | 'another' | 'sport';

const ANOTHER = new Set(['android', 'authorization', 'products', 'withoutoffer', 'applications']);
const CASINO = new Set([
  'betgamesnew',
  'bonus20000',
  'bonus25000',
  'spin_machine',
  'spin_machine25',
  'slot_machine',
  'slot_machine25',
  'welcome_bonus_casino',
  'welcome_bonus_casino25',
]);
const TOURNAMENT_CASINO = new Set(['casino_13012022', 'GameART_Tournament']);

/** Casino game landings are named by a hex hash of the game (spec 2 "{hash}"). */
const HASH_NAME = /^[0-9a-f]{8,64}$/i;

export function landingCategory(landing: string): LandingCategory {
  if (ANOTHER.has(landing)) return 'another';
  if (CASINO.has(landing) || HASH_NAME.test(landing)) return 'casino';
  if (TOURNAMENT_CASINO.has(landing)) return 'tournament_casino';
  return 'sport';
}

export function trackingType(category: LandingCategory): TrackingType {
  return category === 'tournament_casino' ? 'casino' : category;
}
