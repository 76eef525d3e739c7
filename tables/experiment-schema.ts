/**
 * The shape of an A/B experiment, in a slug's entry of slugs.json or a landing's file in data/promotions/
 * (docs/promotions.md, "A/B experiments"). What needs the other tables (languages, creatives, whether the
 * landing runs) is checked in experiments.ts.
 */
import { z } from 'zod';
import { CONTROL, EXPERIMENT_ID, hasDifferences, LANDING_SECTIONS, VARIANT_ID } from '../src/domain/experiments';
import { copyText } from './copy-schema';
import { creativeFile } from './creative-schema';

const ID_RULE = 'lower-case latin letters and digits, with single "-" between them';

const variantTexts = z
  .strictObject({
    headline: copyText('headline').optional(),
    offer: copyText('offer').optional(),
    cta: copyText('cta').optional(),
  })
  .refine((texts) => Object.keys(texts).length > 0, 'texts of a language name at least one of headline, offer, cta');

const sections = z
  .array(z.enum(LANDING_SECTIONS))
  .refine(
    (order) => order.length === LANDING_SECTIONS.length && LANDING_SECTIONS.every((section) => order.includes(section)),
    `sections must name each of ${LANDING_SECTIONS.join(', ')} once, in the order shown`,
  );

const variantSchema = z.strictObject({
  id: z.string().regex(VARIANT_ID, `a variant id is up to 24 ${ID_RULE}`),
  weight: z.number().int('weight must be a whole number of percent').min(1, 'weight is at least 1 (%)').max(99, 'weight is at most 99 (%)'),
  /** Per language (the landing's country code): what the variant says instead of the control. */
  texts: z.record(z.string().regex(/^[a-z]{2}$/, 'texts are keyed by a two-letter language such as "ru"'), variantTexts).optional(),
  creative: creativeFile.optional(),
  sections: sections.optional(),
});

export const experimentSchema = z
  .strictObject({
    id: z.string().regex(EXPERIMENT_ID, `an experiment id is up to 40 ${ID_RULE}`),
    variants: z
      .array(variantSchema)
      .min(2, 'an experiment has 2 to 4 variants, the control included')
      .max(4, 'an experiment has 2 to 4 variants, the control included'),
    /** The relative lift it is planned to find, in percent: what the funnel report counts its days to. */
    lift: z
      .number()
      .int('lift must be a whole number of percent')
      .min(1, 'lift is at least 1 (%)')
      .max(100, 'lift is at most 100 (%)')
      .optional()
      .describe('The lift of registrations it is planned to find, relative, in whole percent; 10 when absent'),
  })
  .superRefine((experiment, context) => {
    const problem = (message: string) =>
      context.addIssue({ code: 'custom', message: `experiment "${experiment.id}": ${message}`, input: experiment });
    const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
    if (total !== 100) problem(`the weights add up to ${total}, not 100`);
    const ids = experiment.variants.map((variant) => variant.id);
    for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index))) problem(`variant id "${id}" is used more than once`);
    const control = experiment.variants.find((variant) => variant.id === CONTROL);
    if (!control) problem(`one variant must be "${CONTROL}", the landing as it is, with its weight`);
    else if (hasDifferences(control))
      problem(`"${CONTROL}" is the landing as it is: give its texts, creative or sections to another variant`);
  })
  .describe('An A/B experiment: 2–4 variants, one of them "control", with weights adding up to 100');

/**
 * Names the experiment and the variant a schema issue inside one is about ('experiment "x": variant "y": '),
 * read from the table as written; empty for an issue elsewhere or one that names them itself.
 */
export function experimentIssuePrefix(input: unknown, issuePath: readonly PropertyKey[], message: string): string {
  if (message.startsWith('experiment "')) return '';
  let node = input;
  let prefix = '';
  for (let index = 0; index < issuePath.length; index++) {
    const key = issuePath[index];
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    const id = node && typeof node === 'object' ? (node as { id?: unknown }).id : undefined;
    if (key === 'experiment' && typeof id === 'string') prefix += `experiment "${id}": `;
    if (issuePath[index - 1] === 'variants' && typeof key === 'number' && index < issuePath.length - 1) {
      prefix += typeof id === 'string' ? `variant "${id}": ` : `variant ${key + 1}: `;
    }
  }
  return prefix;
}
