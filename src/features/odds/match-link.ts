import type { PopularEvent } from './calls/line';
import { urlSlug, type MainSiteTarget } from '../../domain/links';
import type { Texts } from '../../domain/page-context';

/** Spec 2 match links are written with the English dictionary names. */
export function matchLinkTarget(event: PopularEvent): MainSiteTarget {
  return {
    match: {
      sport: urlSlug(event.sport.name),
      leagueId: event.league.id,
      leagueSlug: event.league.name,
      eventId: event.id,
      team1: event.home.urlName,
      team2: event.away.urlName,
    },
  };
}

/**
 * The main site names sports in English only (spec 3 "eng" dictionary); the page shows the sports
 * its texts translate ("sport.football") and leaves out any other rather than show English.
 */
export function sportNamer(texts: Texts): (englishName: string) => string | null {
  return (englishName) => texts[`sport.${urlSlug(englishName)}`] ?? null;
}
