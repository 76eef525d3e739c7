/**
 * A text edit's reach: the landings of a language that show the texts an edit changes, by the same
 * rules their pages are made with (the texts a landing carries, the notices its market shows), so the
 * editor can say how many landings and which before the save, and preview one of them.
 */
import { entryName, type Landing } from '../../src/domain/landings';
import type { Brand } from '../../src/domain/links';
import { landingTextPrefixes } from '../../gatsby/page-context/landing-texts';
import { landingMarket } from '../../tables/markets';
import type { Tables } from '../../tables/load';

/** A marker no translation holds: a market line carrying it shows the text under that key. */
const MARKER = '\u0000edited\u0000';

function showsText(landing: Landing, tables: Tables, key: string): boolean {
  const slugSpec = tables.slugs[landing.slug];
  if (slugSpec && landingTextPrefixes(slugSpec).some((prefix) => key.startsWith(prefix))) return true;
  const texts = { ...tables.translations[landing.country], [key]: MARKER };
  const market = tables.markets[landing.country] ? landingMarket(tables, landing.brand as Brand, landing.country, texts) : null;
  return market ? JSON.stringify(market).includes(JSON.stringify(MARKER).slice(1, -1)) : false;
}

export interface TextReach {
  /** The landings in the language that show at least one of the keys, as "brand/country/slug". */
  landings: string[];
  /** Their paths on the site ("/zenit/kz/freebet30/"), in the same order. */
  paths: string[];
}

/** The landings whose pages show any of `keys` of `language`'s texts. */
export function textReach(tables: Tables, landings: readonly Landing[], language: string, keys: readonly string[]): TextReach {
  const reached = landings.filter((landing) => landing.country === language && keys.some((key) => showsText(landing, tables, key)));
  return { landings: reached.map(entryName), paths: reached.map((landing) => landing.path) };
}
