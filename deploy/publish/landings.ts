/**
 * The landings of a build, each with a hash of its page data (the tables' content for that page, not the
 * code around it), and what changed between two releases: what `npm run publish -- --list` shows. Pure.
 */

/** brand/country/slug → the first 12 hex digits of the SHA-256 of its page-data.json. */
export type Landings = Record<string, string>;

export interface LandingChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** A landing's page data (page-data, then brand, country and slug) → `zenit/ru/bonus20000`; anything else (the root, 404, variants, static queries) → undefined. */
export function landingOfPageData(relativePath: string): string | undefined {
  const match = /^page-data\/([^/_][^/]*)\/([^/_][^/]*)\/([^/_][^/]*)\/page-data\.json$/.exec(relativePath);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : undefined;
}

export function diffLandings(before: Landings, after: Landings): LandingChanges {
  const names = (landings: Landings) => Object.keys(landings).sort();
  return {
    added: names(after).filter((name) => !(name in before)),
    changed: names(after).filter((name) => name in before && before[name] !== after[name]),
    removed: names(before).filter((name) => !(name in after)),
  };
}

/** The first landing of each brand, by name, that is not over (`redirected`): the pages a check fetches. */
export function sampleLandings(landings: Landings, redirected: ReadonlySet<string> = new Set()): string[] {
  const byBrand = new Map<string, string>();
  for (const name of Object.keys(landings).sort()) {
    if (redirected.has(name)) continue;
    const brand = name.split('/')[0];
    if (!byBrand.has(brand)) byBrand.set(brand, name);
  }
  return [...byBrand.values()];
}
