import { landingCategory, type LandingCategory } from './category';
import type { ExperimentSpec } from './experiments';
import { FALLBACK_SLUG, isPromotionClosed, isPromotionExpired } from './expiry';
import { isSitePath, landingPath, normalizePath } from './paths';

export interface BrandCatalogue {
  countries: readonly string[];
}

export interface SlugCatalogue {
  /** Only these countries have the landing (quiz: ru; variants: br, de); absent means all of the brand's. */
  countries?: readonly string[];
  /** Only these brands have the landing; absent means every brand. */
  brands?: readonly string[];
}

export interface PromotionRow {
  brand: string;
  country: string;
  slug: string;
  /** First day of the promotion, YYYY-MM-DD, Moscow time; before it the landing redirects as an expired one. */
  first_day?: string;
  /** Last day of the promotion, YYYY-MM-DD, inclusive. */
  date: string;
  redirect_to?: string;
  /** A promo-codes key that replaces the slug's own for this landing. */
  promo?: string;
  /** A hero creative (a file in data/creatives/) that replaces the slug's or the default. */
  creative?: string;
  /** An A/B experiment that replaces the slug's. */
  experiment?: ExperimentSpec;
}

export interface LandingKey {
  brand: string;
  country: string;
  slug: string;
}

export interface Landing extends LandingKey {
  path: string;
  category: LandingCategory;
  row: PromotionRow;
}

export interface TableProblem {
  severity: 'error' | 'warning';
  /** The entry the problem is about: "zenit/ru/freebet30". */
  entry: string;
  message: string;
}

export const entryName = ({ brand, country, slug }: LandingKey): string => `${brand}/${country}/${slug}`;

/** Every landing the catalogue promises: each brand's countries times the slugs offered there. */
export function plannedLandings(
  brands: Readonly<Record<string, BrandCatalogue>>,
  slugs: Readonly<Record<string, SlugCatalogue>>,
): LandingKey[] {
  const keys: LandingKey[] = [];
  for (const [brand, { countries }] of Object.entries(brands)) {
    for (const country of countries) {
      for (const [slug, spec] of Object.entries(slugs)) {
        if ((!spec.countries || spec.countries.includes(country)) && (!spec.brands || spec.brands.includes(brand))) {
          keys.push({ brand, country, slug });
        }
      }
    }
  }
  return keys;
}

/** Why the catalogue has no such landing, naming what it has instead. */
function notPlannedReason(planned: readonly LandingKey[], { brand, country, slug }: LandingKey): string {
  const brandCountries = [...new Set(planned.filter((key) => key.brand === brand).map((key) => key.country))];
  if (!brandCountries.includes(country)) {
    return `${brand} has no country "${country}" (data/brands.json gives it ${brandCountries.join(', ') || 'none'})`;
  }
  const offered = planned.filter((key) => key.brand === brand && key.slug === slug).map((key) => key.country);
  return offered.length
    ? `${slug} is offered to ${brand} in ${offered.join(', ')} only (data/slugs.json); add "${country}" there to launch it here`
    : `${slug} is not offered to ${brand} in any country (data/slugs.json)`;
}

/** The path a promotion redirects to once over: its redirect_to, else the brand's freebet30. */
export function redirectPathOf(row: PromotionRow): string {
  const target = row.redirect_to ?? `/${row.brand}/${row.country}/${FALLBACK_SLUG}/`;
  return normalizePath(target) === '/' ? '/' : `${normalizePath(target)}/`;
}

/**
 * Joins the catalogue with the promotion table and reports every problem a marketer must fix:
 * missing, unknown or duplicate rows, redirects off the site, to missing landings, in loops, and
 * chains through landings that are already over at `now`.
 */
export function joinPromotions(
  planned: readonly LandingKey[],
  rows: readonly PromotionRow[],
  now: number,
): { landings: Landing[]; problems: TableProblem[] } {
  const problems: TableProblem[] = [];
  const error = (entry: string, message: string) => problems.push({ severity: 'error', entry, message });
  const byName = new Map<string, PromotionRow>();
  const plannedNames = new Set(planned.map(entryName));

  for (const row of rows) {
    const name = entryName(row);
    if (!plannedNames.has(name)) error(name, `no such landing: ${notPlannedReason(planned, row)}`);
    else if (byName.has(name)) error(name, 'duplicate entry: the landing has more than one row');
    else byName.set(name, row);
  }

  const landings: Landing[] = [];
  for (const key of planned) {
    const name = entryName(key);
    const row = byName.get(name);
    if (!row) {
      error(name, 'missing entry: every landing needs a row with its end date (2099-12-31 for a permanent one)');
      continue;
    }
    landings.push({ ...key, path: landingPath(key.brand, key.country, key.slug), category: landingCategory(key.slug), row });
  }

  const byPath = new Map(landings.map((landing) => [landing.path, landing]));
  const explicitTarget = (landing: Landing) => (landing.row.redirect_to === undefined ? undefined : redirectPathOf(landing.row));

  for (const landing of landings) {
    const name = entryName(landing);
    const target = landing.row.redirect_to;
    if (target !== undefined && !isSitePath(target)) {
      error(name, `redirect_to "${target}" is not a path on this site (it must start with one "/", with no scheme or host)`);
      continue;
    }
    const first = redirectPathOf(landing.row);
    if (first !== '/' && !byPath.has(first)) {
      error(name, `redirects to ${first}, which is not a landing`);
      continue;
    }
    // A loop written into the table is an error even while its landings still run: it fires the day they end.
    const written = [landing.path];
    for (let hop = explicitTarget(landing); hop && hop !== '/'; hop = explicitTarget(byPath.get(hop)!)) {
      if (hop === landing.path) {
        error(name, `redirect loop: ${[...written, hop].join(' → ')}`);
        break;
      }
      if (written.includes(hop) || !byPath.has(hop)) break;
      written.push(hop);
    }
    if (!isPromotionClosed(landing.row, now)) {
      // Still running, but pointed at a landing that is over: the chain a visitor walks the day it ends.
      const explicit = explicitTarget(landing);
      const next = explicit === undefined ? undefined : byPath.get(explicit);
      if (next && isPromotionClosed(next.row, now) && next !== landing) {
        const why = isPromotionExpired(next.row.date, now) ? `its last day was ${next.row.date}` : `its first day is ${next.row.first_day}`;
        problems.push({
          severity: 'warning',
          entry: name,
          message: `redirect chain: redirect_to ${explicit} is a landing that is over (${why}); point redirect_to at an open landing`,
        });
      }
      continue;
    }
    // Over already: follow the redirects a visitor would take until an open landing or the site root.
    const visited = [landing.path];
    let hop = first;
    while (hop !== '/' && byPath.has(hop) && isPromotionClosed(byPath.get(hop)!.row, now)) {
      if (visited.includes(hop)) {
        error(name, `is over and its redirects never reach an open landing: ${[...visited, hop].join(' → ')}`);
        break;
      }
      visited.push(hop);
      hop = redirectPathOf(byPath.get(hop)!.row);
    }
    if (hop !== '/' && !byPath.has(hop)) error(name, `is over and its redirects end at ${hop}, which is not a landing`);
    else if (visited.length > 1 && !problems.some((p) => p.entry === name && p.severity === 'error')) {
      problems.push({
        severity: 'warning',
        entry: name,
        message: `redirect chain: ${[...visited, hop].join(' → ')}; point redirect_to at the open landing`,
      });
    }
  }
  return { landings, problems };
}

export interface Redirect {
  /** Site paths without the /promo prefix, slash-terminated. */
  from: string;
  to: string;
}

/**
 * Server-side redirects for the landings closed at `now` (over, or before their first day), each straight to the first open
 * landing (or the site root) its redirects lead to, so a visitor never walks a chain.
 */
export function expiredRedirects(landings: readonly Landing[], now: number): Redirect[] {
  const byPath = new Map(landings.map((landing) => [landing.path, landing]));
  const redirects: Redirect[] = [];
  for (const landing of landings) {
    if (!isPromotionClosed(landing.row, now)) continue;
    const visited = new Set([landing.path]);
    let to = redirectPathOf(landing.row);
    for (let next = byPath.get(to); next && isPromotionClosed(next.row, now) && !visited.has(to); next = byPath.get(to)) {
      visited.add(to);
      to = redirectPathOf(next.row);
    }
    redirects.push({ from: landing.path, to });
  }
  return redirects;
}
