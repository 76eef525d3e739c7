import { formatMoney } from '../../domain/numbers';
import { formattingLocale } from '../../domain/locale';
import type { LandingPageContext } from '../../site/page-context';
import type { Translate } from '../../site/texts';

/** The offer's headline and line in the page language, with its amount in the country's currency. */
export function offerTexts(page: LandingPageContext, t: Translate): { title: string; text: string } {
  const locale = formattingLocale(page.locale, page.region);
  const values = {
    brand: page.brandName,
    amount: page.offer.amount === null ? '' : formatMoney(page.offer.amount, page.currency, locale),
    count: page.offer.spins === null ? '' : new Intl.NumberFormat(locale).format(page.offer.spins),
  };
  return { title: t(`offer.${page.offer.copy}.title`, values), text: t(`offer.${page.offer.copy}.text`, values) };
}
