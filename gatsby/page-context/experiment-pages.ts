/**
 * One page per A/B variant (docs/promotions.md, "A/B experiments"): the landing's own context with what the
 * variant changes: its headline, offer line and call to action in the landing's language, its hero
 * creative, its order of the sections. The control is the landing's own page and gets none.
 */
import { CONTROL, variantPath, type ExperimentSpec, type VariantSpec } from '../../src/domain/experiments';
import type { Landing } from '../../src/domain/landings';
import type { LandingPageContext, ProcessedPicture } from '../../src/domain/page-context';
import { replacedTextKey } from '../../tables/experiments';
import { heroOf } from '../../tables/hero-creatives';
import type { Tables } from '../../tables/load';

export interface VariantPage {
  path: string;
  context: LandingPageContext;
}

function variantContext(
  landing: Landing,
  control: LandingPageContext,
  variant: VariantSpec,
  tables: Pick<Tables, 'slugs' | 'languages'>,
  heroes: Readonly<Record<string, ProcessedPicture>>,
): LandingPageContext {
  // The variant's words take the place of the keys the offer shows, so every part renders them unchanged.
  const texts = { ...control.texts };
  for (const [field, text] of Object.entries(variant.texts?.[landing.country] ?? {}) as [
    keyof NonNullable<VariantSpec['texts']>[string],
    string,
  ][]) {
    const key = replacedTextKey(field, control.offer.copy);
    if (key) texts[key] = text;
  }
  return {
    ...control,
    variant: variant.id,
    texts,
    sections: variant.sections ? [...variant.sections] : control.sections,
    hero: variant.creative ? heroOf(landing, tables, heroes, { source: 'variant', file: variant.creative }) : control.hero,
  };
}

/** The pages of the experiment's variants other than the control, each at its own path (variantPath). */
export function variantPages(
  landing: Landing,
  experiment: ExperimentSpec,
  control: LandingPageContext,
  tables: Pick<Tables, 'slugs' | 'languages'>,
  heroes: Readonly<Record<string, ProcessedPicture>> = {},
): VariantPage[] {
  return experiment.variants
    .filter((variant) => variant.id !== CONTROL)
    .map((variant) => ({
      path: variantPath(landing.path, experiment.id, variant.id),
      context: variantContext(landing, control, variant, tables, heroes),
    }));
}
