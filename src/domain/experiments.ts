/**
 * A/B experiments on landings (docs/promotions.md, "A/B experiments"). A landing may run one experiment:
 * 2–4 variants, one of them the control (the landing as it is), each with a weight in percent. The host
 * puts each visitor in a variant with nginx's `split_clients` over a first-party visitor cookie salted with
 * the experiment id, and serves that variant's page at the landing's own address (deploy/, server/).
 * Everything both the build and the host must agree on is here: ids, paths, the split, the cookie.
 */
import { murmurHash2Text } from './murmur-hash2';
import { BASE_PATH } from './paths';

/** The variant that is the landing as it is. Listed with its weight, it has no differences. */
export const CONTROL = 'control';

/** Ids go into paths, a cookie-salted hash and nginx's config: lower-case letters and digits, single "-" between. */
export const EXPERIMENT_ID = /^(?=.{1,40}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const VARIANT_ID = /^(?=.{1,24}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The sections of a landing's <main> a variant may reorder, in the control's order: the hero creative
 * with the offer and countdown, the registration form, the casino games, the steps with the app
 * downloads, the popular matches, the payment and social icons. A landing without games or matches
 * leaves those out wherever they stand.
 */
export const LANDING_SECTIONS = ['offer', 'registration', 'games', 'steps', 'odds', 'payments'] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

/** What a variant says instead of the control, in one language. */
export interface VariantTexts {
  /** The offer's headline (its <h1>). */
  headline?: string;
  /** The offer's line under the headline. */
  offer?: string;
  /** The offer's call to action (the button that opens the form). */
  cta?: string;
}

export interface VariantSpec {
  id: string;
  /** Percent of the visitors, a whole number; the weights of an experiment add up to 100. */
  weight: number;
  /** Per language (the landing's country code). */
  texts?: Record<string, VariantTexts>;
  /** A hero creative in data/creatives/. */
  creative?: string;
  /** Every one of LANDING_SECTIONS, in the order shown. */
  sections?: LandingSection[];
}

export interface ExperimentSpec {
  id: string;
  variants: VariantSpec[];
  /** The relative lift of registrations it is planned to find, in whole percent (the funnel report's days estimate). */
  lift?: number;
}

/** Whether a variant differs from the landing at all: the control must not. */
export function hasDifferences(variant: VariantSpec): boolean {
  return variant.texts !== undefined || variant.creative !== undefined || variant.sections !== undefined;
}

/**
 * A variant's own page: /{brand}/{country}/_variant/{experiment}/{variant}/{slug}/. Brand, language and
 * landing name stand where every path reader looks for them (first, second and last segment: the 404 page,
 * the first-screen script), and no landing path has six segments, so it never collides with one.
 */
export const VARIANT_SEGMENT = '_variant';

export function variantPath(landingPath: string, experiment: string, variant: string): string {
  const [brand, country, slug] = landingPath.split('/').filter(Boolean);
  return `/${brand}/${country}/${VARIANT_SEGMENT}/${experiment}/${variant}/${slug}/`;
}

const VARIANT_PATH = new RegExp(`^/([^/]+)/([^/]+)/${VARIANT_SEGMENT}/[^/]+/[^/]+/([^/]+)/$`);

/** The landing a variant page belongs to, or null for any other path. */
export function landingOfVariantPath(sitePath: string): string | null {
  const match = VARIANT_PATH.exec(sitePath);
  return match ? `/${match[1]}/${match[2]}/${match[3]}/` : null;
}

/**
 * The route Gatsby's router renders a variant's page data at: it must match the landing's address, where
 * the host serves the variant, and the variant's own, where QA opens it. Written into the variant's
 * page-data.json only, never into Gatsby's match-paths list, so no other address resolves to the page.
 */
export function variantMatchPath(landingPath: string): string {
  const [brand, country] = landingPath.split('/').filter(Boolean);
  return `/${brand}/${country}/*`;
}

/**
 * nginx's split_clients boundaries for weights in percent, in order (ngx_http_split_clients_module.c):
 * each part's share of 2^32−1, rounded down and summed. The last part is written as "*" and takes every
 * hash above the others, so no visitor falls outside the experiment.
 */
export function splitBoundaries(weights: readonly number[]): number[] {
  let last = 0;
  return weights.map((weight, index) => {
    if (index === weights.length - 1) return Infinity;
    last += Math.floor((Math.round(weight * 100) * 0xffffffff) / 10000);
    return last;
  });
}

/** The string split_clients hashes: the visitor id, then the experiment id (a new id reshuffles everyone). */
export function splitKey(visitor: string, experiment: string): string {
  return `${visitor}${experiment}`;
}

/** The variant nginx puts a visitor in. */
export function assignVariant(
  visitor: string,
  experiment: Pick<ExperimentSpec, 'id'> & { variants: readonly Pick<VariantSpec, 'id' | 'weight'>[] },
): string {
  const hash = murmurHash2Text(splitKey(visitor, experiment.id));
  const boundaries = splitBoundaries(experiment.variants.map((variant) => variant.weight));
  return experiment.variants[boundaries.findIndex((boundary) => hash < boundary)].id;
}

/** The first-party cookie that keeps a visitor in their variants; its value is nginx's $request_id of their first visit. */
export const VISITOR_COOKIE = 'promo_vid';
export const VISITOR_ID = /^[0-9a-f]{32}$/;
/** A year, in seconds. */
export const VISITOR_COOKIE_MAX_AGE = 31_536_000;

/** The Set-Cookie value: only the promo pages read it, never a script (HttpOnly), never a cross-site request. */
export function visitorCookie(value: string): string {
  return `${VISITOR_COOKIE}=${value}; Path=${BASE_PATH}/; Max-Age=${VISITOR_COOKIE_MAX_AGE}; SameSite=Lax; Secure; HttpOnly`;
}

/** The Set-Cookie value that removes it, once the visitor's consent no longer allows it. */
export function forgetVisitorCookie(): string {
  return `${VISITOR_COOKIE}=; Path=${BASE_PATH}/; Max-Age=0; SameSite=Lax; Secure; HttpOnly`;
}

/**
 * Crawlers and link previews are never assigned: they get the control and no cookie, so a search engine
 * indexes the landing as it is and never meets a variant's noindex. Matched case-insensitively against
 * the User-Agent, the same by nginx (PCRE) and the stand-in.
 */
export const CRAWLER_PATTERN =
  'bot|crawl|spider|slurp|mediapartners|google-inspectiontool|facebookexternalhit|whatsapp|vkshare|embedly|preview';
const CRAWLER = new RegExp(CRAWLER_PATTERN, 'i');

export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER.test(userAgent);
}

/**
 * An experiment's landing answers each visitor with their own variant, so its HTML and page data must
 * never be kept by a shared cache for someone else: `private` keeps them out of CDNs and proxies, `no-cache`
 * has the browser revalidate (its ETag is the variant file's), so ending an experiment shows at the next
 * visit. `Vary: Cookie` tells any cache that ignores `private` what the answer depends on.
 */
export const EXPERIMENT_CACHE_CONTROL = 'private, no-cache';
export const EXPERIMENT_VARY = 'Cookie';
