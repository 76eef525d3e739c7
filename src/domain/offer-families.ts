/** How each offer family lays out its hero: all variation comes from slugs.json's "offer". */
export interface OfferLayout {
  /** "Sign up, deposit, get the bonus" steps under the hero. */
  steps: boolean;
  /** App landings lead with the downloads instead of registration. */
  appsHero: boolean;
  /** The call to action when there is no offer to claim. */
  plainInvitation: boolean;
}

const BONUS_FAMILIES = new Set(['sportBonus', 'casinoBonus', 'slots', 'spins', 'freebet', 'tvshows']);
const APP_FAMILIES = new Set(['android', 'applications']);

export function offerLayout(copy: string): OfferLayout {
  return {
    steps: BONUS_FAMILIES.has(copy),
    appsHero: APP_FAMILIES.has(copy),
    plainInvitation: !BONUS_FAMILIES.has(copy),
  };
}
