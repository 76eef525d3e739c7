/**
 * Copy a visitor reads: the offer's headline, the line under it, the button, in the translations and in
 * an experiment's variants. Each kind has the length a 320 px phone still shows at 200 % text, measured
 * in the language that wraps most: a headline or an offer line at most two screens tall, a button at
 * most one. No copy carries markup: the page shows a text as written, so a tag would show as its letters.
 */
import { z } from 'zod';

export type CopyKind = 'headline' | 'offer' | 'cta' | 'text';

/** The most characters of each kind (as JavaScript counts them); other texts have no limit of their own. */
export const COPY_MAX: Readonly<Record<Exclude<CopyKind, 'text'>, number>> = { headline: 80, offer: 180, cta: 60 };

const KIND_NAMES: Record<Exclude<CopyKind, 'text'>, string> = { headline: 'a headline', offer: 'an offer line', cta: 'a button' };

const MARKUP = /<\s*\/?\s*[a-z!?]|javascript\s*:/i;

/** The kind of copy a key of data/i18n/*.json holds. */
export function copyKindOfKey(key: string): CopyKind {
  if (/^offer\.[^.]+\.title$/.test(key)) return 'headline';
  if (/^offer\.[^.]+\.text$/.test(key)) return 'offer';
  if (key.startsWith('cta.')) return 'cta';
  return 'text';
}

/** Why `text` has markup, or null. */
export function markupProblem(text: string): string | null {
  const markup = MARKUP.exec(text);
  return markup
    ? `has markup (${JSON.stringify(markup[0])}): the page shows copy as written, so write it without tags or script addresses`
    : null;
}

function tooLong(text: string, kind: Exclude<CopyKind, 'text'>): string {
  return `is ${text.length} characters; ${KIND_NAMES[kind]} shows whole on a 320 px phone at 200 % text up to ${COPY_MAX[kind]}: shorten it`;
}

/** Why `text` cannot be shown as copy of `kind`, or null. */
export function copyProblem(text: string, kind: CopyKind): string | null {
  const markup = markupProblem(text);
  if (markup || kind === 'text') return markup;
  return text.length > COPY_MAX[kind] ? tooLong(text, kind) : null;
}

/** A copy field of `kind`: at least one character, within its length (maxLength in the JSON Schema), without markup. */
export function copyText(kind: Exclude<CopyKind, 'text'>) {
  return z
    .string()
    .min(1)
    .max(COPY_MAX[kind], { error: (issue) => tooLong(String(issue.input), kind) })
    .refine((text) => !MARKUP.test(text), { error: (issue) => markupProblem(String(issue.input)) ?? '' });
}
