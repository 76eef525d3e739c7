/**
 * Which of a language's texts a landing carries: the keys under these prefixes. The landing's context
 * picks its texts with them, and the editor tells a text edit's reach with them, so the two agree.
 */
import type { SlugsTable } from '../../tables/schemas';

export function landingTextPrefixes(slugSpec: SlugsTable[string]): string[] {
  return [
    'site.',
    'meta.',
    'header.',
    'cta.',
    `offer.${slugSpec.offer}.`,
    'links.',
    'apps.',
    'footer.',
    'expiry.',
    'support.',
    'skip.',
    'nav.',
    'hero.',
    'countdown.',
    'preloader.',
    'payments.',
    'social.',
    'reg.',
    'error.',
    'rules.',
    'consent.',
    ...(slugSpec.odds ? ['odds.', 'bet.', 'sport.'] : []),
    ...(slugSpec.games ? ['casino.'] : []),
  ];
}
