/**
 * What consent costs, per market: how many page views accepted, refused or withdrew, and how many made no
 * choice. The choice (consent_choice) names no page view, so each choice event counts as one page view's
 * choice; the views are the market's view_landing page views. In an opt-in market a page view sends
 * view_landing only after consent, so its views are consented ones (accepted in that view, or kept from
 * an earlier visit) and a page view that made no choice sends nothing: that count cannot be known. In an
 * opt-out market, or one with no choice, every page view sends view_landing, so the views less the
 * choices estimate the page views that made none (a returning visitor's kept choice among them). Pure.
 */
import type { ConsentRow } from './query';
import type { FunnelLine } from './report';
import { ratio, type Ratio } from '../shared/ratio';

export interface ConsentLine {
  /** The market: the landing's country code. */
  country: string;
  /** The consent modes its choices named, in order; empty where none was made. */
  modes: string[];
  /** view_landing page views in the market. */
  views: number;
  accepted: number;
  refused: number;
  withdrawn: number;
  /**
   * Page views that made no choice, estimated as the views less the choices; null where that cannot be
   * known: an opt-in market (such a view sends nothing), or a market whose mode changed in the dates.
   */
  withoutChoice: number | null;
  /** Opt-in only: consented views with no acceptance in them, so kept from an earlier visit (views less accepted). */
  consentedBefore: number | null;
  /** Accepted among those who accepted or refused. */
  acceptShare: Ratio;
}

export function consentLines(rows: readonly ConsentRow[], countries: readonly FunnelLine[], minChoices: number): ConsentLine[] {
  const views = new Map(countries.map((line) => [String(line.country), line.views]));
  const markets = [...new Set([...views.keys(), ...rows.map((row) => row.country)])].sort();
  return markets.map((country) => {
    const own = rows.filter((row) => row.country === country);
    const sum = (pick: (row: ConsentRow) => number) => own.reduce((total, row) => total + pick(row), 0);
    const [accepted, refused, withdrawn] = [sum((row) => row.accepted), sum((row) => row.refused), sum((row) => row.withdrawn)];
    const modes = [...new Set(own.map((row) => row.consentMode ?? '?'))];
    const viewed = views.get(country) ?? 0;
    const optIn = modes.length === 1 && modes[0] === 'opt-in';
    const knowable = modes.length <= 1 && !optIn;
    return {
      country,
      modes,
      views: viewed,
      accepted,
      refused,
      withdrawn,
      withoutChoice: knowable ? Math.max(0, viewed - accepted - refused - withdrawn) : null,
      consentedBefore: optIn ? Math.max(0, viewed - accepted) : null,
      acceptShare: ratio(accepted, accepted + refused, minChoices),
    };
  });
}

export const CONSENT_TITLE = 'Consent per market';

export const CONSENT_HEADERS = [
  'market',
  'consent mode',
  'views',
  'accepted',
  'refused',
  'withdrew',
  'no choice (est.)',
  'accepted of accept + refuse',
];

/** What the columns can and cannot say, under the table: a marketer reads the estimate as one. */
export const CONSENT_NOTE = [
  'Each choice counts one page view (the choice names no page view). Views are view_landing page views.',
  'Opt-out, or no consent asked: no choice = views less all choices; it includes returning visitors whose earlier choice was kept.',
  'Opt-in: a page view sends nothing before a choice, so views are consented page views only and the page views that made no choice',
  'cannot be counted ("not measured"); views less acceptances (in brackets) are consented views whose acceptance was kept from an earlier visit.',
].join(' ');

export const NOT_MEASURED = 'not measured';

/** A line's cells, in CONSENT_HEADERS' order, with the figures' own formatting. */
export function consentCells(line: ConsentLine, count: (value: number) => string, share: (value: Ratio) => string): string[] {
  const noChoice =
    line.withoutChoice !== null
      ? count(line.withoutChoice)
      : line.consentedBefore !== null
        ? `${NOT_MEASURED} (${count(line.consentedBefore)})`
        : NOT_MEASURED;
  return [
    line.country,
    line.modes.length ? line.modes.join(', ') : 'no choice seen',
    count(line.views),
    count(line.accepted),
    count(line.refused),
    count(line.withdrawn),
    noChoice,
    share(line.acceptShare),
  ];
}
