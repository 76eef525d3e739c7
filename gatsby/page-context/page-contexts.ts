/** Turns the checked tables into what each page is built with. */
import { expiryTarget, FALLBACK_SLUG, isPermanent, isPromotionClosed } from '../../src/domain/expiry';
import type { Landing } from '../../src/domain/landings';
import type { Brand } from '../../src/domain/links';
import { formattingLocale, languageTag, textDirection } from '../../src/domain/locale';
import { formatMoneyFigure } from '../../src/domain/figure-money';
import { formatFigure } from '../../src/domain/figure-numbers';
import { unitLabels } from '../../src/domain/plural-labels';
import { figureFormat } from '../../tables/figure-format';
import { landingPath } from '../../src/domain/paths';
import type {
  Alternate,
  IndexPageContext,
  LandingPageContext,
  NotFoundPageContext,
  ProcessedPicture,
  ResponsivePicture,
  Texts,
} from '../../src/domain/page-context';
import { CONTROL, LANDING_SECTIONS } from '../../src/domain/experiments';
import { runningExperiment } from '../../tables/experiments';
import { heroOf } from '../../tables/hero-creatives';
import { landingMarket } from '../../tables/markets';
import { landingTextPrefixes } from './landing-texts';
import type { Tables } from '../../tables/load';
import { registrationDefaults } from '../../tables/registration-defaults';

/**
 * What a landing's context reads about the other landings, gathered in one pass over them so that
 * making every context is O(landings): a lookup per landing, never a scan of all of them.
 */
export interface LandingIndex {
  now: number;
  /** Per brand and slug, the landings not over at `now`, in table order: each other's language alternates. */
  openBySlug: ReadonlyMap<string, readonly Alternate[]>;
}

const slugKey = (brand: string, slug: string) => `${brand}/${slug}`;

export function indexLandings(landings: readonly Landing[], tables: Tables, now: number): LandingIndex {
  const openBySlug = new Map<string, Alternate[]>();
  for (const landing of landings) {
    // Alternates point only at pages a search engine may index: not at landings over or not open yet.
    if (isPromotionClosed(landing.row, now)) continue;
    const key = slugKey(landing.brand, landing.slug);
    const alternate = { hreflang: languageTag(tables.languages.languages[landing.country].locale), path: landing.path };
    const open = openBySlug.get(key);
    if (open) open.push(alternate);
    else openBySlug.set(key, [alternate]);
  }
  return { now, openBySlug };
}

/** Only the keys a page family shows travel with its page data, so no page carries unused copy. */
function pick(texts: Texts, prefixes: readonly string[]): Texts {
  return Object.fromEntries(Object.entries(texts).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));
}

function formatsFor(
  language: Tables['languages']['languages'][string],
  currency: string,
  amount: number | null,
  spins: number | null,
): LandingPageContext['formats'] {
  const locale = formattingLocale(language.locale, language.region);
  const figures = figureFormat(locale, currency);
  return {
    amount: amount === null ? null : formatMoneyFigure(amount, figures),
    spins: spins === null ? null : formatFigure(spins, figures),
    countdown: {
      day: unitLabels('day', locale),
      hour: unitLabels('hour', locale),
      minute: unitLabels('minute', locale),
      second: unitLabels('second', locale),
    },
    figures,
  };
}

export function landingContext(
  landing: Landing,
  tables: Tables,
  index: LandingIndex,
  appPictures: Partial<Record<Brand, ResponsivePicture>> = {},
  heroPictures: Readonly<Record<string, ProcessedPicture>> = {},
): LandingPageContext {
  const { brand, country, slug, row } = landing;
  const { now } = index;
  const language = tables.languages.languages[country];
  const slugSpec = tables.slugs[slug];
  const promoKey = row.promo ?? slugSpec.promo;
  const promo = tables.promoCodes[promoKey][brand as Brand];
  const brandInfo = tables.brands[brand as Brand];
  const experiment = runningExperiment(landing, tables, now);
  return {
    brand: brand as Brand,
    brandName: brandInfo.name,
    country,
    slug,
    category: landing.category,
    locale: language.locale,
    lang: languageTag(language.locale),
    dir: textDirection(country, tables.languages.rtl),
    langId: language.langId,
    countryId: language.countryId,
    region: language.region,
    currency: tables.offers[country].currency,
    promotion: {
      date: row.date,
      ...(row.first_day === undefined ? {} : { firstDay: row.first_day }),
      permanent: isPermanent(row.date),
      expiryTarget: expiryTarget(brand, country, row.redirect_to),
      expiredAtBuild: isPromotionClosed(row, now),
    },
    promo: { key: promoKey, code: promo.promo_code, id: promo.promo_id },
    offer: {
      copy: slugSpec.offer,
      amount: slugSpec.amount ? tables.offers[country].amounts[slug] : null,
      spins: slugSpec.spins ?? null,
    },
    support: brandInfo.support,
    extraCurrencyId: brandInfo.extraCurrencyId ?? null,
    askBirthdate: brand === 'cupis' || tables.languages.cis.includes(country),
    registration: registrationDefaults(brand as Brand, country, tables),
    odds: slugSpec.odds ?? null,
    games: slugSpec.games ? tables.casinoGames.sets[slugSpec.games] : [],
    appPicture: appPictures[brand as Brand] ?? null,
    hero: heroOf(landing, tables, heroPictures),
    socials: tables.socials[brand as Brand][country] ?? {},
    payments: tables.payments[brand as Brand][country] ?? [],
    alternates: [...(index.openBySlug.get(slugKey(brand, slug)) ?? [])],
    formats: formatsFor(
      language,
      tables.offers[country].currency,
      slugSpec.amount ? tables.offers[country].amounts[slug] : null,
      slugSpec.spins ?? null,
    ),
    year: new Date(now).getUTCFullYear(),
    experiment: experiment?.id ?? null,
    variant: experiment ? CONTROL : null,
    sections: [...LANDING_SECTIONS],
    market: landingMarket(tables, brand as Brand, country, tables.translations[country]),
    texts: pick(tables.translations[country], landingTextPrefixes(slugSpec)),
  };
}

export function indexContext(tables: Tables): IndexPageContext {
  return {
    brands: Object.entries(tables.brands).map(([brand, info]) => ({
      brand: brand as Brand,
      name: info.name,
      languages: info.countries.map((code) => ({
        code,
        name: tables.translations[code]['language.name'],
        lang: languageTag(tables.languages.languages[code].locale),
        dir: textDirection(code, tables.languages.rtl),
        path: landingPath(brand, code, FALLBACK_SLUG),
      })),
    })),
  };
}

export function notFoundContext(tables: Tables, landings: readonly Landing[]): NotFoundPageContext {
  const languages: NotFoundPageContext['languages'] = {};
  for (const [code, texts] of Object.entries(tables.translations)) {
    const language = tables.languages.languages[code];
    if (!language) continue;
    languages[code] = {
      lang: languageTag(language.locale),
      dir: textDirection(code, tables.languages.rtl),
      texts: pick(texts, ['notFound.']),
    };
  }
  return { languages, homes: landings.filter((landing) => landing.slug === FALLBACK_SLUG).map((landing) => landing.path) };
}
