/**
 * A market's rules as a landing carries them (docs/landings.md, "Markets: consent and notices"): how the
 * visitor's consent is asked, and the notices the market's regulator wants on a promotional page, already
 * in the landing's language and for its brand, so the template and the first-screen script read only
 * the page context.
 */
import { fillTemplate } from './text';

/** opt-in: nothing tracked before a choice; opt-out: a notice with a refusal, tracking until refused; none: no choice shown. */
export const CONSENT_MODES = ['opt-in', 'opt-out', 'none'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

/** Beside the offer, set apart from the advertising (where the regulator asks for it), or in the footer. */
export type NoticePlace = 'offer' | 'footer';

/** A piece of a notice line: plain text, or a link (the helpline's number or site). */
export interface NoticePart {
  text: string;
  href?: string;
}

export interface NoticeLine {
  /** What the line says: the age line, a text of the market's table, or the brand's operator. */
  kind: 'age' | NoticeText | 'operator';
  parts: NoticePart[];
}

export interface MarketNotices {
  place: NoticePlace;
  /** The block's heading ("Responsible gaming"); null when the market shows the age line alone. */
  title: string | null;
  /** In the order shown: the age line first. */
  lines: NoticeLine[];
}

export interface MarketContext {
  consent: ConsentMode;
  notices: MarketNotices;
}

/** The texts a market's table can add after the age line; each is "notice.<name>" in data/i18n. */
export const NOTICE_TEXTS = ['risk', 'help', 'health'] as const;
export type NoticeText = (typeof NOTICE_TEXTS)[number];

/** A market's table as the build reads it (tables/schemas.ts, "marketSchema"), for one brand. */
export interface MarketRules {
  consent: ConsentMode;
  notices?: {
    place: NoticePlace;
    age: number;
    lines: readonly NoticeText[];
    helpline?: { name: string; phone: string; tel: string; site: string };
    operator?: { name: string; licence?: string };
  };
}

export const DEFAULT_AGE = 18;

/** A site's address as a visitor reads it: no scheme, no "www.", no trailing slash. */
export function siteLabel(url: string): string {
  return url
    .replace(/^https:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/$/, '');
}

/** Splits a text at its {placeholders}, each becoming the part `values` gives it (a link, or text). */
export function noticeParts(template: string, values: Readonly<Record<string, NoticePart>>): NoticePart[] {
  const parts: NoticePart[] = [];
  let rest = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const value = values[match[1]];
    if (!value) continue;
    if (match.index > rest) parts.push({ text: template.slice(rest, match.index) });
    parts.push(value);
    rest = match.index + match[0].length;
  }
  if (rest < template.length) parts.push({ text: template.slice(rest) });
  return parts.reduce<NoticePart[]>((joined, part) => {
    const last = joined[joined.length - 1];
    if (last && last.href === undefined && part.href === undefined) last.text += part.text;
    else joined.push({ ...part });
    return joined;
  }, []);
}

/**
 * The landing's market context: the age line (alone when the table has no notices), then the table's
 * texts with the helpline's number and site as links, then the brand's operator line.
 */
export function marketContext(rules: MarketRules, texts: Readonly<Record<string, string>>): MarketContext {
  const notices = rules.notices;
  const age = notices?.age ?? DEFAULT_AGE;
  const lines: NoticeLine[] = [{ kind: 'age', parts: [{ text: fillTemplate(texts['notice.age'], { age }) }] }];
  if (!notices) return { consent: rules.consent, notices: { place: 'footer', title: null, lines } };
  const helpline = notices.helpline;
  const values: Record<string, NoticePart> = helpline
    ? {
        name: { text: helpline.name },
        phone: { text: helpline.phone, href: `tel:${helpline.tel}` },
        site: { text: siteLabel(helpline.site), href: helpline.site },
      }
    : {};
  for (const kind of notices.lines) lines.push({ kind, parts: noticeParts(texts[`notice.${kind}`], values) });
  const operator = notices.operator;
  if (operator) {
    const text = operator.licence
      ? fillTemplate(texts['notice.operatorLicence'], { operator: operator.name, licence: operator.licence })
      : fillTemplate(texts['notice.operator'], { operator: operator.name });
    lines.push({ kind: 'operator', parts: [{ text }] });
  }
  return { consent: rules.consent, notices: { place: notices.place, title: texts['footer.responsible'], lines } };
}
