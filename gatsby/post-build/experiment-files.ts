/**
 * The A/B experiments running at build, written next to the built site for the host, as the redirects
 * are (redirect-files.ts): public/_experiments.nginx.conf for nginx (included in http {} by
 * deploy/promo.http.conf) and public/_experiments.json for the stand-in (server/host/build-experiments.ts).
 * Both answer from the addresses below, so they serve the same file for the same visitor.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CONTROL,
  CRAWLER_PATTERN,
  splitKey,
  variantMatchPath,
  variantPath,
  VISITOR_COOKIE,
  VISITOR_ID,
  visitorCookie,
  forgetVisitorCookie,
  type ExperimentSpec,
} from '../../src/domain/experiments';
import { CONSENT_COOKIE, CONSENT_VALUES, trackingAllowed, type ConsentMode } from '../../src/domain/consent';
import { CONSENT_MODES } from '../../src/domain/markets';
import { BASE_PATH } from '../../src/domain/paths';
import type { ExperimentLanding } from '../../tables/experiments';
import type { Landing } from '../../src/domain/landings';

export const EXPERIMENTS_JSON = '_experiments.json';
export const EXPERIMENTS_NGINX_CONF = '_experiments.nginx.conf';

/** An experiment as the host needs it: its split and the landings (site paths) it runs on. */
export interface HostExperiment {
  id: string;
  variants: { id: string; weight: number }[];
  landings: string[];
  /**
   * Each landing's market mode: the host assigns a visitor (and sets the visitor cookie) only where their
   * consent allows tracking (src/domain/consent.ts trackingAllowed); anyone else gets the landing itself.
   */
  consent: Record<string, ConsentMode>;
}

export function hostExperiments(running: readonly ExperimentLanding[], consentOf: (landing: Landing) => ConsentMode): HostExperiment[] {
  const byId = new Map<string, HostExperiment>();
  for (const { landing, experiment } of running) {
    const known = byId.get(experiment.id);
    if (known) {
      known.landings.push(landing.path);
      known.consent[landing.path] = consentOf(landing);
    } else
      byId.set(experiment.id, {
        id: experiment.id,
        variants: variantWeights(experiment),
        landings: [landing.path],
        consent: { [landing.path]: consentOf(landing) },
      });
  }
  return [...byId.values()];
}

const variantWeights = (experiment: ExperimentSpec) => experiment.variants.map(({ id, weight }) => ({ id, weight }));

const pageFile = (sitePath: string) => `${BASE_PATH}${sitePath}`;
const pageDataFile = (sitePath: string) => `${BASE_PATH}/page-data${sitePath}page-data.json`;

/** An address of an experiment's landing, and the file each variant but the control is served from there. */
export interface ExperimentAddress {
  address: string;
  experiment: string;
  files: Record<string, string>;
  /** The landing's market mode. */
  consent: ConsentMode;
}

/**
 * Every address that answers by the split: the landing's page (with and without index.html) and its page
 * data, which Gatsby's loader fetches for the address it is at. The control is the landing's own file.
 */
export function experimentAddresses(experiments: readonly HostExperiment[]): ExperimentAddress[] {
  return experiments.flatMap((experiment) =>
    experiment.landings.flatMap((landing) => {
      const others = experiment.variants.filter((variant) => variant.id !== CONTROL);
      const spelled = (file: (sitePath: string) => string) => ({
        address: file(landing),
        experiment: experiment.id,
        files: Object.fromEntries(others.map((variant) => [variant.id, file(variantPath(landing, experiment.id, variant.id))])),
        // An experiments file written before the modes were (a test's) counts as the strictest.
        consent: experiment.consent?.[landing] ?? 'opt-in',
      });
      return [spelled(pageFile), spelled((sitePath) => `${pageFile(sitePath)}index.html`), spelled(pageDataFile)];
    }),
  );
}

/**
 * Every file an experiment's address may be answered with, as the host names the file it finally serves
 * (nginx's $uri after try_files): these answers are per visitor, so never kept by a shared cache.
 */
export function experimentFiles(experiments: readonly HostExperiment[]): string[] {
  return experiments.flatMap((experiment) =>
    experiment.landings.flatMap((landing) =>
      [
        landing,
        ...experiment.variants
          .filter((variant) => variant.id !== CONTROL)
          .map((variant) => variantPath(landing, experiment.id, variant.id)),
      ].flatMap((sitePath) => [pageFile(sitePath), `${pageFile(sitePath)}index.html`, pageDataFile(sitePath)]),
    ),
  );
}

const quoted = (text: string) => `"${text}"`;

/** The market mode at every address and file of an experiment, as nginx's $uri names them before and after the rewrite. */
/**
 * The entries of nginx's map from "$promo_consent_mode:$cookie_promo_consent" to whether tracking is
 * allowed, written from the rule itself (src/domain/consent.ts trackingAllowed) so nginx cannot keep
 * another one: per mode, a pattern for any cookie (no choice, or a value the cookie never holds), and
 * the exact choices where they decide otherwise; nginx tries exact entries before patterns.
 */
export function consentedMapEntries(): string[] {
  const entries: string[] = [];
  for (const mode of CONSENT_MODES) {
    const withoutChoice = trackingAllowed(mode, null);
    if (withoutChoice) entries.push(`"~^${mode}:" 1;`);
    for (const value of CONSENT_VALUES)
      if (trackingAllowed(mode, value) !== withoutChoice) entries.push(`"${mode}:${value}" ${trackingAllowed(mode, value) ? '1' : '""'};`);
  }
  return entries;
}

export function consentByUri(experiments: readonly HostExperiment[]): Record<string, ConsentMode> {
  const modes: Record<string, ConsentMode> = {};
  for (const experiment of experiments)
    for (const landing of experiment.landings) {
      const mode = experiment.consent?.[landing] ?? 'opt-in';
      for (const file of experimentFiles([{ ...experiment, landings: [landing] }])) modes[file] = mode;
    }
  return modes;
}

/**
 * nginx's part: the visitor (a valid cookie, else this request's id), crawlers, one split_clients per
 * experiment over the visitor id salted with the experiment id (its last variant as "*": every hash has a
 * variant), then per address the file to serve, whether the answer is per visitor, and the cookie to set.
 * The maps read $uri, which the rewrite changes, so they are volatile: worked out anew after it.
 */
export function nginxExperimentsConf(experiments: readonly HostExperiment[]): string {
  const splitVariable = new Map(experiments.map((experiment, index) => [experiment.id, `$promo_experiment_${index + 1}`]));
  const addresses = experimentAddresses(experiments);
  const lines = [
    '# Generated by the build (gatsby/post-build/experiment-files.ts): the A/B experiments running at build (docs/promotions.md).',
    '# Included in http {} by deploy/promo.http.conf; reload nginx after every deploy.',
    '',
    `# The visitor: the ${VISITOR_COOKIE} cookie when it holds an id nginx gave, else this request's id (set as the cookie below).`,
    `map $cookie_${VISITOR_COOKIE} $promo_visitor {`,
    '    default $request_id;',
    `    ${quoted(`~${VISITOR_ID.source}`)} $cookie_${VISITOR_COOKIE};`,
    '}',
    `map $cookie_${VISITOR_COOKIE} $promo_visitor_known {`,
    '    default "";',
    `    ${quoted(`~${VISITOR_ID.source}`)} 1;`,
    '}',
    '# Crawlers and link previews are never assigned: they get the control and no cookie.',
    'map $http_user_agent $promo_crawler {',
    '    default "";',
    `    ${quoted(`~*(?:${CRAWLER_PATTERN})`)} 1;`,
    '}',
    `# The market's consent mode at an experiment address and in the files served there (docs/landings.md, "Tracking and consent").`,
    'map $uri $promo_consent_mode {',
    '    volatile;',
    '    default "";',
    ...Object.entries(consentByUri(experiments)).map(([uri, mode]) => `    ${quoted(uri)} ${mode};`),
    '}',
    `# Whether the visitor's choice (the ${CONSENT_COOKIE} cookie) allows tracking there (src/domain/consent.ts trackingAllowed):`,
    '# only then is the visitor assigned and given the visitor cookie; anyone else gets the landing itself and no cookie.',
    `map "$promo_consent_mode:$cookie_${CONSENT_COOKIE}" $promo_consented {`,
    '    volatile;',
    '    default "";',
    ...consentedMapEntries().map((entry) => `    ${entry}`),
    '}',
    '',
  ];
  for (const experiment of experiments) {
    lines.push(
      `# ${experiment.id}: ${experiment.variants.map((variant) => `${variant.id} ${variant.weight}%`).join(', ')}; on ${experiment.landings.join(' ')}`,
      `split_clients ${quoted(splitKey('${promo_visitor}', experiment.id))} ${splitVariable.get(experiment.id)} {`,
      ...experiment.variants.map((variant, index) =>
        index === experiment.variants.length - 1 ? `    * ${variant.id};` : `    ${variant.weight}% ${variant.id};`,
      ),
      '}',
      '',
    );
  }
  lines.push(
    '# The variant this visitor is in at an experiment address ("" elsewhere, for crawlers, and without consent).',
    'map "$promo_crawler:$promo_consented:$uri" $promo_arm {',
    '    volatile;',
    '    default "";',
    ...addresses.map((entry) => `    ${quoted(`:1:${entry.address}`)} ${splitVariable.get(entry.experiment)};`),
    '}',
    '# The variant page served there instead of the landing ("" for the control).',
    'map "$uri $promo_arm" $promo_variant_uri {',
    '    volatile;',
    '    default "";',
    ...addresses.flatMap((entry) =>
      Object.entries(entry.files).map(([variant, file]) => `    ${quoted(`${entry.address} ${variant}`)} ${file};`),
    ),
    '}',
    '# Answers that differ per visitor: the landing and variant files of every experiment address.',
    'map $uri $promo_experiment_response {',
    '    volatile;',
    '    default "";',
    ...[...new Set(experimentFiles(experiments))].map((file) => `    ${file} 1;`),
    '}',
    '# The visitor cookie, set with such an answer when the visitor (not a crawler, consent given) came without a valid one;',
    '# dropped from a visitor who has it and whose choice no longer allows tracking (a withdrawal, or none made).',
    'map "$promo_experiment_response:$promo_crawler:$promo_consented:$promo_visitor_known" $promo_set_cookie {',
    '    default "";',
    `    "1::1:" ${quoted(visitorCookie('$promo_visitor'))};`,
    `    "1:::1" ${quoted(forgetVisitorCookie())};`,
    `    "1:1::1" ${quoted(forgetVisitorCookie())};`,
    '}',
    '',
  );
  return lines.join('\n');
}

export function writeExperimentFiles(publicDir: string, experiments: readonly HostExperiment[]): void {
  fs.writeFileSync(path.join(publicDir, EXPERIMENTS_JSON), `${JSON.stringify({ experiments }, null, 2)}\n`);
  fs.writeFileSync(path.join(publicDir, EXPERIMENTS_NGINX_CONF), nginxExperimentsConf(experiments));
}

/**
 * Gatsby's router renders a page only at its page data's path (or matchPath). A variant's page data is
 * answered at its landing's address too, so it is given a matchPath that covers both addresses; only its
 * page-data.json carries it, never Gatsby's match-paths list, so no other address resolves to the page.
 */
export function pointVariantPageData(publicDir: string, experiments: readonly HostExperiment[]): void {
  for (const experiment of experiments) {
    for (const landing of experiment.landings) {
      for (const variant of experiment.variants.filter((candidate) => candidate.id !== CONTROL)) {
        const file = path.join(
          publicDir,
          'page-data',
          ...variantPath(landing, experiment.id, variant.id).split('/').filter(Boolean),
          'page-data.json',
        );
        const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
        const matchPath = variantMatchPath(landing);
        if (data.matchPath !== matchPath) fs.writeFileSync(file, JSON.stringify({ ...data, matchPath }));
      }
    }
  }
}
