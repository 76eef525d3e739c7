import type { LandingPageContext } from '../../domain/page-context';
import type { Translate } from '../../site/texts';

/** The offer's headline and line in the page language; the amount was formatted at build (page.formats). */
export function offerTexts(page: LandingPageContext, t: Translate): { title: string; text: string } {
  const values = { brand: page.brandName, amount: page.formats.amount ?? '', count: page.formats.spins ?? '' };
  return { title: t(`offer.${page.offer.copy}.title`, values), text: t(`offer.${page.offer.copy}.text`, values) };
}
