import { withPrefix } from 'gatsby';
import { useEffect, useState } from 'react';
import type { PageNames } from '../../domain/page-context';

const NONE: PageNames = { regions: {}, currencies: {} };

function namesOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The file as the build wrote it; anything else (an older deploy's file, a broken answer) names nothing. */
export function readPageNames(json: unknown): PageNames {
  if (typeof json !== 'object' || json === null) return NONE;
  const { regions, currencies } = json as Record<string, unknown>;
  return { regions: namesOf(regions), currencies: namesOf(currencies) };
}

/** The names of the page language; until they arrive (or if they never do), none: the main site's names stand. */
export function usePageNames(language: string): PageNames {
  const [names, setNames] = useState<PageNames>(NONE);
  useEffect(() => {
    let active = true;
    if (typeof fetch !== 'function') return;
    fetch(withPrefix(`/names/${encodeURIComponent(language)}.json`))
      .then((response) => (response.ok ? response.json() : null))
      .then((loaded: unknown) => active && setNames(readPageNames(loaded)))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [language]);
  return names;
}
