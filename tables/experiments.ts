/**
 * Which landings run which A/B experiment, and the rules that tie an experiment to the other tables:
 * a running landing, texts in every language it runs in, placeholders the landing can fill, a call to
 * action where the landing has one, one experiment per id. The experiment's own shape is checked by
 * its schema (experiment-schema.ts), its creatives with every other creative (creative-files.ts).
 */
import type { ExperimentSpec, VariantSpec } from '../src/domain/experiments';
import { isPromotionClosed, isPromotionExpired } from '../src/domain/expiry';
import { entryName, redirectPathOf, type Landing } from '../src/domain/landings';
import { offerLayout } from '../src/domain/offer-families';
import { promotionFileName } from './promotion-files';
import type { FileProblem, Tables } from './tables';

/** Where an experiment is written: a landing's row (in its own file), or its slug's entry for every landing of the slug. */
export interface ExperimentEntry {
  /** "data/promotions/zenit/ru/bonus25000.json" or "data/slugs.json". */
  file: string;
  entry: string;
  /** Whether it is a landing's own, or its slug's. */
  of: 'landing' | 'slug';
}

/** The experiment a landing names, through its row or its slug, whether or not the landing still runs. */
export function namedExperiment(
  landing: Landing,
  tables: Pick<Tables, 'slugs'>,
): { experiment: ExperimentSpec; written: ExperimentEntry } | null {
  if (landing.row.experiment) {
    return {
      experiment: landing.row.experiment,
      written: { file: promotionFileName(landing), entry: entryName(landing), of: 'landing' },
    };
  }
  const experiment = tables.slugs[landing.slug]?.experiment;
  return experiment ? { experiment, written: { file: 'data/slugs.json', entry: landing.slug, of: 'slug' } } : null;
}

/** The experiment a landing runs at `now`: none before its first day or once it is over, since its address then redirects. */
export function runningExperiment(landing: Landing, tables: Pick<Tables, 'slugs'>, now: number): ExperimentSpec | null {
  if (isPromotionClosed(landing.row, now)) return null;
  return namedExperiment(landing, tables)?.experiment ?? null;
}

export interface ExperimentLanding {
  landing: Landing;
  experiment: ExperimentSpec;
}

/** Every landing running an experiment at `now`, in table order. */
export function experimentLandings(landings: readonly Landing[], tables: Pick<Tables, 'slugs'>, now: number): ExperimentLanding[] {
  return landings.flatMap((landing) => {
    const experiment = runningExperiment(landing, tables, now);
    return experiment ? [{ landing, experiment }] : [];
  });
}

/** The texts key a variant's field replaces on a landing: what the offer shows (features/offer, templates/landing-links.ts). */
export function replacedTextKey(field: keyof NonNullable<VariantSpec['texts']>[string], offerCopy: string): string | null {
  if (field === 'headline') return `offer.${offerCopy}.title`;
  if (field === 'offer') return `offer.${offerCopy}.text`;
  const layout = offerLayout(offerCopy);
  if (layout.appsHero) return null;
  return layout.plainInvitation ? 'cta.registerPlain' : 'cta.register';
}

/** The placeholders a landing fills in its offer texts (features/offer/offerTexts.ts); a call to action fills none. */
function fillable(field: string, slug: Tables['slugs'][string]): string[] {
  if (field === 'cta') return [];
  return ['brand', ...(slug.amount ? ['amount'] : []), ...(slug.spins ? ['count'] : [])];
}

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

export function checkExperiments(tables: Tables, landings: readonly Landing[], now: number): FileProblem[] {
  const problems: FileProblem[] = [];
  const add = (severity: FileProblem['severity'], written: ExperimentEntry, experiment: ExperimentSpec, message: string) => {
    const problem = { severity, file: written.file, entry: written.entry, message: `experiment "${experiment.id}": ${message}` };
    if (!problems.some((known) => known.file === problem.file && known.entry === problem.entry && known.message === problem.message)) {
      problems.push(problem);
    }
  };

  // One id, one experiment: its visitors' split is salted with the id, so two experiments sharing it would move together.
  const firstWritten = new Map<string, ExperimentEntry>();
  const written = [
    ...Object.entries(tables.slugs).map(([slug, spec]) => ({
      experiment: spec.experiment,
      at: { file: 'data/slugs.json', entry: slug, of: 'slug' } as const,
    })),
    ...tables.promotions.map((row) => ({
      experiment: row.experiment,
      at: { file: promotionFileName(row), entry: entryName(row), of: 'landing' } as const,
    })),
  ];
  for (const { experiment, at } of written) {
    if (!experiment) continue;
    const first = firstWritten.get(experiment.id);
    if (!first) firstWritten.set(experiment.id, at);
    else add('error', at, experiment, `the id is taken by ${first.file}: ${first.entry}; every experiment needs an id of its own`);
  }

  const languagesUsed = new Map<ExperimentSpec, { written: ExperimentEntry; used: Set<string> }>();
  for (const landing of landings) {
    const named = namedExperiment(landing, tables);
    if (!named) continue;
    const { experiment } = named;
    if (isPromotionExpired(landing.row.date, now)) {
      // A slug's experiment simply leaves its landings that are over; a row naming one for its own landing is a mistake.
      if (named.written.of === 'landing') {
        add(
          'error',
          named.written,
          experiment,
          `the landing is over and redirects to ${redirectPathOf(landing.row)}; an experiment needs a running landing`,
        );
      }
      continue;
    }
    if (!languagesUsed.has(experiment)) languagesUsed.set(experiment, { written: named.written, used: new Set() });
    languagesUsed.get(experiment)!.used.add(landing.country);
    const slug = tables.slugs[landing.slug];
    for (const variant of experiment.variants) {
      if (!variant.texts) continue;
      const texts = variant.texts[landing.country];
      if (!texts) {
        add(
          'error',
          named.written,
          experiment,
          `variant "${variant.id}" has no texts in "${landing.country}", the language of ${entryName(landing)}`,
        );
        continue;
      }
      for (const [field, text] of Object.entries(texts) as [keyof typeof texts, string][]) {
        if (replacedTextKey(field, slug.offer) === null) {
          add(
            'error',
            named.written,
            experiment,
            `variant "${variant.id}" sets a ${field}, but ${entryName(landing)} leads with the app downloads and has no such button`,
          );
        }
        const allowed = fillable(field, slug);
        const unknown = placeholdersOf(text).filter((name) => !allowed.includes(name));
        if (unknown.length) {
          const can = allowed.length ? `it fills ${allowed.map((name) => `{${name}}`).join(', ')}` : 'it fills none';
          add(
            'error',
            named.written,
            experiment,
            `variant "${variant.id}": the ${field} in "${landing.country}" has {${unknown.join('}, {')}}, which ${entryName(landing)} cannot fill (${can})`,
          );
        }
      }
    }
  }

  for (const [experiment, { written: at, used }] of languagesUsed) {
    for (const variant of experiment.variants) {
      const languages = Object.keys(variant.texts ?? {});
      const fields = new Set(languages.flatMap((language) => Object.keys(variant.texts![language])));
      for (const language of languages) {
        const missing = [...fields].filter((field) => !(field in variant.texts![language]));
        if (missing.length && used.has(language)) {
          add(
            'error',
            at,
            experiment,
            `variant "${variant.id}": the texts in "${language}" lack ${missing.join(', ')}, which another language of the variant has`,
          );
        }
        if (!used.has(language))
          add(
            'warning',
            at,
            experiment,
            `variant "${variant.id}" has texts in "${language}", a language none of its running landings is in`,
          );
      }
    }
  }
  return problems;
}
