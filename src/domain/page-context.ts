/** What each landing page receives from the build (gatsby-node) as pageContext. */
import type { LandingCategory } from './category';
import type { LandingSection } from './experiments';
import type { Brand } from './links';
import type { TextDirection } from './locale';
import type { MarketContext } from './markets';
import type { FigureFormat, PluralLabels } from './figures';

export type Texts = Record<string, string>;

export interface Alternate {
  /** BCP 47 tag for hreflang. */
  hreflang: string;
  /** Site path without the /promo prefix. */
  path: string;
}

/**
 * A picture processed at build by gatsby-plugin-image's resolver (the fields of its IGatsbyImageData a
 * <picture> needs), rendered without GatsbyImage so the page does not load React's server renderer.
 */
export interface ResponsivePicture {
  width: number;
  height: number;
  /** `media`: the screens a source is for (none: every screen). */
  sources: { type: string; srcSet: string; sizes: string; media?: string }[];
  fallback: { src: string; srcSet?: string; sizes?: string };
}

/**
 * Country and currency names in one page language, as the build writes them (public/names/<lang>.json,
 * gatsby/post-build/name-files.ts) and the registration form reads them.
 */
export interface PageNames {
  /** By ISO 3166 alpha-2 code, upper case. */
  regions: Record<string, string>;
  /** By the main site's currency id. */
  currencies: Record<string, string>;
}

/** The form's choices when the main site gives none (tables/registration-defaults.ts). */
export interface RegistrationDefaults {
  /** The brand's countries, the page's own first; names in the page language. */
  countries: { countryId: number; code: string; name: string; phoneCode: string }[];
  /** The page country's currency: its main-site id (offers.json), code and name in the page language. */
  currency: { id: number; code: string; label: string };
}

/** A picture from the pipeline with its placeholder: a tiny blurred version as a data: URI, when one was made. */
export interface ProcessedPicture extends ResponsivePicture {
  placeholder: string | null;
}

/** The creative the landing leads with (docs/landings.md, "Hero creatives"). */
export interface HeroPicture extends ProcessedPicture {
  /** A default creative that moves one way, on a right-to-left page: shown mirrored. */
  mirrored: boolean;
}

export interface LandingPageContext {
  brand: Brand;
  brandName: string;
  country: string;
  slug: string;
  category: LandingCategory;
  /** Locale from the spec's map ("pt-br"); `lang` is its BCP 47 form for <html lang>. */
  locale: string;
  lang: string;
  dir: TextDirection;
  langId: number;
  countryId: number;
  region: string;
  currency: string;
  promotion: {
    /** Last day, YYYY-MM-DD, inclusive, Moscow time. */
    date: string;
    /** First day, YYYY-MM-DD, Moscow time, when the landing opens after the build; before it, it redirects. */
    firstDay?: string;
    permanent: boolean;
    /** Where the visitor goes once it is over (redirect_to or the brand's freebet30). */
    expiryTarget: string;
    /** Closed when the site was built (over, or before its first day): the static page redirects without waiting for JS. */
    expiredAtBuild: boolean;
  };
  promo: { key: string; code: string; id: number };
  offer: { copy: string; amount: number | null; spins: number | null };
  support: { phone: string } | { email: string };
  /** A main-site currency id the brand offers beyond the account's currency order (spec 7). */
  extraCurrencyId: number | null;
  /** The form asks for a birth date (docs/landings.md, "Registration, captcha, account"). */
  askBirthdate: boolean;
  registration: RegistrationDefaults;
  /** Popular-match cards: the main site's ranking id and how many cards; null for no cards. */
  odds: { ranking: number; count: number } | null;
  socials: Partial<Record<string, string>>;
  /** Casino game tiles, or an empty list. */
  games: { uid: string; name: string; provider: string; live: boolean }[];
  /** The brand's app screenshot; null where the build has none for the brand. */
  appPicture: ResponsivePicture | null;
  /** The hero creative above the offer; the build stops when a landing would have none, tests may leave it out. */
  hero: HeroPicture | null;
  payments: string[];
  alternates: Alternate[];
  texts: Texts;
  /**
   * Locale-dependent words and figures made at build time with full locale data, because browsers
   * differ (Chrome has no Kazakh, Turkmen or Uzbek data and would show English).
   */
  formats: {
    /** The offer's amount in the country's currency, abbreviated ("100k ₸"). */
    amount: string | null;
    spins: string | null;
    countdown: Record<'day' | 'hour' | 'minute' | 'second', PluralLabels>;
    /** How the browser writes figures (countdown, odds, kick-off times, win sums) without its own Intl. */
    figures: FigureFormat;
  };
  /** The build's year, for the copyright line (the same in the static HTML and after hydration). */
  year: number;
  /**
   * The A/B experiment the landing runs (src/domain/experiments.ts) and the variant this page is: "control"
   * on the landing's own page, another id on a variant's page; both null when the landing runs none.
   */
  experiment: string | null;
  variant: string | null;
  /** The order of the sections in <main>: LANDING_SECTIONS, or the variant's order. */
  sections: LandingSection[];
  /** The market's consent mode and its notices, in the landing's language and for its brand (data/markets/). */
  market: MarketContext;
}

export interface IndexPageContext {
  brands: { brand: Brand; name: string; languages: { code: string; name: string; lang: string; dir: TextDirection; path: string }[] }[];
}

export interface NotFoundPageContext {
  /** The 404 page is one file for every missing path: it picks its language from the path in the browser. */
  languages: Record<string, { lang: string; dir: TextDirection; texts: Texts }>;
  /** Existing fallback landings, where "see current promotions" can lead. */
  homes: string[];
}
